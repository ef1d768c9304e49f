import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { createSubmittedGuide, findPlace, type TestGuide } from '../../../test/guide-factories.js';
import { OPS, payOnSandbox, putAction } from '../../../test/payment-factories.js';
import { guides } from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';

const API = '/api/app/calendar-public';
// Rome changes to summer time on 2027-03-28: the tour below is on the first Monday after it.
const clock = new ManualClock('2027-03-20T09:00:00Z');
const MEETING_POINT =
  'Piazza Navona, by the Fountain of the Four Rivers; north side — look for the yellow umbrella (Çağla will wait there)';

let t: TestApp;
let guide: TestGuide;
let tourist: TestUser;
let stranger: TestUser;
let cityId: string;

const get = (user: Pick<TestUser, 'headers'> | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });

/** The iCalendar text unfolded (RFC 5545 §3.1: CRLF followed by one space or tab continues a line). */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

async function reserve(dates: string[], hours = { startHour: 10, endHour: 13 }): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: `${OPS}/create`,
    headers: tourist.headers,
    payload: {
      guideId: guide.guideId,
      cityId,
      dates,
      ...hours,
      meetingPoint: MEETING_POINT,
      noteToGuide: 'Two of us, one in a wheelchair',
      contactPhone: '+905321234567',
      contactEmail: 'traveller@example.com',
      currency: 'USD',
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().id as string;
  expect((await putAction(t.app, guide.user, id, 'accept-by-guide')).statusCode).toBe(200);
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ clock, env: { PUBLIC_URL: 'https://marco.example' } });
  guide = await createSubmittedGuide(t.app, { name: 'Giulia', surname: 'Bianchi', city: 'rome' });
  await t.database.db
    .update(guides)
    .set({ status: 'approved', approvedAt: clock.now(), timezone: 'Europe/Rome' })
    .where(eq(guides.id, guide.guideId));
  cityId = (await findPlace(t.app, 'rome')).cityId;
  tourist = await createUser(t.app, { name: 'Tara', surname: 'Özdemir' });
  stranger = await createUser(t.app, { name: 'Omar' });
});

afterAll(async () => {
  await t?.close();
});

describe('a reservation as an .ics file', () => {
  it("gives a paid reservation's days in the guide's zone with the meeting point, escaped and folded", async () => {
    const id = await reserve(['2027-03-29', '2027-03-30']);
    const approvedOnly = await get(tourist, `${API}/reservations/${id}/event.ics`);
    expect(approvedOnly.statusCode).toBe(409);
    expect(approvedOnly.json().error.code).toBe('INVALID_STATE');
    await payOnSandbox(t.app, tourist, id);

    const response = await get(tourist, `${API}/reservations/${id}/event.ics?locale=de`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="marco-reservation-.+\.ics"$/);
    const text = response.body;

    // Lines end in CRLF and none is longer than 75 octets (§3.1); the long meeting point is folded.
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n').slice(0, -1);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(text).not.toMatch(/[^\r]\n/);
    // TEXT values escape commas and semicolons (§3.3.11).
    expect(unfold(text)).toContain(
      'LOCATION:Piazza Navona\\, by the Fountain of the Four Rivers\\; north side — look for the yellow umbrella (Çağla will wait there)',
    );
    // Times in the guide's zone, with its VTIMEZONE; DTSTAMP in UTC.
    expect(text).toContain('DTSTART;TZID=Europe/Rome:20270329T100000');
    expect(text).toContain('DTEND;TZID=Europe/Rome:20270329T130000');
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Rome');
    expect(text).toMatch(/\r\nDTSTAMP:20270320T\d{6}Z\r\n/);

    const calendar = new ICAL.Component(ICAL.parse(text));
    const zone = new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone') as ICAL.Component);
    ICAL.TimezoneService.register(zone, 'Europe/Rome');
    const events = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
    expect(events).toHaveLength(2);
    const [first, second] = events;
    expect(first?.location).toBe(MEETING_POINT);
    expect(first?.summary).toBe('Tour mit Giulia Bianchi');
    // 10:00 in Rome on the Monday after the change to summer time is 08:00 UTC.
    expect(first?.startDate.toJSDate().toISOString()).toBe('2027-03-29T08:00:00.000Z');
    expect(first?.endDate.toJSDate().toISOString()).toBe('2027-03-29T11:00:00.000Z');
    expect(second?.startDate.toJSDate().toISOString()).toBe('2027-03-30T08:00:00.000Z');
    expect(first?.uid).not.toBe(second?.uid);
    expect(first?.description).toContain(`Treffpunkt: ${MEETING_POINT}`);
    expect(first?.description).toContain(`https://marco.example/de/reservations/${id}`);
    // The traveller's own file carries no note to the guide and no contact line.
    expect(first?.description).not.toContain('wheelchair');
    expect(first?.component.getFirstPropertyValue('status')).toBe('CONFIRMED');

    // The guide's file names the traveller and carries the note and contact.
    const forGuide = await get(guide.user, `${API}/reservations/${id}/event.ics?locale=tr`);
    expect(forGuide.statusCode).toBe(200);
    const guideEvent = new ICAL.Event(
      new ICAL.Component(ICAL.parse(forGuide.body)).getFirstSubcomponent('vevent') as ICAL.Component,
    );
    expect(guideEvent.summary).toBe('Rezervasyon: Tara Özdemir');
    expect(guideEvent.description).toContain('Rehbere not: Two of us, one in a wheelchair');
    expect(guideEvent.description).toContain('+905321234567');
  });

  it("answers 404 to someone else's reservation, 401 to a visitor and 400 to a bad id", async () => {
    const id = await reserve(['2027-04-05']);
    await payOnSandbox(t.app, tourist, id);
    expect((await get(stranger, `${API}/reservations/${id}/event.ics`)).statusCode).toBe(404);
    expect((await get(null, `${API}/reservations/${id}/event.ics`)).statusCode).toBe(401);
    expect((await get(tourist, `${API}/reservations/nope/event.ics`)).statusCode).toBe(400);
    expect((await get(tourist, `${API}/reservations/${crypto.randomUUID()}/event.ics`)).statusCode).toBe(404);
  });
});

describe("a guide's calendar feed", () => {
  it('is a secret address shown once, lists the reservations, and stops working when replaced or revoked', async () => {
    expect((await get(guide.user, `${API}/guide-feed`)).json()).toMatchObject({ isActive: false, tokenHint: null });
    const made = await t.app.inject({
      method: 'POST',
      url: `${API}/guide-feed`,
      headers: guide.user.headers,
      payload: { locale: 'fr' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const feed = made.json();
    expect(feed.url).toMatch(/^https:\/\/marco\.example\/api\/app\/calendar-public\/guide-feed\.ics\?token=[\w-]{43}$/);
    expect(feed.webcalUrl).toBe(feed.url.replace('https:', 'webcal:'));
    expect(feed.tokenHint).toBe(feed.url.slice(-4));
    // Afterwards the state says it is active, without the secret.
    const state = await get(guide.user, `${API}/guide-feed`);
    expect(state.json()).toMatchObject({ isActive: true, tokenHint: feed.tokenHint, lastReadAt: null });
    expect(state.body).not.toContain(feed.url.split('token=')[1]);

    const path = new URL(feed.url).pathname + new URL(feed.url).search;
    const read = await get(null, path);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(read.body));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Réservations Marco');
    const events = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
    // The two paid days and the one paid day of the tests above.
    expect(events.map((event) => event.summary)).toEqual([
      'Réservation : Tara Özdemir',
      'Réservation : Tara Özdemir',
      'Réservation : Tara Özdemir',
    ]);
    expect((await get(guide.user, `${API}/guide-feed`)).json().lastReadAt).not.toBeNull();

    // An approved, unpaid one shows as tentative.
    await reserve(['2027-04-12']);
    const withTentative = new ICAL.Component(ICAL.parse((await get(null, path)).body));
    const statuses = withTentative.getAllSubcomponents('vevent').map((event) => event.getFirstPropertyValue('status'));
    expect(statuses).toEqual(['CONFIRMED', 'CONFIRMED', 'CONFIRMED', 'TENTATIVE']);

    // A new address replaces the old one.
    const again = (
      await t.app.inject({ method: 'POST', url: `${API}/guide-feed`, headers: guide.user.headers, payload: {} })
    ).json();
    expect(again.url).not.toBe(feed.url);
    expect((await get(null, path)).statusCode).toBe(404);
    const newPath = new URL(again.url).pathname + new URL(again.url).search;
    expect((await get(null, newPath)).statusCode).toBe(200);

    const revoked = await t.app.inject({ method: 'DELETE', url: `${API}/guide-feed`, headers: guide.user.headers });
    expect(revoked.json()).toMatchObject({ isActive: false });
    expect((await get(null, newPath)).statusCode).toBe(404);
  });

  it('belongs to guides only and needs a well-formed token', async () => {
    expect((await get(tourist, `${API}/guide-feed`)).statusCode).toBe(404);
    const notGuide = await t.app.inject({
      method: 'POST',
      url: `${API}/guide-feed`,
      headers: tourist.headers,
      payload: {},
    });
    expect(notGuide.json().error.code).toBe('GUIDE_NOT_FOUND');
    expect((await get(null, `${API}/guide-feed`)).statusCode).toBe(401);
    expect((await get(null, `${API}/guide-feed.ics`)).statusCode).toBe(400);
    expect((await get(null, `${API}/guide-feed.ics?token=${'x'.repeat(43)}`)).statusCode).toBe(404);
  });
});
