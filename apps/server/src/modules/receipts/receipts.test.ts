import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { RECEIPT_PATHS, type ReceiptList, receiptPdfPath } from '@marco/contract/receipts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { createSubmittedGuide, findPlace, type TestGuide } from '../../../test/guide-factories.js';
import { approvedReservation, payOnSandbox, putAction } from '../../../test/payment-factories.js';
import { guides, payments, receipts, users } from '../../db/schema/index.js';
import { ManualClock } from '../../platform/clock.js';
import { issueReceipt } from './issue-receipt.js';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-receipts-'));
const clock = new ManualClock('2027-05-01T09:00:00Z');

let t: TestApp;
let guide: TestGuide;
let tourist: TestUser;
let stranger: TestUser;
let cityId: string;

const get = (user: Pick<TestUser, 'headers'> | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const listOf = (user: Pick<TestUser, 'headers'> | null, id: string) => get(user, RECEIPT_PATHS.list.replace(':id', id));

async function pdfText(pdf: Buffer): Promise<string> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  return (await run('pdftotext', [file, '-'])).stdout;
}

interface OutboxMail {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  attachments: Array<{ filename: string; contentType: string; size: number; url: string }>;
}
const mailsTo = async (email: string): Promise<OutboxMail[]> =>
  ((await get(null, '/api/dev/outbox')).json().data as Array<OutboxMail & { channel: string }>).filter(
    (entry) => entry.channel === 'email' && entry.recipient === email,
  );

let day = 0;
/** A new approved reservation of the guide, on a weekday of its own (10–14, four hours). */
const nextReservation = (user: TestUser = tourist) => {
  do day += 1;
  while ([0, 6].includes(new Date(Date.UTC(2027, 5, day)).getUTCDay()));
  const date = new Date(Date.UTC(2027, 5, day)).toISOString().slice(0, 10);
  return approvedReservation(t.app, user, guide, cityId, date, { startHour: 10, endHour: 14 });
};

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { PUBLIC_URL: 'https://marco.example', RECEIPT_ISSUER: 'Marco Travel Ltd. | Galata 1, Istanbul' },
  });
  guide = await createSubmittedGuide(t.app, { name: 'Giulia', surname: 'Bianchi', city: 'rome' });
  await t.database.db
    .update(guides)
    .set({ status: 'approved', approvedAt: clock.now(), timezone: 'Europe/Rome' })
    .where(eq(guides.id, guide.guideId));
  cityId = (await findPlace(t.app, 'rome')).cityId;
  tourist = await createUser(t.app, { name: 'Tara', surname: 'Özdemir' });
  stranger = await createUser(t.app, { name: 'Omar' });
  await t.database.db.update(users).set({ email: 'tara@example.com' }).where(eq(users.id, tourist.userId));
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('receipts', () => {
  it('issues one after payment, e-mails it as a PDF, and gives it to the traveller alone', async () => {
    const reservation = await nextReservation();
    expect((await listOf(tourist, reservation.id)).json()).toEqual({ data: [] });
    await payOnSandbox(t.app, tourist, reservation.id);

    const list = (await listOf(tourist, reservation.id)).json() as ReceiptList;
    expect(list.data).toHaveLength(1);
    const [receipt] = list.data;
    expect(receipt).toMatchObject({ kind: 'payment', amountMinor: reservation.price.totalMinor, currency: 'USD' });
    const number = receipt?.number as number;

    const pdf = await get(tourist, receiptPdfPath(reservation.id, number, 'en'));
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="marco-receipt-${String(number).padStart(6, '0')}.pdf"`,
    );
    const text = await pdfText(pdf.rawPayload);
    const total = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(
      reservation.price.totalMinor / 100,
    );
    for (const expected of [
      'Payment receipt',
      String(number).padStart(6, '0'),
      'Marco Travel Ltd.',
      'Galata 1, Istanbul',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('Giulia Bianchi');
    expect(text).toContain('Tara Özdemir');
    expect(text).toContain(total);
    expect(text).toContain('Card (test payment, no money moved)');

    // The guide, another traveller and a visitor: not theirs.
    for (const user of [guide.user, stranger]) {
      expect((await get(user, receiptPdfPath(reservation.id, number))).statusCode).toBe(404);
      const listed = await listOf(user, reservation.id);
      expect(listed.statusCode).toBe(404);
      expect(listed.json().error.code).toBe('NOT_FOUND');
    }
    expect((await get(null, receiptPdfPath(reservation.id, number))).statusCode).toBe(401);
    expect((await listOf(null, reservation.id)).statusCode).toBe(401);
    // A number that is not this reservation's receipt, and a malformed one.
    expect((await get(tourist, receiptPdfPath(reservation.id, number + 1000))).statusCode).toBe(404);
    expect(
      (await get(tourist, RECEIPT_PATHS.pdf.replace(':id', reservation.id).replace(':number', 'x'))).statusCode,
    ).toBe(400);

    const [mail] = (await mailsTo('tara@example.com')).filter(
      (entry) => entry.text.includes(reservation.id) && entry.attachments.length,
    );
    expect(mail?.subject).toMatch(/paid/i);
    expect(mail?.text).toContain('Your receipt is attached to this e-mail (PDF).');
    expect(mail?.attachments).toEqual([
      expect.objectContaining({
        filename: `marco-receipt-${String(number).padStart(6, '0')}.pdf`,
        contentType: 'application/pdf',
      }),
    ]);
    const attached = await get(null, mail?.attachments[0]?.url as string);
    expect(attached.statusCode).toBe(200);
    expect(attached.headers['content-type']).toBe('application/pdf');
    expect(attached.rawPayload.length).toBe(mail?.attachments[0]?.size);
    expect(await pdfText(attached.rawPayload)).toContain(total);
  });

  it('issues one for a refund, listing the payment and the refund, in the language asked for', async () => {
    const reservation = await nextReservation();
    await payOnSandbox(t.app, tourist, reservation.id);
    // More than 24 hours before the start: the cancellation refunds in full (spec §9).
    const cancelled = await putAction(t.app, tourist, reservation.id, 'cancel-by-tourist', {
      reasonKey: 'plans_changed',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const list = (await listOf(tourist, reservation.id)).json() as ReceiptList;
    expect(list.data.map((receipt) => receipt.kind)).toEqual(['payment', 'refund']);
    const [paid, refunded] = list.data;
    expect(refunded?.number).toBeGreaterThan(paid?.number as number);
    expect(refunded?.amountMinor).toBe(reservation.price.totalMinor);

    const pdf = await get(tourist, receiptPdfPath(reservation.id, refunded?.number as number, 'ar'));
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('إيصال استرداد');
    expect(text).toContain('المدفوع بعد الاسترداد');
    expect(text).toContain('Tara Özdemir');

    const refundMail = (await mailsTo('tara@example.com')).find(
      (entry) =>
        entry.text.includes(reservation.id) &&
        entry.attachments[0]?.filename.endsWith(`${String(refunded?.number).padStart(6, '0')}.pdf`),
    );
    expect(refundMail?.subject).toMatch(/refund/i);
  });

  it('numbers receipts without gaps under concurrent payments and a rolled back one', async () => {
    const reserved = await Promise.all([1, 2, 3, 4, 5].map(() => nextReservation()));
    const checkouts = await Promise.all(
      reserved.map(async (reservation) => {
        const started = await putAction(t.app, tourist, reservation.id, 'pay');
        expect(started.statusCode, started.body).toBe(200);
        return new URL(started.body).pathname;
      }),
    );
    const [someone] = await t.database.db.select().from(payments).limit(1);
    const rolledBack = t.database.db.transaction(async (tx) => {
      const issued = await issueReceipt(
        tx,
        {
          kind: 'refund',
          sourceId: crypto.randomUUID(),
          reservationId: someone?.reservationId as string,
          paymentId: someone?.id as string,
          amountMinor: 100,
          currency: 'USD',
        },
        clock.now(),
      );
      expect(issued?.number).toBeGreaterThan(0);
      throw new Error('the payment could not be recorded');
    });
    const settled = await Promise.all([
      ...checkouts.map((url) =>
        t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'outcome=succeed',
        }),
      ),
      rolledBack.catch((error: Error) => error.message),
    ]);
    expect(settled.at(-1)).toBe('the payment could not be recorded');

    const numbers = (
      await t.database.db.select({ number: receipts.number }).from(receipts).orderBy(asc(receipts.number))
    ).map((row) => row.number);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    for (const reservation of reserved) {
      expect(((await listOf(tourist, reservation.id)).json() as ReceiptList).data).toHaveLength(1);
    }
  });
});
