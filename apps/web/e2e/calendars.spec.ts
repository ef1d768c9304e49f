import fs from 'node:fs';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { collectPageErrors, DESKTOP, PHONE, recordCookieChoice, screenshot } from './support/browser.js';
import { demoJourney } from './support/demo-journey.js';
import { json, signIn } from './support/members.js';

/*
 * Issue 19, calendars: the demo traveller puts a finished (paid) tour in a calendar from its
 * page and the file holds the meeting point in the guide's time zone; the demo guide makes a
 * private calendar feed address in guide settings, a calendar app reads it, and it stops
 * working once turned off. In English on a desktop and in Arabic on a phone.
 */

const DEMO_PASSWORD = 'Marco-Demo-2026';
const TRAVELLER = { phone: '+905550000001', password: DEMO_PASSWORD };
const GUIDE = { phone: '+905550000002', password: DEMO_PASSWORD };

const journey = demoJourney(2);

const contextFor = (viewport: { width: number; height: number }) =>
  journey.browser.newContext({ baseURL: journey.site, viewport, locale: 'en-US' });

const parse = (text: string) => new ICAL.Component(ICAL.parse(text));

describe('calendars', () => {
  it("downloads a paid tour as an .ics file with the meeting point in the guide's zone", async () => {
    const context = await contextFor(DESKTOP);
    await signIn(context.request, TRAVELLER, journey.site);
    await recordCookieChoice(context, journey.site);
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto('/en/reservations?tab=history');
    await page.getByTestId('reservation-card').first().waitFor();
    const reservationIds = await page
      .getByTestId('reservation-card')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-reservation-id')));
    // A finished tour (completed: it was paid) has the link; open the first that does.
    let meetingPoint = '';
    for (const id of reservationIds) {
      await page.goto(`/en/reservations/${id}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (await page.getByTestId('add-to-calendar').count()) {
        meetingPoint = (await page.locator('dd span[dir="auto"]').first().textContent()) ?? '';
        break;
      }
    }
    const link = page.getByTestId('add-to-calendar');
    await link.waitFor();
    expect(await link.textContent()).toContain('Add to calendar');
    await screenshot(page, 'calendars-reservation-en-1280');

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^marco-reservation-[0-9a-f]{8}\.ics$/);
    const text = fs.readFileSync((await download.path()) as string, 'utf8');
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const calendar = parse(text);
    const zone = calendar.getFirstSubcomponent('vtimezone');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') as ICAL.Component);
    expect(event.location).toBe(meetingPoint);
    expect(event.summary).toMatch(/^Tour with /);
    // The guide's zone, with its definition, or UTC for a zone without one.
    if (zone) expect(text).toContain(`\r\nDTSTART;TZID=${zone.getFirstPropertyValue('tzid')}:`);
    else expect(text).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('makes a private feed address in guide settings that a calendar reads, and turns it off', async () => {
    const context = await contextFor(DESKTOP);
    await signIn(context.request, GUIDE, journey.site);
    await recordCookieChoice(context, journey.site);
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    await page.goto('/en/guide-settings?section=schedule');
    const state = page.getByTestId('calendar-feed-state');
    await state.waitFor();
    const create = page.getByRole('button', { name: /Create (a subscription address|a new address)/ });
    await create.click();
    const address = page.getByTestId('calendar-feed-url');
    await address.waitFor();
    const url = await address.inputValue();
    expect(url).toMatch(/\/api\/app\/calendar-public\/guide-feed\.ics\?token=[\w-]{43}$/);
    await expect
      .poll(() => state.textContent())
      .toMatch(/A subscription address ending in …\S{4} has been active since/);
    await screenshot(page, 'calendars-feed-settings-en-1280');

    // A calendar app reads it without any session.
    const calendarApp = await journey.browser.newContext();
    const read = await calendarApp.request.get(url);
    expect(read.status()).toBe(200);
    expect(read.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const feed = parse(await read.text());
    expect(feed.getFirstPropertyValue('x-wr-calname')).toBe('Marco reservations');
    const events = feed.getAllSubcomponents('vevent').map((item) => new ICAL.Event(item));
    for (const event of events) expect(event.summary).toMatch(/^Reservation: /);

    // The Arabic settings on a phone, right to left.
    const phone = await contextFor(PHONE);
    await phone.addCookies(await context.cookies());
    await recordCookieChoice(phone, journey.site);
    const arPage = await phone.newPage();
    await arPage.goto('/ar/guide-settings?section=schedule');
    await arPage.getByTestId('calendar-feed-state').waitFor();
    expect(await arPage.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await arPage.getByRole('heading', { name: 'الاشتراك في التقويم' }).count()).toBe(1);
    await screenshot(arPage, 'calendars-feed-settings-ar-375');
    await phone.close();

    // Turned off: the address stops working at once.
    await page.getByRole('button', { name: 'Turn off' }).click();
    await expect.poll(() => state.textContent()).toBe('You have no subscription address.');
    expect((await calendarApp.request.get(url)).status()).toBe(404);
    expect(
      await json<{ isActive: boolean }>(await context.request.get('/api/app/calendar-public/guide-feed')),
    ).toMatchObject({
      isActive: false,
    });
    expect(errors).toEqual([]);
    await calendarApp.close();
    await context.close();
  });
});
