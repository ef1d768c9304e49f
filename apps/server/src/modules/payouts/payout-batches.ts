import {
  type GuidePayouts,
  maskIban,
  type PayoutBatch,
  type PayoutBatchList,
  type PayoutBatchSummary,
  type PayoutStatus,
  type StaffPayout,
} from '@marco/contract/payouts';
import { and, count, desc, eq, inArray, isNull, ne, sum } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { earningHolds, guideAccountEntries, payoutBatches, payouts, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { uuidv7 } from '../../platform/uuid-v7.js';
import { findGuideByUser } from '../guides/guide-profile.js';
import { recordStaffAction, type StaffActor } from '../staff/audit.js';
import { guideMoneyOf, sortedBalances } from './balances.js';
import { findBankAccountOfUser, toBankAccountStatus } from './bank-accounts.js';
import { payoutCsv, sepaCreditTransfer } from './payout-files.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type PayoutDeps = Pick<AppDeps, 'db' | 'config' | 'clock'>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const BATCH_LIST_LIMIT = 50;
const GUIDE_HISTORY_LIMIT = 50;

/** Batches by id with the count and total of the payouts still in them (not removed). */
export async function summariesOf(db: Db, ids: string[]): Promise<PayoutBatchSummary[]> {
  if (!ids.length) return [];
  const [batches, totals] = await Promise.all([
    db.select().from(payoutBatches).where(inArray(payoutBatches.id, ids)).orderBy(desc(payoutBatches.createdAt)),
    db
      .select({ batchId: payouts.batchId, count: count(), total: sum(payouts.amountMinor).mapWith(Number) })
      .from(payouts)
      .where(and(inArray(payouts.batchId, ids), ne(payouts.status, 'removed')))
      .groupBy(payouts.batchId),
  ]);
  const byBatch = new Map(totals.map((row) => [row.batchId, row]));
  return batches.map((batch) => ({
    id: batch.id,
    currency: batch.currency as PayoutBatchSummary['currency'],
    status: batch.status as PayoutBatchSummary['status'],
    payoutCount: byBatch.get(batch.id)?.count ?? 0,
    totalMinor: byBatch.get(batch.id)?.total ?? 0,
    createdBy: batch.createdBy,
    createdAt: batch.createdAt.toISOString(),
    exportedAt: iso(batch.exportedAt),
    sentAt: iso(batch.sentAt),
  }));
}

/** The newest batches first (payout_batches_created). */
export async function listPayoutBatches(db: Db): Promise<PayoutBatchList> {
  const rows = await db
    .select({ id: payoutBatches.id })
    .from(payoutBatches)
    .orderBy(desc(payoutBatches.createdAt))
    .limit(BATCH_LIST_LIMIT);
  return {
    data: await summariesOf(
      db,
      rows.map((row) => row.id),
    ),
  };
}

async function batchOrThrow(db: Db | Tx, batchId: string, lock = false) {
  const query = db.select().from(payoutBatches).where(eq(payoutBatches.id, batchId));
  const [batch] = lock ? await query.for('update') : await query;
  if (!batch) throw new AppError('NOT_FOUND', 'No such payout batch');
  return batch;
}

/** A batch with its payouts for finance (whole bank details) and which guides are held now. */
export async function getPayoutBatch(db: Db, batchId: string): Promise<PayoutBatch> {
  await batchOrThrow(db, batchId);
  const [summary] = await summariesOf(db, [batchId]);
  const rows = await db
    .select({ payout: payouts, name: users.name, surname: users.surname })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.guideUserId))
    .where(eq(payouts.batchId, batchId))
    .orderBy(payouts.holderName, payouts.id);
  const held = await heldGuidesOf(
    db,
    rows.map((row) => row.payout.guideUserId),
  );
  if (!summary) throw new Error('batch summary missing');
  return {
    ...summary,
    payouts: rows.map(
      ({ payout, name, surname }): StaffPayout => ({
        id: payout.id,
        guideUserId: payout.guideUserId,
        guideName: [name, surname].filter(Boolean).join(' '),
        amountMinor: payout.amountMinor,
        status: payout.status as PayoutStatus,
        holderName: payout.holderName,
        iban: payout.iban,
        swift: payout.swift,
        isHeld: held.has(payout.guideUserId),
        returnedAt: iso(payout.returnedAt),
        returnReason: payout.returnReason,
      }),
    ),
  };
}

/** Guides among `guideUserIds` with an open hold on some earning (earning_holds_active_guide). */
async function heldGuidesOf(db: Db | Tx, guideUserIds: string[]): Promise<Set<string>> {
  if (!guideUserIds.length) return new Set();
  const rows = await db
    .selectDistinct({ guideUserId: earningHolds.guideUserId })
    .from(earningHolds)
    .where(and(inArray(earningHolds.guideUserId, guideUserIds), isNull(earningHolds.releasedAt)));
  return new Set(rows.map((row) => row.guideUserId));
}

export interface PayoutFile {
  filename: string;
  contentType: string;
  body: string;
}

/**
 * Makes the bank file of a batch in review (or again, of an exported one) and marks it
 * exported. 409 while a payout in it belongs to a guide with held earnings (finance removes
 * it first), or when nothing is left in it.
 */
export async function exportPayoutBatch(deps: PayoutDeps, actor: StaffActor, batchId: string): Promise<PayoutFile> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const batch = await batchOrThrow(tx, batchId, true);
    if (batch.status === 'sent' || batch.status === 'cancelled') {
      throw new AppError('INVALID_STATE', `This batch was ${batch.status} already`, {
        reason: `batch_${batch.status}`,
      });
    }
    const rows = await tx
      .select()
      .from(payouts)
      .where(and(eq(payouts.batchId, batchId), eq(payouts.status, 'pending')))
      .orderBy(payouts.holderName, payouts.id);
    if (!rows.length) throw new Error('a batch with no pending payout is cancelled');
    const held = await heldGuidesOf(
      tx,
      rows.map((row) => row.guideUserId),
    );
    if (held.size) {
      throw new AppError(
        'INVALID_STATE',
        'An open case holds earnings of a guide in this batch: remove their payout first',
        {
          reason: 'earnings_held',
          payoutIds: rows.filter((row) => held.has(row.guideUserId)).map((row) => row.id),
        },
      );
    }
    await tx.update(payoutBatches).set({ status: 'exported', exportedAt: now }).where(eq(payoutBatches.id, batchId));
    await recordStaffAction(tx, actor, {
      action: 'payout.export',
      targetType: 'payout_batch',
      targetId: batchId,
      before: { status: batch.status },
      after: { status: 'exported', payoutCount: rows.length },
      at: now,
    });
    const fileBatch = { id: batch.id, currency: batch.currency, createdAt: batch.createdAt, payouts: rows };
    const day = now.toISOString().slice(0, 10);
    if (batch.currency === 'EUR') {
      const debtor = {
        name: deps.config.PAYOUT_DEBTOR_NAME,
        iban: deps.config.PAYOUT_DEBTOR_IBAN,
        bic: deps.config.PAYOUT_DEBTOR_BIC,
      };
      return {
        filename: `marco-payouts-${day}-${batch.currency}.xml`,
        contentType: 'application/xml; charset=utf-8',
        body: sepaCreditTransfer(fileBatch, debtor, day),
      };
    }
    return {
      filename: `marco-payouts-${day}-${batch.currency}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: payoutCsv(fileBatch),
    };
  });
}

/** The bank took the exported file: every payout in it is sent and debits its guide's ledger. */
export async function markPayoutBatchSent(deps: PayoutDeps, actor: StaffActor, batchId: string): Promise<PayoutBatch> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const batch = await batchOrThrow(tx, batchId, true);
    if (batch.status !== 'exported') {
      throw new AppError('INVALID_STATE', 'Only an exported batch can be marked sent', {
        reason: batch.status === 'sent' ? 'batch_sent' : 'batch_not_exported',
      });
    }
    const sent = await tx
      .update(payouts)
      .set({ status: 'sent', sentAt: now })
      .where(and(eq(payouts.batchId, batchId), eq(payouts.status, 'pending')))
      .returning();
    if (sent.length) {
      await tx.insert(guideAccountEntries).values(
        sent.map((payout) => ({
          id: uuidv7(now),
          guideUserId: payout.guideUserId,
          kind: 'payout',
          currency: payout.currency,
          amountMinor: -payout.amountMinor,
          payoutId: payout.id,
          createdAt: now,
        })),
      );
    }
    await tx.update(payoutBatches).set({ status: 'sent', sentAt: now }).where(eq(payoutBatches.id, batchId));
    await recordStaffAction(tx, actor, {
      action: 'payout.send',
      targetType: 'payout_batch',
      targetId: batchId,
      before: { status: 'exported' },
      after: { status: 'sent', payoutCount: sent.length },
      at: now,
    });
  });
  return getPayoutBatch(deps.db, batchId);
}

async function payoutOrThrow(tx: Tx, payoutId: string) {
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
  if (!payout) throw new AppError('NOT_FOUND', 'No such payout');
  return payout;
}

/**
 * Takes a payout out of a batch not sent yet (its guide is held, or finance doubts it); its
 * money is available again. An exported batch goes back to review: its file is stale.
 */
export async function removePayout(deps: PayoutDeps, actor: StaffActor, payoutId: string): Promise<PayoutBatch> {
  const now = deps.clock.now();
  const batchId = await deps.db.transaction(async (tx) => {
    const payout = await payoutOrThrow(tx, payoutId);
    const batch = await batchOrThrow(tx, payout.batchId, true);
    if (payout.status !== 'pending' || batch.status === 'sent' || batch.status === 'cancelled') {
      throw new AppError('INVALID_STATE', 'Only a payout of a batch not sent yet can be removed', {
        reason: 'payout_not_pending',
      });
    }
    await tx.update(payouts).set({ status: 'removed' }).where(eq(payouts.id, payoutId));
    const [left] = await tx
      .select({ value: count() })
      .from(payouts)
      .where(and(eq(payouts.batchId, batch.id), eq(payouts.status, 'pending')));
    // An empty batch is cancelled, so it no longer holds back the next run of its currency.
    const batchStatus = left?.value ? 'review' : 'cancelled';
    await tx.update(payoutBatches).set({ status: batchStatus, exportedAt: null }).where(eq(payoutBatches.id, batch.id));
    await recordStaffAction(tx, actor, {
      action: 'payout.remove',
      targetType: 'payout',
      targetId: payoutId,
      before: { status: 'pending', amountMinor: payout.amountMinor, batchStatus: batch.status },
      after: { status: 'removed', batchStatus },
      at: now,
    });
    return batch.id;
  });
  return getPayoutBatch(deps.db, batchId);
}

/** The bank returned a sent payout: it is failed and its amount is available to the guide again. */
export async function markPayoutReturned(
  deps: PayoutDeps,
  actor: StaffActor,
  payoutId: string,
  reason: string,
): Promise<PayoutBatch> {
  const now = deps.clock.now();
  const batchId = await deps.db.transaction(async (tx) => {
    const payout = await payoutOrThrow(tx, payoutId);
    if (payout.status !== 'sent') {
      throw new AppError('INVALID_STATE', 'Only a sent payout can come back from the bank', {
        reason: payout.status === 'returned' ? 'payout_returned' : 'payout_not_sent',
      });
    }
    await tx
      .update(payouts)
      .set({ status: 'returned', returnedAt: now, returnReason: reason })
      .where(eq(payouts.id, payoutId));
    await tx.insert(guideAccountEntries).values({
      id: uuidv7(now),
      guideUserId: payout.guideUserId,
      kind: 'payout_return',
      currency: payout.currency,
      amountMinor: payout.amountMinor,
      payoutId,
      reason,
      createdAt: now,
    });
    await recordStaffAction(tx, actor, {
      action: 'payout.return',
      targetType: 'payout',
      targetId: payoutId,
      before: { status: 'sent' },
      after: { status: 'returned', reason },
      at: now,
    });
    return payout.batchId;
  });
  return getPayoutBatch(deps.db, batchId);
}

/** The guide's own view: balances, bank account (masked) and latest payouts (payouts_guide_created). */
export async function getGuidePayouts(deps: PayoutDeps, guideUserId: string): Promise<GuidePayouts> {
  const guide = await findGuideByUser(deps.db, guideUserId);
  if (!guide) throw new AppError('FORBIDDEN', 'Only guides are paid out');
  const [money, account, history] = await Promise.all([
    guideMoneyOf(deps.db, [guideUserId], { now: deps.clock.now(), holdDays: deps.config.PAYOUT_HOLD_DAYS }),
    findBankAccountOfUser(deps.db, guideUserId),
    deps.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.guideUserId, guideUserId), ne(payouts.status, 'removed')))
      .orderBy(desc(payouts.createdAt))
      .limit(GUIDE_HISTORY_LIMIT),
  ]);
  return {
    balances: sortedBalances(money.get(guideUserId)),
    bankAccount: account ? toBankAccountStatus(account, false) : null,
    payouts: history.map((payout) => ({
      id: payout.id,
      currency: payout.currency as GuidePayouts['payouts'][number]['currency'],
      amountMinor: payout.amountMinor,
      status: payout.status as PayoutStatus,
      iban: maskIban(payout.iban),
      createdAt: payout.createdAt.toISOString(),
      sentAt: iso(payout.sentAt),
      returnedAt: iso(payout.returnedAt),
    })),
    holdDays: deps.config.PAYOUT_HOLD_DAYS,
  };
}
