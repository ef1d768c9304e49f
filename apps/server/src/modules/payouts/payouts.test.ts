import { PAYOUT_PATHS } from '@marco/contract/payouts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { createApprovedGuide, type TestGuide } from '../../../test/guide-factories.js';
import { completeTour, verifyBankOf } from '../../../test/payout-factories.js';
import { createStaff, type TestStaff } from '../../../test/staff-factories.js';
import { auditLog, guideAccountEntries } from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';
import { holdEarnings, releaseEarningsHold } from './holds.js';
import { runScheduledPayouts } from './payout-runs.js';

const S = PAYOUT_PATHS.staff;
const DAY = 86_400_000;
// A Monday: the default payout weekday.
const clock = new ManualClock('2026-11-02T09:00:00Z');
const daysAgo = (days: number) => new Date(clock.now().getTime() - days * DAY);

let t: TestApp;
let finance: TestStaff;
let tourist: TestUser;
let paid: TestGuide;
let held: TestGuide;
let unverified: TestGuide;
let small: TestGuide;
let heldHoldId: string;

const get = (url: string, user: { headers: Record<string, string> }) =>
  t.app.inject({ method: 'GET', url, headers: user.headers });
const post = (url: string, user: { headers: Record<string, string> }, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, payload });
const balanceOf = async (guide: TestGuide) => {
  const response = await get(PAYOUT_PATHS.guide, guide.user);
  expect(response.statusCode).toBe(200);
  return response.json();
};

beforeAll(async () => {
  t = await createTestApp({ clock, env: { PAYOUT_MINIMUM_TRY_MINOR: '10000' } });
  const { db } = t.database;
  finance = await createStaff(t.app, db, { roles: ['finance'] });
  tourist = await createUser(t.app);
  [paid, held, unverified, small] = [
    await createApprovedGuide(t.app, db, { name: 'Ayse', rate: { minor: 5000, currency: 'TRY' } }),
    await createApprovedGuide(t.app, db, { name: 'Burak', rate: { minor: 5000, currency: 'TRY' } }),
    await createApprovedGuide(t.app, db, { name: 'Cem', rate: { minor: 5000, currency: 'TRY' } }),
    await createApprovedGuide(t.app, db, { name: 'Deniz', rate: { minor: 5000, currency: 'TRY' } }),
  ];
  const tour = (guide: TestGuide, grossMinor: number, days: number) =>
    completeTour(db, { guideId: guide.guideId, touristId: tourist.userId, grossMinor, completedAt: daysAgo(days) });
  await tour(paid, 30_000, 10);
  await tour(paid, 20_000, 2);
  const disputed = await tour(held, 40_000, 10);
  heldHoldId = await holdEarnings(db, {
    reservationId: disputed.reservationId,
    guideUserId: held.user.userId,
    reason: 'dispute',
    now: clock.now(),
  });
  await tour(unverified, 40_000, 10);
  await tour(small, 5_000, 10);
  for (const guide of [paid, held, small]) await verifyBankOf(t.app, finance, guide.user.userId);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('payouts', () => {
  it('shows a guide what is available, what is held in the hold period and the bank account masked', async () => {
    const body = await balanceOf(paid);
    expect(body.balances).toEqual([
      { currency: 'TRY', availableMinor: 30_000, heldMinor: 20_000, pendingMinor: 0, paidMinor: 0 },
    ]);
    expect(body.holdDays).toBe(7);
    expect(body.bankAccount.iban).toMatch(/^TR33•+1326$/);
    expect(body.bankAccount.verifiedAt).not.toBeNull();
    expect((await balanceOf(held)).balances[0]).toMatchObject({ availableMinor: 0, heldMinor: 40_000 });
    expect((await balanceOf(unverified)).bankAccount.verifiedAt).toBeNull();
  });

  it('lists unverified bank accounts to finance with the whole IBAN', async () => {
    const response = await get('/api/app/staff/bank-accounts', finance);
    expect(response.statusCode).toBe(200);
    const mine = response
      .json()
      .data.find((row: { guideUserId: string }) => row.guideUserId === unverified.user.userId);
    expect(mine.iban).toBe('TR330006100519786457841326');
  });

  it('runs a batch for verified guides at the minimum, leaving out held, unverified and small balances', async () => {
    const run = await post(`${S}/runs`, finance, {});
    expect(run.statusCode).toBe(200);
    const [batch] = run.json().batches;
    expect(run.json().batches).toHaveLength(1);
    expect(batch).toMatchObject({ currency: 'TRY', status: 'review', payoutCount: 1, totalMinor: 30_000 });
    const detail = (await get(`${S}/batches/${batch.id}`, finance)).json();
    expect(detail.payouts).toEqual([
      expect.objectContaining({
        guideUserId: paid.user.userId,
        amountMinor: 30_000,
        status: 'pending',
        iban: 'TR330006100519786457841326',
        isHeld: false,
      }),
    ]);
    expect((await balanceOf(paid)).balances[0]).toMatchObject({ availableMinor: 0, pendingMinor: 30_000 });

    const again = await post(`${S}/runs`, finance, { currency: 'TRY' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'INVALID_STATE', details: { reason: 'batch_open' } });
    expect((await post(`${S}/runs`, finance, {})).json().batches).toEqual([]);
  });

  it('exports TRY as CSV, marks it sent, and debits the ledger once, with every step in the audit log', async () => {
    const [batch] = (await get(`${S}/batches`, finance)).json().data;
    const early = await post(`${S}/batches/${batch.id}/sent`, finance);
    expect(early.statusCode).toBe(409);

    const file = await post(`${S}/batches/${batch.id}/export`, finance);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toMatch(/marco-payouts-2026-11-02-TRY\.csv/);
    const lines = file.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('payout_id,beneficiary_name,iban,bic,amount,currency,reference');
    expect(lines[1]).toMatch(/,Ayşe Yılmaz,TR330006100519786457841326,TCZBTR2A,300\.00,TRY,Marco payout [0-9a-f]{32}$/);

    const sent = await post(`${S}/batches/${batch.id}/sent`, finance);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'sent', payouts: [expect.objectContaining({ status: 'sent' })] });
    expect((await post(`${S}/batches/${batch.id}/sent`, finance)).statusCode).toBe(409);

    const figures = await balanceOf(paid);
    expect(figures.balances[0]).toMatchObject({
      availableMinor: 0,
      pendingMinor: 0,
      paidMinor: 30_000,
      heldMinor: 20_000,
    });
    expect(figures.payouts).toEqual([expect.objectContaining({ status: 'sent', amountMinor: 30_000 })]);
    const debits = await t.database.db
      .select()
      .from(guideAccountEntries)
      .where(eq(guideAccountEntries.guideUserId, paid.user.userId));
    expect(debits.map((row) => [row.kind, row.amountMinor])).toEqual([['payout', -30_000]]);

    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorUserId, finance.userId));
    expect(actions.map((row) => row.action)).toEqual(
      expect.arrayContaining(['bank_account.verify', 'payout.run', 'payout.export', 'payout.send']),
    );
  });

  it('makes a payout the bank returned available again, once', async () => {
    const figures = await balanceOf(paid);
    const payoutId = figures.payouts[0].id;
    expect((await post(`${S}/payouts/${payoutId}/returned`, finance, { reason: '' })).statusCode).toBe(400);
    const returned = await post(`${S}/payouts/${payoutId}/returned`, finance, { reason: 'Account closed' });
    expect(returned.statusCode).toBe(200);
    expect(returned.json().payouts[0]).toMatchObject({ status: 'returned', returnReason: 'Account closed' });
    const again = await post(`${S}/payouts/${payoutId}/returned`, finance, { reason: 'Account closed' });
    expect(again.statusCode).toBe(409);
    expect((await balanceOf(paid)).balances[0]).toMatchObject({ availableMinor: 30_000, paidMinor: 0 });
  });

  it('refuses to export a batch while a guide in it is held (409), until finance removes the payout', async () => {
    const [batch] = (await post(`${S}/runs`, finance, { currency: 'TRY' })).json().batches;
    const detail = (await get(`${S}/batches/${batch.id}`, finance)).json();
    const [payout] = detail.payouts;
    expect(payout.guideUserId).toBe(paid.user.userId);
    const reservation = await completeTour(t.database.db, {
      guideId: paid.guideId,
      touristId: tourist.userId,
      grossMinor: 1_000,
      completedAt: daysAgo(1),
    });
    await holdEarnings(t.database.db, {
      reservationId: reservation.reservationId,
      guideUserId: paid.user.userId,
      reason: 'dispute',
      now: clock.now(),
    });
    const refused = await post(`${S}/batches/${batch.id}/export`, finance);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.details).toEqual({ reason: 'earnings_held', payoutIds: [payout.id] });
    expect((await get(`${S}/batches/${batch.id}`, finance)).json()).toMatchObject({ status: 'review' });

    const removed = await post(`${S}/payouts/${payout.id}/remove`, finance);
    expect(removed.statusCode).toBe(200);
    // Its last payout gone, the batch is cancelled and no longer holds the currency's next run back.
    expect(removed.json()).toMatchObject({
      status: 'cancelled',
      payoutCount: 0,
      payouts: [expect.objectContaining({ status: 'removed' })],
    });
    const cancelled = await post(`${S}/batches/${batch.id}/export`, finance);
    expect(cancelled.json().error).toMatchObject({ code: 'INVALID_STATE', details: { reason: 'batch_cancelled' } });
    expect((await balanceOf(paid)).balances[0]).toMatchObject({ availableMinor: 30_000, pendingMinor: 0 });
  });

  it('leaves held guides out of the weekly run until the hold ends, and runs on the payout weekday only', async () => {
    const { db } = t.database;
    const batchCount = async () => (await get(`${S}/batches`, finance)).json().data.length;
    const before = await batchCount();
    await runScheduledPayouts(db, t.app.deps);
    expect(await batchCount()).toBe(before);

    await releaseEarningsHold(db, heldHoldId, clock.now());
    clock.advance(86_400);
    await runScheduledPayouts(db, t.app.deps);
    expect(await batchCount()).toBe(before);

    clock.advance(6 * 86_400);
    await runScheduledPayouts(db, t.app.deps);
    const [batch] = (await get(`${S}/batches`, finance)).json().data;
    expect(batch).toMatchObject({ currency: 'TRY', createdBy: null, payoutCount: 1, totalMinor: 40_000 });
    expect((await get(`${S}/batches/${batch.id}`, finance)).json().payouts[0].guideUserId).toBe(held.user.userId);
  });
});
