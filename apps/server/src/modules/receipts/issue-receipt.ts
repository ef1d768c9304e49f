import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { receiptCounters, receipts } from '../../db/schema/index.js';
import { uuidv7 } from '../../platform/uuid-v7.js';

export type ReceiptRow = typeof receipts.$inferSelect;
export interface ReceiptInput {
  kind: 'payment' | 'refund';
  /** The movement: the payment's id, or the refund's. */
  sourceId: string;
  reservationId: string;
  paymentId: string;
  amountMinor: number;
  currency: string;
}

const SERIES = 'receipts';

/**
 * Issues the receipt of one money movement inside the transaction that records the movement,
 * so the receipt exists exactly when the movement does. The number comes from the counter row:
 * taking it locks the row until the commit, so concurrent payments get consecutive numbers,
 * and a rollback gives the number back (no gaps, decision 020). A movement that already has
 * its receipt keeps it (answers null).
 */
export async function issueReceipt(tx: Db, input: ReceiptInput, now: Date): Promise<ReceiptRow | null> {
  const source = `${input.kind}:${input.sourceId}`;
  const [existing] = await tx.select({ id: receipts.id }).from(receipts).where(eq(receipts.source, source));
  if (existing) return null;
  const [counter] = await tx
    .update(receiptCounters)
    .set({ lastNumber: sql`${receiptCounters.lastNumber} + 1` })
    .where(eq(receiptCounters.series, SERIES))
    .returning({ number: receiptCounters.lastNumber });
  if (!counter) throw new Error(`receipt counter ${SERIES} is missing`);
  const [row] = await tx
    .insert(receipts)
    .values({
      id: uuidv7(now),
      number: counter.number,
      source,
      kind: input.kind,
      reservationId: input.reservationId,
      paymentId: input.paymentId,
      amountMinor: input.amountMinor,
      currency: input.currency,
      issuedAt: now,
    })
    .returning();
  return row ?? null;
}
