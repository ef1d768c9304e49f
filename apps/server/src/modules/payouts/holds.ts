import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { earningHolds, guideAccountEntries } from '../../db/schema/index.js';
import { uuidv7 } from '../../platform/uuid-v7.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/*
 * The hooks other contexts use to change what a guide can be paid (decision 025). Call them
 * inside the transaction of the decision that causes them (a dispute opened or settled).
 */

/**
 * Holds a reservation's earnings (an open dispute): while the hold lasts they count as held,
 * and the guide is left out of payout runs and cannot be exported in a batch. Answers the hold's id.
 */
export async function holdEarnings(
  tx: Tx,
  input: { reservationId: string; guideUserId: string; reason: string; now: Date },
): Promise<string> {
  const id = uuidv7(input.now);
  await tx.insert(earningHolds).values({
    id,
    reservationId: input.reservationId,
    guideUserId: input.guideUserId,
    reason: input.reason,
    heldAt: input.now,
  });
  return id;
}

/** Ends a hold (the case is closed); false when it had ended already. */
export async function releaseEarningsHold(tx: Tx, holdId: string, now: Date): Promise<boolean> {
  const released = await tx
    .update(earningHolds)
    .set({ releasedAt: now })
    .where(and(eq(earningHolds.id, holdId), isNull(earningHolds.releasedAt)))
    .returning({ id: earningHolds.id });
  return released.length > 0;
}

/** Takes `amountMinor` (positive) from the guide's balance: a penalty decided on a case. */
export async function debitGuide(
  tx: Tx,
  input: {
    guideUserId: string;
    currency: string;
    amountMinor: number;
    reservationId?: string;
    reason: string;
    now: Date;
  },
): Promise<void> {
  if (!Number.isInteger(input.amountMinor) || input.amountMinor <= 0)
    throw new Error('a debit is a positive whole amount');
  await tx.insert(guideAccountEntries).values({
    id: uuidv7(input.now),
    guideUserId: input.guideUserId,
    kind: 'penalty',
    currency: input.currency,
    amountMinor: -input.amountMinor,
    reservationId: input.reservationId ?? null,
    reason: input.reason,
    createdAt: input.now,
  });
}
