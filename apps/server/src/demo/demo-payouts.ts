import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { guideBankAccounts, guides, payments, reservations } from '../db/schema/index.js';
import { creditGuide } from '../modules/payments/money.js';
import { issueReceipt } from '../modules/receipts/issue-receipt.js';
import { uuidv7 } from '../platform/uuid-v7.js';

/**
 * The demo guide's money (issue 18 item 4): each of their completed demo tours paid on the
 * sandbox, with its receipt, and credited at `commissionPercent` when it ended, so the
 * dashboard shows earnings past their hold period and within it; and bank details finance has not verified yet, so a
 * demo payout run starts with finance checking them.
 */
export async function seedDemoPayouts(db: Db, options: { demoGuideUserId: string; commissionPercent: number }) {
  const [guide] = await db.select({ id: guides.id }).from(guides).where(eq(guides.userId, options.demoGuideUserId));
  if (!guide) return;
  const tours = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.guideUserId, options.demoGuideUserId), eq(reservations.status, 'completed')));
  for (const tour of tours) {
    const paymentId = uuidv7(tour.createdAt);
    await db.insert(payments).values({
      id: paymentId,
      reservationId: tour.id,
      provider: 'sandbox',
      providerSessionId: `cs_demo_${paymentId}`,
      providerPaymentId: `pi_demo_${paymentId}`,
      amountMinor: tour.totalMinor,
      currency: tour.currency,
      status: 'paid',
      checkoutUrl: 'about:blank',
      createdAt: tour.createdAt,
      updatedAt: tour.createdAt,
      paidAt: tour.createdAt,
    });
    await issueReceipt(
      db,
      {
        kind: 'payment',
        sourceId: paymentId,
        reservationId: tour.id,
        paymentId,
        amountMinor: tour.totalMinor,
        currency: tour.currency,
      },
      tour.createdAt,
    );
    await creditGuide(
      db,
      { id: tour.id, guideUserId: tour.guideUserId, startsAt: tour.startsAt },
      options.commissionPercent,
      tour.endsAt,
    );
  }
  await db
    .insert(guideBankAccounts)
    .values({
      guideId: guide.id,
      bankName: 'Ziraat Bankası',
      iban: 'TR330006100519786457841326',
      swift: 'TCZBTR2A',
      holderFirstName: 'Ayşe',
      holderLastName: 'Yılmaz',
      createdAt: tours[0]?.createdAt ?? new Date(),
      updatedAt: tours[0]?.createdAt ?? new Date(),
    })
    .onConflictDoNothing();
}
