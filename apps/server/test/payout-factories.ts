import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.js';
import { guides, payments } from '../src/db/schema/index.js';
import { creditGuide } from '../src/modules/payments/money.js';
import { uuidv7 } from '../src/platform/uuid-v7.js';
import { insertReservation } from './review-factories.js';
import type { TestStaff } from './staff-factories.js';

/**
 * A completed reservation of the guide paid `grossMinor` and credited at `completedAt`
 * through the ledger's own creditGuide (at the app's commission): the state the
 * reservation flow (walked by the reservations and payments tests) ends in.
 */
export async function completeTour(
  db: Db,
  input: { guideId: string; touristId: string; grossMinor: number; completedAt: Date; commissionPercent?: number },
) {
  const reservationId = await insertReservation(db, {
    guideId: input.guideId,
    touristId: input.touristId,
    endedAt: input.completedAt,
  });
  const [guide] = await db.select().from(guides).where(eq(guides.id, input.guideId));
  if (!guide) throw new Error('no such guide');
  const currency = guide.currency === 'TRY' ? 'TRY' : 'USD';
  const paymentId = uuidv7(input.completedAt);
  await db.insert(payments).values({
    id: paymentId,
    reservationId,
    provider: 'sandbox',
    providerSessionId: `cs_test_${paymentId}`,
    providerPaymentId: `pi_test_${paymentId}`,
    amountMinor: input.grossMinor,
    currency,
    status: 'paid',
    checkoutUrl: 'https://example.com/checkout',
    createdAt: input.completedAt,
    updatedAt: input.completedAt,
    paidAt: input.completedAt,
  });
  const reservation = { id: reservationId, guideUserId: guide.userId, startsAt: input.completedAt };
  await creditGuide(db, reservation, input.commissionPercent ?? 0, input.completedAt);
  return { reservationId, paymentId, currency, reservation };
}

/** Finance's verification of the guide's bank details, through the staff call. */
export async function verifyBankOf(app: FastifyInstance, finance: TestStaff, guideUserId: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/app/staff/bank-accounts/${guideUserId}/verify`,
    headers: finance.headers,
  });
  if (response.statusCode !== 200) throw new Error(`verify: ${response.statusCode} ${response.body}`);
}
