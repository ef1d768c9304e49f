import { DISPUTE_PATHS, type Dispute, type StaffDisputeDetail } from '@marco/contract/disputes';
import { PAYOUT_PATHS } from '@marco/contract/payouts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { sendChatMessage } from '../../../test/chat.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { createApprovedGuide, imageBytes, type TestGuide, upload } from '../../../test/guide-factories.js';
import { completeTour, verifyBankOf } from '../../../test/payout-factories.js';
import { insertReservation } from '../../../test/review-factories.js';
import { createStaff, type TestStaff } from '../../../test/staff-factories.js';
import {
  auditLog,
  disputes,
  earningHolds,
  guideAccountEntries,
  notifications,
  paymentRefunds,
} from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';

/** Monday 1 June 2026; the guide works in Istanbul (UTC+3), 50 USD an hour: a 2-hour tour is 100.00 USD. */
const clock = new ManualClock('2026-06-01T06:00:00Z');
const DAY = 86_400_000;

let t: TestApp;
let guide: TestGuide;
let tourist: TestUser;
let outsider: TestUser;
let support: TestStaff;
let finance: TestStaff;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { SUPPORT_REFUND_LIMIT_USD_MINOR: '3000', PAYOUT_MINIMUM_TRY_MINOR: '10000' },
  });
  const { db } = t.database;
  [support, finance] = await Promise.all([
    createStaff(t.app, db, { roles: ['support'], name: 'Sanne' }),
    createStaff(t.app, db, { roles: ['finance'], name: 'Femi' }),
  ]);
  guide = await createApprovedGuide(t.app, db, {
    staff: support,
    name: 'Deniz',
    surname: 'Kaya',
    rate: { minor: 5000, currency: 'USD' },
  });
  tourist = await createUser(t.app, { name: 'Tara', surname: 'Quillfeather' });
  outsider = await createUser(t.app, { name: 'Otto' });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

type Caller = Pick<TestUser, 'headers'> | null;
const get = (user: Caller, url: string) => t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const post = (user: Caller, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: user?.headers ?? {}, payload });

/**
 * A 2-hour tour (100.00 USD) that ended `hoursAgo` hours ago, paid and credited to the guide
 * through the ledger's own functions: the state the reservation flow ends in.
 */
async function tourTaken(hoursAgo = 1) {
  const tour = await completeTour(t.database.db, {
    guideId: guide.guideId,
    touristId: tourist.userId,
    grossMinor: 10_000,
    completedAt: new Date(clock.now().getTime() - hoursAgo * 3_600_000),
    commissionPercent: 15,
  });
  return { id: tour.reservationId };
}

async function openCase(by: TestUser, reservationId: string, reason = 'not_as_described'): Promise<Dispute> {
  const response = await post(by, DISPUTE_PATHS.open, {
    reservationId,
    reason,
    text: 'The tour was an hour shorter than booked.',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const staffCase = async (id: string): Promise<StaffDisputeDetail> => {
  const response = await get(support, DISPUTE_PATHS.staffOne(id));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const openHolds = (reservationId: string) =>
  t.database.db.select().from(earningHolds).where(eq(earningHolds.reservationId, reservationId));

describe('reporting a problem', () => {
  it('is refused before the tour starts, to anyone but its parties, and after 14 days from its end', async () => {
    const text = 'Nobody came to the meeting point.';
    const upcoming = await insertReservation(t.database.db, {
      guideId: guide.guideId,
      touristId: tourist.userId,
      status: 'paid',
      endedAt: new Date(clock.now().getTime() + 3 * DAY),
    });
    const early = await post(tourist, DISPUTE_PATHS.open, { reservationId: upcoming, reason: 'no_show', text });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatchObject({ code: 'DISPUTE_NOT_ALLOWED', details: { reason: 'not_started' } });
    expect((await get(tourist, DISPUTE_PATHS.ofReservation(upcoming))).json()).toMatchObject({
      canReport: false,
      disputeId: null,
    });

    const recent = await tourTaken(1);
    const state = (await get(guide.user, DISPUTE_PATHS.ofReservation(recent.id))).json();
    expect(state).toMatchObject({ canReport: true, reportUntil: '2026-06-15T05:00:00.000Z' });
    const stranger = await post(outsider, DISPUTE_PATHS.open, { reservationId: recent.id, reason: 'no_show', text });
    expect(stranger.statusCode).toBe(404);
    expect((await get(outsider, DISPUTE_PATHS.ofReservation(recent.id))).statusCode).toBe(404);
    const badReason = await post(tourist, DISPUTE_PATHS.open, {
      reservationId: recent.id,
      reason: 'bad_weather',
      text: 'It rained all day long.',
    });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().error.code).toBe('VALIDATION_FAILED');
    expect((await post(null, DISPUTE_PATHS.open, { reservationId: recent.id })).statusCode).toBe(401);

    const old = await tourTaken(14 * 24 + 1);
    const late = await post(tourist, DISPUTE_PATHS.open, { reservationId: old.id, reason: 'no_show', text });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({ code: 'DISPUTE_NOT_ALLOWED', details: { reason: 'window_closed' } });
    expect(await openHolds(old.id)).toEqual([]);
    expect(await openHolds(upcoming)).toEqual([]);
  });

  it("opens a case for the traveller, holds the guide's earnings, tells the guide, and allows one open case", async () => {
    const reservation = await tourTaken();
    const opened = await openCase(tourist, reservation.id);
    expect(opened).toMatchObject({
      status: 'open',
      openedBy: 'tourist',
      reason: 'not_as_described',
      resolution: null,
      reservation: { id: reservation.id, traveller: { name: 'Tara Quillfeather' }, guide: { name: 'Deniz Kaya' } },
      canAddPhotos: true,
    });
    const holds = await openHolds(reservation.id);
    expect(holds).toHaveLength(1);
    expect(holds[0]?.releasedAt).toBeNull();
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, guide.user.userId), eq(notifications.kind, 'dispute.opened')));
    expect(notice?.payload).toMatchObject({ disputeId: opened.id, reservationId: reservation.id });

    const again = await post(guide.user, DISPUTE_PATHS.open, {
      reservationId: reservation.id,
      reason: 'behaviour',
      text: 'The traveller was rude all along.',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('DISPUTE_ALREADY_OPEN');
    expect((await get(guide.user, DISPUTE_PATHS.ofReservation(reservation.id))).json()).toMatchObject({
      canReport: false,
      disputeId: opened.id,
      disputeStatus: 'open',
    });
    expect((await get(guide.user, DISPUTE_PATHS.one(opened.id))).statusCode).toBe(200);
    expect((await get(outsider, DISPUTE_PATHS.one(opened.id))).statusCode).toBe(404);
  });

  it('takes up to five photos from the parties and shows them to the parties and support only', async () => {
    const reservation = await tourTaken();
    const opened = await openCase(tourist, reservation.id);
    const photo = await imageBytes('jpeg');
    const send = (user: Pick<TestUser, 'headers'>, data = photo) =>
      upload(t.app, user, DISPUTE_PATHS.photos(opened.id), { data, filename: 'proof.jpg', contentType: 'image/jpeg' });
    expect((await send(outsider)).statusCode).toBe(404);
    expect((await send(tourist, Buffer.from('not an image at all'))).statusCode).toBe(415);
    let last: Dispute | undefined;
    for (let index = 0; index < 5; index += 1) {
      const response = await send(index % 2 ? guide.user : tourist);
      expect(response.statusCode, response.body).toBe(200);
      last = response.json();
    }
    expect(last?.photos).toHaveLength(5);
    expect(last?.canAddPhotos).toBe(false);
    const sixth = await send(tourist);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error).toMatchObject({ code: 'INVALID_STATE', details: { reason: 'photo_limit' } });

    const url = last?.photos[0]?.url ?? '';
    const seen = await get(support, url);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/webp');
    expect(seen.rawPayload.includes(Buffer.from('secret-exif-marker'))).toBe(false);
    expect((await get(guide.user, url)).statusCode).toBe(200);
    expect((await get(outsider, url)).statusCode).toBe(404);
    expect((await get(finance, url)).statusCode).toBe(404);
  });
});

describe('who may use the staff side', () => {
  it('answers 401 to visitors and 403 to travellers, guides and the wrong staff role', async () => {
    const reservation = await tourTaken();
    const opened = await openCase(guide.user, reservation.id, 'behaviour');
    const routes = [
      { method: 'GET', url: DISPUTE_PATHS.staff, wrongRole: null },
      { method: 'GET', url: DISPUTE_PATHS.staffOne(opened.id), wrongRole: null },
      { method: 'POST', url: DISPUTE_PATHS.staffMessages(opened.id), body: { text: 'Hello' }, wrongRole: finance },
      {
        method: 'POST',
        url: DISPUTE_PATHS.staffResolve(opened.id),
        body: { resolution: 'no_action', outcome: 'Nothing to be done here.' },
        wrongRole: null,
      },
    ] as const;
    for (const route of routes) {
      const send = (user: Caller) =>
        route.method === 'GET' ? get(user, route.url) : post(user, route.url, 'body' in route ? route.body : {});
      expect((await send(null)).statusCode, route.url).toBe(401);
      for (const user of [tourist, guide.user, ...(route.wrongRole ? [route.wrongRole] : [])]) {
        const refused = await send(user);
        expect(refused.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(refused.json().error.code).toBe('FORBIDDEN');
      }
    }
    expect((await staffCase(opened.id)).status).toBe('open');
  });
});

describe('working a case', () => {
  it('lets both parties and staff write on it, and staff read the parties’ conversation while it is open', async () => {
    const reservation = await tourTaken();
    await sendChatMessage(t.app, tourist, { recipientUserId: guide.user.userId }, 'Where are you? I am at the tower.');
    const opened = await openCase(tourist, reservation.id, 'no_show');
    expect(
      (await post(guide.user, DISPUTE_PATHS.messages(opened.id), { text: 'I was there at ten.' })).statusCode,
    ).toBe(200);
    // Messages of one instant have no order; the clock moves a second between them.
    clock.advance(1);
    expect((await post(outsider, DISPUTE_PATHS.messages(opened.id), { text: 'Me too.' })).statusCode).toBe(404);
    expect((await post(tourist, DISPUTE_PATHS.messages(opened.id), { text: '' })).statusCode).toBe(400);
    const byStaff = await post(support, DISPUTE_PATHS.staffMessages(opened.id), { text: 'Please send a photo.' });
    expect(byStaff.statusCode, byStaff.body).toBe(200);
    const detail: StaffDisputeDetail = byStaff.json();
    expect(detail.messages.map((message) => [message.author.role, message.text])).toEqual([
      ['guide', 'I was there at ten.'],
      ['staff', 'Please send a photo.'],
    ]);
    expect(detail.conversationOpen).toBe(true);
    expect(detail.conversation.map((message) => message.text)).toContain('Where are you? I am at the tower.');
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dispute.message'), eq(auditLog.targetId, opened.id)));
    expect(audited?.actorUserId).toBe(support.userId);

    const queue = (await get(support, DISPUTE_PATHS.staff)).json();
    expect(queue.data.find((row: { id: string }) => row.id === opened.id)).toMatchObject({
      reason: 'no_show',
      messageCount: 2,
    });
    expect((await get(finance, DISPUTE_PATHS.staffOne(opened.id))).statusCode).toBe(200);
  });
});

describe('resolving a case', () => {
  it('refunds in part within the support limit, releases the hold, tells both parties, and refuses a second resolution', async () => {
    const reservation = await tourTaken();
    const opened = await openCase(tourist, reservation.id);
    const tooMuch = await post(support, DISPUTE_PATHS.staffResolve(opened.id), {
      resolution: 'partial_refund',
      amountMinor: 5000,
      outcome: 'Half of the price back for the short tour.',
    });
    expect(tooMuch.statusCode).toBe(403);
    expect(tooMuch.json().error.code).toBe('REFUND_NEEDS_FINANCE');
    const noOutcome = await post(support, DISPUTE_PATHS.staffResolve(opened.id), {
      resolution: 'partial_refund',
      amountMinor: 2500,
    });
    expect(noOutcome.statusCode).toBe(400);
    expect((await staffCase(opened.id)).status).toBe('open');

    const resolved = await post(support, DISPUTE_PATHS.staffResolve(opened.id), {
      resolution: 'partial_refund',
      amountMinor: 2500,
      outcome: 'A quarter of the price back for the short tour.',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({
      status: 'resolved',
      resolution: 'partial_refund',
      amountMinor: 2500,
      refundedMinor: 2500,
      refundableMinor: 7500,
      resolvedBy: { userId: support.userId },
      conversationOpen: false,
      conversation: [],
    });
    const refunds = await t.database.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.reservationId, reservation.id));
    expect(refunds).toMatchObject([{ amountMinor: 2500, cause: 'staff' }]);
    expect(refunds[0]?.providerRefundId).not.toBeNull();
    expect((await openHolds(reservation.id))[0]?.releasedAt).not.toBeNull();
    for (const party of [tourist.userId, guide.user.userId]) {
      const sent = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, party), eq(notifications.kind, 'dispute.resolved')));
      expect(sent.some((notice) => notice.payload.disputeId === opened.id)).toBe(true);
    }
    const forTraveller = (await get(tourist, DISPUTE_PATHS.one(opened.id))).json();
    expect(forTraveller).toMatchObject({
      status: 'resolved',
      outcome: 'A quarter of the price back for the short tour.',
    });

    const second = await post(support, DISPUTE_PATHS.staffResolve(opened.id), {
      resolution: 'full_refund',
      outcome: 'Everything back after all, on second thought.',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('DISPUTE_CLOSED');
    expect(
      await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.reservationId, reservation.id)),
    ).toHaveLength(1);
    expect((await post(tourist, DISPUTE_PATHS.messages(opened.id), { text: 'Thanks.' })).json().error.code).toBe(
      'DISPUTE_CLOSED',
    );
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dispute.resolve'), eq(auditLog.targetId, opened.id)));
    expect(audited).toHaveLength(1);
    expect(audited[0]?.after).toMatchObject({ resolution: 'partial_refund', amountMinor: 2500 });
  });

  it('refunds in full above the support limit only for finance', async () => {
    const reservation = await tourTaken();
    const opened = await openCase(tourist, reservation.id, 'no_show');
    const full = { resolution: 'full_refund', outcome: 'The guide did not come: everything back.' };
    expect((await post(support, DISPUTE_PATHS.staffResolve(opened.id), full)).json().error.code).toBe(
      'REFUND_NEEDS_FINANCE',
    );
    const resolved = await post(finance, DISPUTE_PATHS.staffResolve(opened.id), full);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ amountMinor: 10_000, refundableMinor: 0, refundedMinor: 10_000 });
  });

  it('closes with no action, or with a penalty debited from the guide', async () => {
    const first = await tourTaken();
    const quiet = await openCase(guide.user, first.id, 'behaviour');
    const none = await post(support, DISPUTE_PATHS.staffResolve(quiet.id), {
      resolution: 'no_action',
      outcome: 'Both accounts agree; nothing to do.',
    });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toMatchObject({ resolution: 'no_action', amountMinor: null });

    const second = await tourTaken();
    const penalised = await openCase(tourist, second.id, 'safety');
    const penalty = await post(support, DISPUTE_PATHS.staffResolve(penalised.id), {
      resolution: 'guide_penalty',
      amountMinor: 1500,
      outcome: 'The guide drove unsafely; a penalty is taken from the balance.',
    });
    expect(penalty.statusCode, penalty.body).toBe(200);
    const entries = await t.database.db
      .select()
      .from(guideAccountEntries)
      .where(and(eq(guideAccountEntries.reservationId, second.id), eq(guideAccountEntries.kind, 'penalty')));
    expect(entries).toMatchObject([{ amountMinor: -1500, currency: 'USD', guideUserId: guide.user.userId }]);
    const [row] = await t.database.db.select().from(disputes).where(eq(disputes.id, penalised.id));
    expect(row).toMatchObject({ status: 'resolved', resolution: 'guide_penalty', amountMinor: 1500 });
  });

  it('leaves the guide out of a payout run while a case is open, and pays them once it is resolved', async () => {
    const { db } = t.database;
    const lira = await createApprovedGuide(t.app, db, { name: 'Lale', rate: { minor: 5000, currency: 'TRY' } });
    const tour = await completeTour(db, {
      guideId: lira.guideId,
      touristId: tourist.userId,
      grossMinor: 40_000,
      completedAt: new Date(clock.now().getTime() - 10 * DAY),
    });
    await verifyBankOf(t.app, finance, lira.user.userId);
    const opened = await openCase(tourist, tour.reservationId, 'late_or_short');
    const run = async () => {
      const response = await post(finance, `${PAYOUT_PATHS.staff}/runs`, { currency: 'TRY' });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().batches as Array<{ id: string; payoutCount: number; totalMinor: number }>;
    };
    expect(await run()).toEqual([]);
    const resolved = await post(support, DISPUTE_PATHS.staffResolve(opened.id), {
      resolution: 'no_action',
      outcome: 'The tour ran its full length by the photos.',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const [batch] = await run();
    expect(batch).toMatchObject({ payoutCount: 1, totalMinor: 40_000 });

    // A case opened after the run: the batch cannot be exported to the bank until it is resolved.
    const again = await openCase(tourist, tour.reservationId, 'payment');
    const refused = await post(finance, `${PAYOUT_PATHS.staff}/batches/${batch?.id}/export`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'INVALID_STATE', details: { reason: 'earnings_held' } });
    await post(support, DISPUTE_PATHS.staffResolve(again.id), {
      resolution: 'no_action',
      outcome: 'The payment was taken once, as the receipt shows.',
    });
    expect((await post(finance, `${PAYOUT_PATHS.staff}/batches/${batch?.id}/export`, {})).statusCode).toBe(200);
  });
});
