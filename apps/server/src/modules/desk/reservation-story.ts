import type { DeskReservationDetail, DeskStatusChange } from '@marco/contract/desk';
import type { ReservationCurrency, ReservationStatus } from '@marco/contract/reservations';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import {
  conversations,
  messages,
  notifications,
  paymentEvents,
  paymentRefunds,
  payments,
  reservationStatusChanges,
  reservations,
  users,
} from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { convertMinor, loadRatesPerUsd } from '../reservations/pricing.js';
import { nextStatus } from '../reservations/transitions.js';
import { deskRowsQuery, presentDeskRows } from './search-reservations.js';

type StoryDeps = Pick<AppDeps, 'db' | 'config'>;
const nameOf = (person: { name: string | null; surname: string | null } | null) =>
  person ? [person.name, person.surname].filter(Boolean).join(' ') || null : null;

/** The support refund limit (configured in US cents) in `currency`, at the rate in force. */
export async function supportRefundLimitIn(deps: StoryDeps, currency: string): Promise<number> {
  const limit = deps.config.SUPPORT_REFUND_LIMIT_USD_MINOR;
  if (currency === 'USD') return limit;
  return convertMinor(limit, 'USD', currency, await loadRatesPerUsd(deps.db, ['USD', currency]));
}

/**
 * `GET /api/app/staff/reservations/{id}`: the reservation with its status history (who and
 * when), payments and refunds with the provider's ids, the provider events received, the
 * notifications it caused, and how many messages its parties exchanged (never their text).
 */
export async function getReservationStory(deps: StoryDeps, id: string): Promise<DeskReservationDetail> {
  const { db } = deps;
  const [row] = await deskRowsQuery(db, eq(reservations.id, id), {
    sort: 'starts_desc',
    page: 1,
    pageSize: 1,
  });
  if (!row) throw new AppError('NOT_FOUND', 'Reservation not found');
  const { reservation } = row;
  const [summary] = await presentDeskRows(db, [row]);
  const [changes, paymentRows, refundRows, notificationRows, [messageTotal], limit] = await Promise.all([
    db
      .select({ change: reservationStatusChanges, name: users.name, surname: users.surname })
      .from(reservationStatusChanges)
      .leftJoin(users, eq(users.id, reservationStatusChanges.actorUserId))
      .where(eq(reservationStatusChanges.reservationId, id))
      .orderBy(asc(reservationStatusChanges.id)),
    db.select().from(payments).where(eq(payments.reservationId, id)).orderBy(asc(payments.createdAt), asc(payments.id)),
    db
      .select({ refund: paymentRefunds, name: users.name, surname: users.surname })
      .from(paymentRefunds)
      .leftJoin(users, eq(users.id, paymentRefunds.requestedBy))
      .where(eq(paymentRefunds.reservationId, id))
      .orderBy(asc(paymentRefunds.requestedAt), asc(paymentRefunds.id)),
    db
      .select()
      .from(notifications)
      .where(
        and(sql`${notifications.payload} ? 'reservationId'`, sql`${notifications.payload}->>'reservationId' = ${id}`),
      )
      .orderBy(asc(notifications.createdAt), asc(notifications.id)),
    db
      .select({ value: count() })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(
        and(
          eq(conversations.userLow, sql`least(${reservation.touristId}::uuid, ${reservation.guideUserId}::uuid)`),
          eq(conversations.userHigh, sql`greatest(${reservation.touristId}::uuid, ${reservation.guideUserId}::uuid)`),
          isNull(messages.deletedAt),
        ),
      ),
    supportRefundLimitIn(deps, reservation.currency),
  ]);
  const paymentIds = paymentRows.map((payment) => payment.id);
  const events = paymentIds.length
    ? await db
        .select()
        .from(paymentEvents)
        .where(inArray(paymentEvents.paymentId, paymentIds))
        .orderBy(asc(paymentEvents.receivedAt), asc(paymentEvents.id))
    : [];
  const paid = paymentRows.find((payment) => payment.status === 'paid');
  const timeline: DeskStatusChange[] = changes.map(({ change, ...person }) => ({
    at: change.at.toISOString(),
    from: change.fromStatus as ReservationStatus | null,
    to: change.toStatus as ReservationStatus,
    actor: {
      role: change.actorRole as DeskStatusChange['actor']['role'],
      userId: change.actorUserId,
      name: change.actorUserId ? nameOf(person) : null,
    },
    reason: change.reason,
  }));
  return {
    reservation: {
      ...(summary as NonNullable<typeof summary>),
      meetingPoint: reservation.meetingPoint,
      contactPhone: reservation.contactPhone,
      cancelReasonKey: reservation.cancelReasonKey,
      cancelReasonText: reservation.cancelReasonText,
      rejectReason: reservation.rejectReason,
    },
    timeline,
    payments: paymentRows.map((payment) => ({
      id: payment.id,
      provider: payment.provider,
      status: payment.status,
      amountMinor: payment.amountMinor,
      refundedMinor: payment.refundedMinor,
      currency: payment.currency as ReservationCurrency,
      providerSessionId: payment.providerSessionId,
      providerPaymentId: payment.providerPaymentId,
      createdAt: payment.createdAt.toISOString(),
      paidAt: payment.paidAt?.toISOString() ?? null,
    })),
    refunds: refundRows.map(({ refund, ...person }) => ({
      id: refund.id,
      paymentId: refund.paymentId,
      amountMinor: refund.amountMinor,
      currency: refund.currency as ReservationCurrency,
      cause: refund.cause as DeskReservationDetail['refunds'][number]['cause'],
      reason: refund.reason,
      requestedBy: refund.requestedBy ? { userId: refund.requestedBy, name: nameOf(person) } : null,
      requestedAt: refund.requestedAt.toISOString(),
      providerRefundId: refund.providerRefundId,
      refundedAt: refund.refundedAt?.toISOString() ?? null,
      attempts: refund.attempts,
      lastError: refund.lastError,
    })),
    paymentEvents: events.map((event) => ({
      id: event.id,
      provider: event.provider,
      providerEventId: event.providerEventId,
      type: event.type,
      paymentId: event.paymentId,
      receivedAt: event.receivedAt.toISOString(),
    })),
    notifications: notificationRows.map((notification) => ({
      id: notification.id,
      kind: notification.kind,
      recipient:
        notification.userId === reservation.touristId
          ? ('tourist' as const)
          : notification.userId === reservation.guideUserId
            ? ('guide' as const)
            : ('other' as const),
      createdAt: notification.createdAt.toISOString(),
      readAt: notification.readAt?.toISOString() ?? null,
    })),
    messageCount: messageTotal?.value ?? 0,
    refundableMinor: paid ? paid.amountMinor - paid.refundedMinor : 0,
    supportRefundLimitMinor: limit,
    canCancel: nextStatus(reservation.status as ReservationStatus, 'cancel') !== null,
  };
}
