import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { guideBankAccounts, guides, payments, reservations } from '../db/schema/index.js';
import { creditGuide, recordCharge } from '../modules/payments/money.js';
import { uuidv7 } from '../platform/uuid-v7.js';

/**
 * The demo guide's money (issue 18 item 4): each of their completed demo tours paid on the
 * sandbox, recorded as a real payment is (the platform's charge and the traveller's receipt),
 * and credited at `commissionPercent` when it ended, so the dashboard shows earnings past
 * their hold period and within it and the console's overview shows payments received; and
 * bank details finance has not verified yet, so a demo payout run starts with finance
 * checking them.
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
    const [payment] = await db
      .insert(payments)
      .values({
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
      })
      .returning();
    if (payment) await recordCharge(db, payment, tour, tour.createdAt);
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
