import { randomUUID } from 'node:crypto';
import {
  DISPUTE_PATHS,
  DISPUTE_PHOTO_MAX_COUNT,
  DISPUTE_PHOTO_TYPES,
  DISPUTE_WINDOW_DAYS,
  type Dispute,
  type DisputeAuthorRole,
  type DisputeQueue,
  type DisputeQueueQuery,
  type OpenDispute,
  type ReservationDisputeState,
  type ResolveDispute,
  type StaffDisputeDetail,
} from '@marco/contract/disputes';
import type { Locale } from '@marco/contract/locales';
import type { ReservationCurrency } from '@marco/contract/reservations';
import { hasStaffRole } from '@marco/contract/staff';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import {
  conversations,
  disputeMessages,
  disputePhotos,
  disputes,
  messages,
  payments,
  reservations,
  users,
} from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth/index.js';
import { AppError } from '../../platform/errors.js';
import { detectImageType, reencodeImage, UnsupportedImageError } from '../../platform/images/index.js';
import { uuidv7 } from '../../platform/uuid-v7.js';
import { supportRefundLimitIn } from '../desk/reservation-story.js';
import type { NoticeKind } from '../notifications/catalog.js';
import { notifyInLocale } from '../notifications/notice.js';
import { paidPaymentOf, refundPayment } from '../payments/money.js';
import { type ErrorLog, type PaymentDeps, processDueRefunds } from '../payments/service.js';
import { debitGuide, holdEarnings, releaseEarningsHold } from '../payouts/holds.js';
import { convertMinor, loadRatesPerUsd } from '../reservations/pricing.js';
import { recordStaffAction, type StaffActor } from '../staff/audit.js';
import { isVerifiedStaff } from '../staff/staff-guard.js';

export type DisputeDeps = PaymentDeps & Pick<AppDeps, 'storage'>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type DisputeRow = typeof disputes.$inferSelect;
type ReservationRow = typeof reservations.$inferSelect;

const DAY_MS = 86_400_000;
/** Reservations whose tour took place (or was paid for and started): the ones a problem can be reported on. */
const REPORTABLE_STATUSES = new Set(['paid', 'completed']);
const CONVERSATION_LIMIT = 500;

const reportUntilOf = (reservation: ReservationRow) =>
  new Date(reservation.endsAt.getTime() + DISPUTE_WINDOW_DAYS * DAY_MS);

const partyRoleOf = (reservation: ReservationRow, userId: string): 'tourist' | 'guide' | null =>
  reservation.touristId === userId ? 'tourist' : reservation.guideUserId === userId ? 'guide' : null;

const notFound = () => new AppError('NOT_FOUND', 'Case not found');

async function namesOf(db: Db | Tx, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, surname: users.surname })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, `${row.name ?? ''} ${row.surname ?? ''}`.trim()]));
}

/** Whether the reservation's traveller or guide may report a problem now (a reservation that started, up to 14 days after its end). */
function reportRefusal(reservation: ReservationRow, now: Date): string | null {
  if (!REPORTABLE_STATUSES.has(reservation.status)) return 'reservation_not_taken_place';
  if (reservation.startsAt > now) return 'not_started';
  if (now > reportUntilOf(reservation)) return 'window_closed';
  return null;
}

async function reservationOfParty(db: Db | Tx, reservationId: string, userId: string) {
  const [reservation] = await db.select().from(reservations).where(eq(reservations.id, reservationId));
  // Another user's reservation looks like an unknown one.
  const role = reservation ? partyRoleOf(reservation, userId) : null;
  if (!reservation || !role) throw new AppError('NOT_FOUND', 'Reservation not found');
  return { reservation, role };
}

export async function reservationDisputeState(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  reservationId: string,
): Promise<ReservationDisputeState> {
  const { reservation } = await reservationOfParty(deps.db, reservationId, userId);
  const [latest] = await deps.db
    .select({ id: disputes.id, status: disputes.status })
    .from(disputes)
    .where(eq(disputes.reservationId, reservationId))
    .orderBy(sql`${disputes.status} = 'open' desc`, desc(disputes.openedAt))
    .limit(1);
  return {
    canReport: latest?.status !== 'open' && reportRefusal(reservation, deps.clock.now()) === null,
    reportUntil: reportUntilOf(reservation).toISOString(),
    disputeId: latest?.id ?? null,
    disputeStatus: (latest?.status as 'open' | 'resolved' | undefined) ?? null,
  };
}

/**
 * Opens a case: its row, the opener's text as the first message and a hold on the guide's
 * earnings from the reservation commit together (decision 025); the other party is told.
 */
export async function openDispute(deps: DisputeDeps, user: AuthUser, input: OpenDispute): Promise<Dispute> {
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const { role } = await reservationOfParty(tx, input.reservationId, user.id);
    // Locked so two reports of one reservation are decided one after the other.
    const [reservation] = await tx
      .select()
      .from(reservations)
      .where(eq(reservations.id, input.reservationId))
      .for('update');
    if (!reservation) throw new AppError('NOT_FOUND', 'Reservation not found');
    const refusal = reportRefusal(reservation, now);
    if (refusal) {
      throw new AppError('DISPUTE_NOT_ALLOWED', 'A problem cannot be reported on this reservation now', {
        reason: refusal,
        reportUntil: reportUntilOf(reservation).toISOString(),
      });
    }
    const [open] = await tx
      .select({ id: disputes.id })
      .from(disputes)
      .where(and(eq(disputes.reservationId, reservation.id), eq(disputes.status, 'open')));
    if (open) throw new AppError('DISPUTE_ALREADY_OPEN', 'A case is already open on this reservation', { id: open.id });
    const disputeId = uuidv7(now);
    const holdId = await holdEarnings(tx, {
      reservationId: reservation.id,
      guideUserId: reservation.guideUserId,
      reason: `dispute:${disputeId}`,
      now,
    });
    await tx.insert(disputes).values({
      id: disputeId,
      reservationId: reservation.id,
      openedBy: user.id,
      openerRole: role,
      reason: input.reason,
      text: input.text,
      holdId,
      openedAt: now,
    });
    return disputeId;
  });
  const dispute = await getDisputeForParty(deps, user, id);
  const other = dispute.openedBy === 'tourist' ? dispute.reservation.guide : dispute.reservation.traveller;
  await notifyParty(
    deps,
    'dispute.opened',
    dispute,
    other.userId,
    other === dispute.reservation.guide ? 'guide' : 'tourist',
  );
  return dispute;
}

async function disputeRowOf(db: Db | Tx, id: string): Promise<{ dispute: DisputeRow; reservation: ReservationRow }> {
  const [row] = await db
    .select({ dispute: disputes, reservation: reservations })
    .from(disputes)
    .innerJoin(reservations, eq(reservations.id, disputes.reservationId))
    .where(eq(disputes.id, id));
  if (!row) throw notFound();
  return row;
}

/** The case and its reservation when `user` is one of its parties; 404 for anyone else (another user's case looks unknown). */
async function partyCaseOf(db: Db | Tx, user: AuthUser, id: string) {
  const row = await disputeRowOf(db, id);
  const role = partyRoleOf(row.reservation, user.id);
  if (!role) throw notFound();
  return { ...row, role };
}

/** The reservation a case is about, as both the case and the queue show it. */
function reservationSummaryOf(reservation: ReservationRow, names: Map<string, string>): Dispute['reservation'] {
  return {
    id: reservation.id,
    status: reservation.status as Dispute['reservation']['status'],
    startsAt: reservation.startsAt.toISOString(),
    endsAt: reservation.endsAt.toISOString(),
    timezone: reservation.timezone,
    currency: reservation.currency as ReservationCurrency,
    totalMinor: reservation.totalMinor,
    traveller: { userId: reservation.touristId, name: names.get(reservation.touristId) ?? '' },
    guide: {
      userId: reservation.guideUserId,
      guideId: reservation.guideId,
      name: names.get(reservation.guideUserId) ?? '',
    },
  };
}

async function buildDispute(db: Db | Tx, dispute: DisputeRow, reservation: ReservationRow, canAddPhotos: boolean) {
  const [messageRows, photoRows] = await Promise.all([
    db
      .select()
      .from(disputeMessages)
      .where(eq(disputeMessages.disputeId, dispute.id))
      .orderBy(asc(disputeMessages.createdAt), asc(disputeMessages.id)),
    db
      .select()
      .from(disputePhotos)
      .where(eq(disputePhotos.disputeId, dispute.id))
      .orderBy(asc(disputePhotos.createdAt), asc(disputePhotos.id)),
  ]);
  const names = await namesOf(db, [
    reservation.touristId,
    reservation.guideUserId,
    ...messageRows.map((message) => message.authorId),
  ]);
  const result: Dispute = {
    id: dispute.id,
    status: dispute.status as Dispute['status'],
    reason: dispute.reason as Dispute['reason'],
    text: dispute.text,
    openedBy: dispute.openerRole as Dispute['openedBy'],
    openedAt: dispute.openedAt.toISOString(),
    resolution: dispute.resolution as Dispute['resolution'],
    outcome: dispute.outcome,
    amountMinor: dispute.amountMinor,
    resolvedAt: dispute.resolvedAt?.toISOString() ?? null,
    reservation: reservationSummaryOf(reservation, names),
    photos: photoRows.map((photo) => ({
      id: photo.id,
      url: DISPUTE_PATHS.photo(dispute.id, photo.id),
      createdAt: photo.createdAt.toISOString(),
    })),
    messages: messageRows.map((message) => ({
      id: message.id,
      author: {
        userId: message.authorId,
        name: names.get(message.authorId) ?? '',
        role: message.authorRole as DisputeAuthorRole,
      },
      text: message.text,
      createdAt: message.createdAt.toISOString(),
    })),
    canAddPhotos: canAddPhotos && dispute.status === 'open' && photoRows.length < DISPUTE_PHOTO_MAX_COUNT,
  };
  return result;
}

export async function getDisputeForParty(deps: Pick<AppDeps, 'db'>, user: AuthUser, id: string): Promise<Dispute> {
  const { dispute, reservation } = await partyCaseOf(deps.db, user, id);
  return buildDispute(deps.db, dispute, reservation, true);
}

async function addMessage(
  tx: Tx,
  dispute: DisputeRow,
  author: { userId: string; role: DisputeAuthorRole },
  text: string,
  now: Date,
) {
  if (dispute.status !== 'open') throw new AppError('DISPUTE_CLOSED', 'This case is closed');
  await tx.insert(disputeMessages).values({
    id: uuidv7(now),
    disputeId: dispute.id,
    authorId: author.userId,
    authorRole: author.role,
    text,
    createdAt: now,
  });
}

export async function postPartyMessage(deps: Pick<AppDeps, 'db' | 'clock'>, user: AuthUser, id: string, text: string) {
  await deps.db.transaction(async (tx) => {
    const { dispute, role } = await partyCaseOf(tx, user, id);
    await addMessage(tx, dispute, { userId: user.id, role }, text, deps.clock.now());
  });
  return getDisputeForParty(deps, user, id);
}

/** A photo of the case, re-encoded as WebP (which also drops its metadata, such as where it was taken), at most five per case. */
export async function addDisputePhoto(deps: DisputeDeps, user: AuthUser, id: string, upload: Buffer): Promise<Dispute> {
  await partyCaseOf(deps.db, user, id);
  const type = await detectImageType(upload);
  if (!type || !(DISPUTE_PHOTO_TYPES as readonly string[]).includes(type)) {
    throw new AppError('INVALID_IMAGE_FORMAT', 'Invalid image format (JPEG, PNG or WebP)');
  }
  let bytes: Buffer;
  try {
    bytes = await reencodeImage(upload, { maxSide: 1600 });
  } catch (error) {
    if (error instanceof UnsupportedImageError) throw new AppError('INVALID_IMAGE_FORMAT', 'Invalid image format');
    throw error;
  }
  const key = `private/disputes/${id}/${randomUUID()}.webp`;
  await deps.storage.put(key, bytes, 'image/webp');
  try {
    await deps.db.transaction(async (tx) => {
      const [dispute] = await tx.select().from(disputes).where(eq(disputes.id, id)).for('update');
      if (!dispute) throw notFound();
      if (dispute.status !== 'open') throw new AppError('DISPUTE_CLOSED', 'This case is closed');
      const [photos] = await tx.select({ value: count() }).from(disputePhotos).where(eq(disputePhotos.disputeId, id));
      if ((photos?.value ?? 0) >= DISPUTE_PHOTO_MAX_COUNT) {
        throw new AppError('INVALID_STATE', `At most ${DISPUTE_PHOTO_MAX_COUNT} photos`, {
          reason: 'photo_limit',
          max: DISPUTE_PHOTO_MAX_COUNT,
        });
      }
      const now = deps.clock.now();
      await tx.insert(disputePhotos).values({
        id: uuidv7(now),
        disputeId: id,
        uploadedBy: user.id,
        storageKey: key,
        contentType: 'image/webp',
        sizeBytes: bytes.length,
        createdAt: now,
      });
    });
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
  return getDisputeForParty(deps, user, id);
}

/** A photo's bytes, for the case's parties and for verified support staff; 404 for anyone else. */
export async function readDisputePhoto(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  user: AuthUser,
  id: string,
  photoId: string,
) {
  const isStaff = isVerifiedStaff(user) && hasStaffRole(user.roles, 'support');
  if (!isStaff) await partyCaseOf(deps.db, user, id);
  const [photo] = await deps.db
    .select()
    .from(disputePhotos)
    .where(and(eq(disputePhotos.id, photoId), eq(disputePhotos.disputeId, id)));
  const file = photo ? await deps.storage.get(photo.storageKey) : null;
  if (!photo || !file) throw new AppError('NOT_FOUND', 'Photo not found');
  return { contentType: photo.contentType, body: file.body };
}

// -- Staff ------------------------------------------------------------------------------------

export async function listDisputes(db: Db, query: DisputeQueueQuery): Promise<DisputeQueue> {
  const where = eq(disputes.status, query.status);
  const order =
    query.status === 'open'
      ? [asc(disputes.openedAt), asc(disputes.id)]
      : [desc(disputes.resolvedAt), desc(disputes.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        dispute: disputes,
        reservation: reservations,
        messageCount: sql<number>`(select count(*)::int from ${disputeMessages} where ${disputeMessages.disputeId} = ${disputes.id})`,
      })
      .from(disputes)
      .innerJoin(reservations, eq(reservations.id, disputes.reservationId))
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(disputes).where(where),
  ]);
  const names = await namesOf(
    db,
    rows.flatMap((row) => [row.reservation.touristId, row.reservation.guideUserId]),
  );
  return {
    data: rows.map(({ dispute, reservation, messageCount }) => ({
      id: dispute.id,
      status: dispute.status as Dispute['status'],
      reason: dispute.reason as Dispute['reason'],
      openedBy: dispute.openerRole as Dispute['openedBy'],
      openedAt: dispute.openedAt.toISOString(),
      resolution: dispute.resolution as Dispute['resolution'],
      resolvedAt: dispute.resolvedAt?.toISOString() ?? null,
      messageCount,
      reservation: reservationSummaryOf(reservation, names),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.value ?? 0,
  };
}

/**
 * The case for staff: what the parties see, the money that can still be refunded, and — only
 * while the case is open — the parties' own conversation (the desk shows its count only).
 */
export async function getDisputeForStaff(
  deps: Pick<AppDeps, 'db' | 'config'>,
  id: string,
): Promise<StaffDisputeDetail> {
  const { db } = deps;
  const { dispute, reservation } = await disputeRowOf(db, id);
  const isOpen = dispute.status === 'open';
  const [base, payment, limit, conversation] = await Promise.all([
    buildDispute(db, dispute, reservation, false),
    paidPaymentOf(db, reservation.id),
    supportRefundLimitIn(deps, reservation.currency),
    isOpen
      ? db
          .select({ id: messages.id, senderId: messages.senderId, text: messages.text, createdAt: messages.createdAt })
          .from(messages)
          .innerJoin(conversations, eq(conversations.id, messages.conversationId))
          .where(
            and(
              eq(conversations.userLow, sql`least(${reservation.touristId}::uuid, ${reservation.guideUserId}::uuid)`),
              eq(
                conversations.userHigh,
                sql`greatest(${reservation.touristId}::uuid, ${reservation.guideUserId}::uuid)`,
              ),
              isNull(messages.deletedAt),
            ),
          )
          .orderBy(desc(messages.createdAt), desc(messages.id))
          .limit(CONVERSATION_LIMIT)
      : Promise.resolve([]),
  ]);
  const names = await namesOf(db, [
    reservation.touristId,
    reservation.guideUserId,
    ...(dispute.resolvedBy ? [dispute.resolvedBy] : []),
  ]);
  const [refunded] = await db
    .select({ value: sql<number>`coalesce(sum(${payments.refundedMinor}), 0)::int` })
    .from(payments)
    .where(eq(payments.reservationId, reservation.id));
  return {
    ...base,
    refundableMinor: payment ? payment.amountMinor - payment.refundedMinor : 0,
    refundedMinor: Number(refunded?.value ?? 0),
    supportRefundLimitMinor: limit,
    resolvedBy: dispute.resolvedBy ? { userId: dispute.resolvedBy, name: names.get(dispute.resolvedBy) ?? '' } : null,
    conversation: conversation.reverse().map((message) => ({
      id: message.id,
      senderId: message.senderId,
      senderName: names.get(message.senderId) ?? '',
      text: message.text ?? '',
      createdAt: message.createdAt.toISOString(),
    })),
    conversationOpen: isOpen,
  };
}

export async function postStaffMessage(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  actor: StaffActor,
  id: string,
  text: string,
) {
  await deps.db.transaction(async (tx) => {
    const { dispute } = await disputeRowOf(tx, id);
    const now = deps.clock.now();
    await addMessage(tx, dispute, { userId: actor.user.id, role: 'staff' }, text, now);
    await recordStaffAction(tx, actor, {
      action: 'dispute.message',
      targetType: 'dispute',
      targetId: id,
      before: null,
      after: { text },
      at: now,
    });
  });
  return getDisputeForStaff(deps, id);
}

async function refundLimitCheck(
  tx: Tx,
  deps: DisputeDeps,
  actor: StaffActor,
  reservation: ReservationRow,
  amountMinor: number,
) {
  if (hasStaffRole(actor.user.roles, 'finance')) return;
  const limit = deps.config.SUPPORT_REFUND_LIMIT_USD_MINOR;
  const inUsd =
    reservation.currency === 'USD'
      ? amountMinor
      : convertMinor(
          amountMinor,
          reservation.currency,
          'USD',
          await loadRatesPerUsd(tx, ['USD', reservation.currency]),
        );
  if (inUsd > limit) {
    throw new AppError('REFUND_NEEDS_FINANCE', 'A refund this large needs the finance role', { limitUsdMinor: limit });
  }
}

/**
 * Resolves an open case once, with a written outcome: no action, a partial or full refund
 * (through refundPayment, the one refund path, with the same limit as the desk), or a
 * penalty debited from the guide's balance. The decision, the money, the hold's release and
 * the audit entry commit together; a closed case answers 409 DISPUTE_CLOSED and changes
 * nothing. The provider is asked for a refund after the commit, as on the desk; both
 * parties are told in their language.
 */
export async function resolveDispute(
  deps: DisputeDeps,
  actor: StaffActor,
  id: string,
  input: ResolveDispute,
  log: ErrorLog,
): Promise<StaffDisputeDetail> {
  const now = deps.clock.now();
  const refundId = await deps.db.transaction(async (tx) => {
    const [dispute] = await tx.select().from(disputes).where(eq(disputes.id, id)).for('update');
    if (!dispute) throw notFound();
    if (dispute.status !== 'open') {
      throw new AppError('DISPUTE_CLOSED', 'This case is closed already', { resolution: dispute.resolution });
    }
    const [reservation] = await tx
      .select()
      .from(reservations)
      .where(eq(reservations.id, dispute.reservationId))
      .for('update');
    if (!reservation) throw notFound();
    let amountMinor: number | null = null;
    let refund: { id: string } | null = null;
    if (input.resolution === 'partial_refund' || input.resolution === 'full_refund') {
      const payment = await paidPaymentOf(tx, reservation.id);
      const remaining = payment ? payment.amountMinor - payment.refundedMinor : 0;
      amountMinor = input.resolution === 'full_refund' ? remaining : input.amountMinor;
      if (!payment || remaining <= 0 || amountMinor > remaining) {
        throw new AppError('REFUND_EXCEEDS_REMAINING', 'The refund is larger than what remains of the payment', {
          remainingMinor: remaining,
        });
      }
      await refundLimitCheck(tx, deps, actor, reservation, amountMinor);
      refund = await refundPayment(tx, payment, reservation, now, {
        cause: 'staff',
        amountMinor,
        reason: input.outcome,
        requestedBy: actor.user.id,
      });
      if (!refund)
        throw new AppError('REFUND_EXCEEDS_REMAINING', 'Nothing paid remains to refund', { remainingMinor: 0 });
    } else if (input.resolution === 'guide_penalty') {
      amountMinor = input.amountMinor;
      await debitGuide(tx, {
        guideUserId: reservation.guideUserId,
        currency: reservation.currency,
        amountMinor,
        reservationId: reservation.id,
        reason: `dispute:${dispute.id}`,
        now,
      });
    }
    if (dispute.holdId) await releaseEarningsHold(tx, dispute.holdId, now);
    await tx
      .update(disputes)
      .set({
        status: 'resolved',
        resolution: input.resolution,
        outcome: input.outcome,
        amountMinor,
        refundId: refund?.id ?? null,
        resolvedBy: actor.user.id,
        resolvedAt: now,
      })
      .where(eq(disputes.id, id));
    await recordStaffAction(tx, actor, {
      action: 'dispute.resolve',
      targetType: 'dispute',
      targetId: id,
      before: { status: 'open' },
      after: {
        status: 'resolved',
        resolution: input.resolution,
        amountMinor,
        currency: reservation.currency,
        refundId: refund?.id ?? null,
        reservationId: reservation.id,
        outcome: input.outcome,
      },
      at: now,
    });
    return refund?.id ?? null;
  });
  if (refundId) await processDueRefunds(deps, { ids: [refundId] }, log);
  const detail = await getDisputeForStaff(deps, id);
  for (const [party, side] of [
    [detail.reservation.traveller, 'tourist'],
    [detail.reservation.guide, 'guide'],
  ] as const) {
    await notifyParty(deps, 'dispute.resolved', detail, party.userId, side);
  }
  return detail;
}

async function notifyParty(
  deps: DisputeDeps,
  kind: NoticeKind,
  dispute: Dispute,
  userId: string,
  side: 'tourist' | 'guide',
): Promise<void> {
  const other = side === 'guide' ? dispute.reservation.traveller : dispute.reservation.guide;
  await notifyInLocale(
    deps,
    userId,
    kind,
    {
      disputeId: dispute.id,
      reservationId: dispute.reservation.id,
      status: dispute.status,
      resolution: dispute.resolution,
    },
    (locale: Locale) => ({
      name: other.name,
      outcome: dispute.outcome ?? '',
      link: `${deps.config.PUBLIC_URL}/${locale}/disputes/${dispute.id}`,
    }),
  );
}
