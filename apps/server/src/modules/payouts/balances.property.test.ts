import { PAYOUT_PATHS } from '@marco/contract/payouts';
import { and, eq, sql, sum } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { createApprovedGuide, type TestGuide } from '../../../test/guide-factories.js';
import { completeTour, verifyBankOf } from '../../../test/payout-factories.js';
import { createStaff, type TestStaff } from '../../../test/staff-factories.js';
import { guideAccountEntries, ledgerEntries, payments } from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';
import { refundPayment } from '../payments/money.js';
import { guideMoneyOf } from './balances.js';
import { debitGuide } from './holds.js';

const S = PAYOUT_PATHS.staff;
// Time stands still (sessions stay valid): completions land on either side of the hold period instead.
const clock = new ManualClock('2026-11-02T09:00:00Z');
let t: TestApp;
let finance: TestStaff;
let tourist: TestUser;
let guides: TestGuide[];
/** What each guide is owed, kept by the test from the operations alone (commission 0). */
const expected = new Map<string, number>();
const tours: {
  guide: TestGuide;
  paymentId: string;
  reservation: { id: string; guideUserId: string; startsAt: Date };
}[] = [];

beforeAll(async () => {
  t = await createTestApp({ clock, env: { PAYOUT_MINIMUM_TRY_MINOR: '1000', PAYOUT_HOLD_DAYS: '7' } });
  const { db } = t.database;
  finance = await createStaff(t.app, db, { roles: ['finance'] });
  tourist = await createUser(t.app);
  guides = [
    await createApprovedGuide(t.app, db, { rate: { minor: 5000, currency: 'TRY' } }),
    await createApprovedGuide(t.app, db, { rate: { minor: 5000, currency: 'TRY' } }),
  ];
  for (const guide of guides) {
    await verifyBankOf(t.app, finance, guide.user.userId);
    expected.set(guide.user.userId, 0);
  }
}, 120_000);
afterAll(() => t?.close());

/** The guide's ledger: payment movements and the others (payouts, returns, penalties), summed. */
async function ledgerSum(guideUserId: string): Promise<number> {
  const { db } = t.database;
  const [[fromPayments], [others]] = await Promise.all([
    db
      .select({ value: sum(ledgerEntries.amountMinor).mapWith(Number) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.account, 'guide'), eq(ledgerEntries.guideUserId, guideUserId))),
    db
      .select({ value: sum(guideAccountEntries.amountMinor).mapWith(Number) })
      .from(guideAccountEntries)
      .where(eq(guideAccountEntries.guideUserId, guideUserId)),
  ]);
  return (fromPayments?.value ?? 0) + (others?.value ?? 0);
}

async function figures(guideUserId: string) {
  const money = await guideMoneyOf(t.database.db, [guideUserId], { now: clock.now(), holdDays: 7 });
  return (
    money.get(guideUserId)?.balances.get('TRY') ?? { availableMinor: 0, heldMinor: 0, pendingMinor: 0, paidMinor: 0 }
  );
}

const post = (url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: finance.headers, payload });

type Step =
  | { kind: 'complete'; guide: number; grossMinor: number; daysAgo: number }
  | { kind: 'refund'; tour: number; share: number }
  | { kind: 'penalty'; guide: number; amountMinor: number }
  | { kind: 'payout' }
  | { kind: 'return' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('complete' as const),
    guide: fc.nat(1),
    grossMinor: fc.integer({ min: 1, max: 90_000 }),
    daysAgo: fc.nat(14),
  }),
  fc.record({
    kind: fc.constant('refund' as const),
    tour: fc.nat(),
    share: fc.double({ min: 0.01, max: 1, noNaN: true }),
  }),
  fc.record({
    kind: fc.constant('penalty' as const),
    guide: fc.nat(1),
    amountMinor: fc.integer({ min: 1, max: 20_000 }),
  }),
  fc.constant({ kind: 'payout' as const }),
  fc.constant({ kind: 'return' as const }),
);

async function apply(operation: Step): Promise<void> {
  const { db } = t.database;
  const now = clock.now();
  switch (operation.kind) {
    case 'complete': {
      const guide = guides[operation.guide] as TestGuide;
      const tour = await completeTour(db, {
        guideId: guide.guideId,
        touristId: tourist.userId,
        grossMinor: operation.grossMinor,
        completedAt: new Date(now.getTime() - operation.daysAgo * 86_400_000),
      });
      tours.push({ guide, paymentId: tour.paymentId, reservation: tour.reservation });
      expected.set(guide.user.userId, (expected.get(guide.user.userId) ?? 0) + operation.grossMinor);
      return;
    }
    case 'refund': {
      const tour = tours[operation.tour % Math.max(tours.length, 1)];
      if (!tour) return;
      await db.transaction(async (tx) => {
        const [payment] = await tx.select().from(payments).where(eq(payments.id, tour.paymentId));
        if (payment?.status !== 'paid') return;
        const remaining = payment.amountMinor - payment.refundedMinor;
        const amountMinor = Math.max(1, Math.floor(remaining * operation.share));
        const refund = await refundPayment(tx as never, payment, tour.reservation, now, {
          cause: 'staff',
          amountMinor,
        });
        if (refund) {
          const userId = tour.guide.user.userId;
          expected.set(userId, (expected.get(userId) ?? 0) - amountMinor);
        }
      });
      return;
    }
    case 'penalty': {
      const guide = guides[operation.guide] as TestGuide;
      await debitGuide(db, {
        guideUserId: guide.user.userId,
        currency: 'TRY',
        amountMinor: operation.amountMinor,
        reason: 'penalty',
        now,
      });
      expected.set(guide.user.userId, (expected.get(guide.user.userId) ?? 0) - operation.amountMinor);
      return;
    }
    case 'payout': {
      const before = new Map<string, number>();
      for (const guide of guides) before.set(guide.user.userId, (await figures(guide.user.userId)).availableMinor);
      const run = await post(`${S}/runs`, { currency: 'TRY' });
      expect(run.statusCode).toBe(200);
      const [batch] = run.json().batches;
      if (!batch) return;
      const detail = (
        await t.app.inject({ method: 'GET', url: `${S}/batches/${batch.id}`, headers: finance.headers })
      ).json();
      for (const payout of detail.payouts) {
        expect(payout.amountMinor).toBe(before.get(payout.guideUserId));
        expect(payout.amountMinor).toBeGreaterThanOrEqual(1000);
      }
      expect((await post(`${S}/batches/${batch.id}/export`)).statusCode).toBe(200);
      expect((await post(`${S}/batches/${batch.id}/sent`)).statusCode).toBe(200);
      for (const payout of detail.payouts) {
        const userId = payout.guideUserId as string;
        expected.set(userId, (expected.get(userId) ?? 0) - payout.amountMinor);
        // Paid out exactly what was available: nothing more, so the payout alone never overdraws.
        expect((await figures(userId)).availableMinor).toBe(0);
        expect(await ledgerSum(userId)).toBeGreaterThanOrEqual(0);
      }
      return;
    }
    case 'return': {
      const [sent] = await db
        .select({
          id: guideAccountEntries.payoutId,
          userId: guideAccountEntries.guideUserId,
          amount: guideAccountEntries.amountMinor,
        })
        .from(guideAccountEntries)
        .where(
          and(
            eq(guideAccountEntries.kind, 'payout'),
            sql`not exists (select 1 from guide_account_entries r where r.payout_id = ${guideAccountEntries.payoutId} and r.kind = 'payout_return')`,
          ),
        )
        .limit(1);
      if (!sent?.id) return;
      expect((await post(`${S}/payouts/${sent.id}/returned`, { reason: 'Account closed' })).statusCode).toBe(200);
      expected.set(sent.userId, (expected.get(sent.userId) ?? 0) - sent.amount);
      return;
    }
  }
}

describe('guide balances under random money movements', () => {
  it('keep every guide ledger equal to available + held + pending, to the cent, and payouts never overdraw', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const operation of steps) {
          await apply(operation);
          for (const guide of guides) {
            const userId = guide.user.userId;
            const total = await ledgerSum(userId);
            const money = await figures(userId);
            expect(total).toBe(expected.get(userId));
            expect(money.availableMinor + money.heldMinor + money.pendingMinor).toBe(total);
          }
        }
      }),
      { numRuns: 15 },
    );
  }, 300_000);
});
