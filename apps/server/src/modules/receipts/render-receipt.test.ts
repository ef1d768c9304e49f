import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { LOCALES } from '@marco/contract/locales';
import PDFDocument from 'pdfkit';
import { afterAll, describe, expect, it } from 'vitest';
import { drawLine, forgetReceiptFonts, RECEIPT_FONTS, receiptFont, visualRuns } from './pdf-text.js';
import { formatReceiptMoney, type ReceiptDocument, renderReceiptPdf } from './render-receipt.js';
import { RECEIPT_TEXTS } from './texts.js';

/*
 * The PDF is checked as a reader gets it: Poppler (Debian's poppler-utils, installed by
 * .ci/run) extracts its text with word boxes and renders it to pixels.
 */

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marco-receipt-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const issuer = {
  lines: ['Marco Travel Ltd.', 'Galata Kulesi Sk. 1, Istanbul'],
  supportEmail: 'support@marco.example',
  website: 'https://marco.example',
};
const receipt: ReceiptDocument = {
  number: 42,
  kind: 'refund',
  issuedAt: new Date('2027-03-21T10:00:00Z'),
  facts: {
    id: '0194f0c0-0000-7000-8000-000000000001',
    touristId: '0194f0c0-0000-7000-8000-000000000002',
    guideUserId: '0194f0c0-0000-7000-8000-000000000003',
    guideName: 'Giulia Bianchi',
    touristName: 'Çağla Öztürk',
    startsAt: new Date('2027-03-29T08:00:00Z'),
    endsAt: new Date('2027-03-30T11:00:00Z'),
    startHour: 10,
    endHour: 13,
    timezone: 'Europe/Rome',
    meetingPoint: 'Красная площадь, у ГУМа',
    currency: 'USD',
    hourlyRateMinor: 2500,
    vehicleHourlyRateMinor: 1000,
    totalHours: 6,
    totalMinor: 21_000,
    vehicle: 'Fiat Doblò white',
  },
  payment: { provider: 'stripe', amountMinor: 21_000, currency: 'USD', paidAt: new Date('2027-03-20T10:00:00Z') },
  refunds: [{ amountMinor: 5000, issuedAt: new Date('2027-03-21T10:00:00Z') }],
};

let files = 0;
async function write(pdf: Buffer): Promise<string> {
  files += 1;
  const file = path.join(dir, `${files}.pdf`);
  fs.writeFileSync(file, pdf);
  return file;
}

interface Word {
  text: string;
  xMin: number;
  xMax: number;
}
/** The PDF's words with their boxes, in the order Poppler reads them. */
async function words(pdf: Buffer): Promise<Word[]> {
  const { stdout } = await run('pdftotext', ['-bbox', await write(pdf), '-']);
  return [...stdout.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)].map(
    (match) => ({ xMin: Number(match[1]), xMax: Number(match[2]), text: match[3] as string }),
  );
}
const text = async (pdf: Buffer) => (await run('pdftotext', [await write(pdf), '-'])).stdout;

/** The first page as grey pixels (Poppler's PGM: a text header, then one byte per pixel). */
async function pixels(pdf: Buffer): Promise<Buffer> {
  const prefix = path.join(dir, `page-${files + 1}`);
  await run('pdftoppm', ['-r', '96', '-gray', '-singlefile', await write(pdf), prefix]);
  const image = fs.readFileSync(`${prefix}.pgm`);
  const header = image.subarray(0, 20).toString('latin1').split(/\s+/);
  const offset = image.indexOf(`${header[3]}\n`, 0, 'latin1') + `${header[3]}\n`.length;
  return image.subarray(offset);
}

// "المجموع دفع" (total, paid) in logical order as Unicode's contextual forms (Arabic
// Presentation Forms-B): alef isolated, lam initial, meem, jeem, meem medial, waw final,
// ain isolated; dal isolated, feh initial, ain final. Then every letter in its isolated form.
const SHAPED_BY_HAND = '\ufe8d\ufedf\ufee4\ufea0\ufee4\ufeee\ufec9 \ufea9\ufed3\ufeca';
const ISOLATED_LETTERS = '\ufe8d\ufedd\ufee1\ufe9d\ufee1\ufeed\ufec9 \ufea9\ufed1\ufec9';

const differing = (a: Buffer, b: Buffer) => a.reduce((sum, value, index) => sum + (value === b[index] ? 0 : 1), 0);

/** A one-line PDF, `draw` given its document. */
async function onePdfLine(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: [360, 60], margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  draw(doc);
  doc.end();
  return ended;
}

/** `line` as a receipt draws it: bold Arabic at 24 pt, ending at x = 340. */
const oneLine = (line: string) =>
  onePdfLine((doc) =>
    drawLine(doc, line, { x: 340, baseline: 40, align: 'right', maxWidth: 320 }, 'rtl', { size: 24, bold: true }),
  );

/** `line`'s characters drawn as they are, by pdfkit with a font of its own, at the same place. */
const asWritten = (line: string) =>
  onePdfLine((doc) => {
    const whole: PDFKit.Mixins.TextOptions = { features: [], lineBreak: false, baseline: 'alphabetic' };
    doc.font(RECEIPT_FONTS.arabicBold).fontSize(24).fillColor('#111827');
    doc.text(line, 340 - doc.widthOfString(line, whole), 40, whole);
  });

describe('a receipt PDF', () => {
  it('in English: left to right, with the reservation, the payment and its refund lines', async () => {
    const pdf = await renderReceiptPdf(receipt, 'en', issuer);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const content = await text(pdf);
    for (const expected of [
      'Refund receipt',
      '000042',
      'Marco Travel Ltd.',
      'Çağla Öztürk',
      'Giulia Bianchi',
      'Красная площадь, у ГУМа',
      'Fiat Doblò white',
      '$25.00',
      '$10.00',
      'Total',
      '$210.00',
      'Card',
      'Refund on March 21, 2027',
      '-$50.00',
      '$160.00',
      'support@marco.example',
    ]) {
      expect(content).toContain(expected);
    }
    const laid = await words(pdf);
    const total = laid.find((word) => word.text === 'Total');
    expect(total?.xMin).toBeLessThan(100);
    expect(laid.find((word) => word.text === '$210.00')?.xMax).toBeGreaterThan(500);
  });

  it('in Arabic: labels start at the right edge, words in reading order, Turkish and Russian drawn', async () => {
    const pdf = await renderReceiptPdf(receipt, 'ar', issuer);
    const content = await text(pdf);
    // Poppler gives right-to-left text back in logical order: the words read as written.
    for (const expected of [
      'إيصال استرداد',
      'رقم الإيصال',
      'المجموع',
      'طريقة الدفع',
      'المدفوع بعد الاسترداد',
      'Çağla Öztürk',
      'Красная площадь, у ГУМа',
      'Marco Travel Ltd.',
      // Money by its currency code, which a right-to-left line shows before the number.
      'USD 210.00',
      'USD 160.00',
    ]) {
      expect(content.replace(/[\u202a-\u202e\u200e\u200f]/g, '').replace(/\u00a0/g, ' ')).toContain(expected);
    }
    const laid = await words(pdf);
    const page = 595.28;
    // The label of the total (the word المجموع, whose letters Poppler lists in drawing order) is at the right.
    const label = laid.find((word) => word.text === [...'المجموع'].reverse().join(''));
    expect(label?.xMax).toBeGreaterThan(page - 100);
    // Its amount at the left, and the seller's lines ending at the right margin.
    expect(laid.find((word) => word.text === '210.00')?.xMin).toBeLessThan(page / 2);
    expect(laid.find((word) => word.text === 'Istanbul')?.xMax).toBeGreaterThan(page - 100);
  });

  it('shapes Arabic into its joining forms: rendered pixels match the same words written in presentation forms', async () => {
    const rendered = await pixels(await oneLine('المجموع دفع'));
    const reference = await pixels(await asWritten(SHAPED_BY_HAND));
    const unshaped = await pixels(await asWritten(ISOLATED_LETTERS));
    expect(rendered.length).toBe(reference.length);
    expect(rendered.some((value) => value < 128)).toBe(true);
    expect(differing(rendered, reference)).toBe(0);
    // The check can fail: letters left in their isolated forms look different.
    expect(differing(rendered, unshaped)).toBeGreaterThan(200);
  });

  it('shapes a line the same whatever an earlier receipt held, presentation forms included', async () => {
    // Fonts parsed anew, whose first line reaches the letters' glyphs through presentation forms.
    forgetReceiptFonts();
    const legacy = await pixels(await oneLine(ISOLATED_LETTERS));
    const then = await pixels(await oneLine('المجموع دفع'));
    expect(differing(then, await pixels(await asWritten(SHAPED_BY_HAND)))).toBe(0);
    // Legacy text in presentation forms is drawn as the letters it stands for, joined.
    expect(differing(legacy, then)).toBe(0);
  });

  it("writes a receipt's text the same whatever an earlier receipt held", async () => {
    // With fonts parsed anew each time: a payment receipt first reaches some shaped forms through
    // other letters (reh's final form through a dotted letter's dotless form, alef's through a
    // hamza alef after lam); the refund receipt after it reads as it does alone.
    forgetReceiptFonts();
    const alone = await text(await renderReceiptPdf(receipt, 'ar', issuer));
    forgetReceiptFonts();
    await renderReceiptPdf({ ...receipt, kind: 'payment', refunds: [] }, 'ar', issuer);
    const after = await text(await renderReceiptPdf(receipt, 'ar', issuer));
    expect(after).toContain('إيصال استرداد');
    expect(after).toBe(alone);
  });

  it("writes an English receipt's text whole after receipts in Russian, Turkish and Arabic", async () => {
    // Their subsets pull in Latin glyphs by glyph alone (Cyrillic у is drawn from y, Ç from C).
    const payment: ReceiptDocument = { ...receipt, kind: 'payment', refunds: [] };
    forgetReceiptFonts();
    const alone = await text(await renderReceiptPdf(payment, 'en', issuer));
    forgetReceiptFonts();
    for (const locale of ['ru', 'tr', 'ar'] as const) await renderReceiptPdf(payment, locale, issuer);
    const after = await text(await renderReceiptPdf(payment, 'en', issuer));
    expect(after).toContain('Payment method');
    expect(after).toBe(alone);
  });

  it('has no glyph shared by two characters but a letter and its presentation forms (kept glyphs shape alike)', () => {
    const presentationForm = (char: number) => (char >= 0xfb50 && char <= 0xfdff) || (char >= 0xfe70 && char <= 0xfeff);
    const shared: string[] = [];
    for (const name of ['regular', 'bold', 'arabic', 'arabicBold'] as const) {
      const font = receiptFont(name);
      const byGlyph = new Map<number, number[]>();
      for (const char of font.characterSet) {
        if (presentationForm(char) || char === 0xa0) continue;
        const id = font.glyphForCodePoint(char).id;
        byGlyph.set(id, [...(byGlyph.get(id) ?? []), char]);
      }
      for (const chars of byGlyph.values()) if (chars.length > 1) shared.push(`${name}: ${chars.join(', ')}`);
    }
    expect(shared).toEqual([]);
  });

  it('puts the runs of a mixed line in visual order: Arabic right to left, Latin and numbers left to right', () => {
    // An Arabic run stays in logical order (fontkit lays it out right to left); brackets are mirrored.
    const runs = visualRuns('المرشد: Giulia Bianchi (سيارة) 42', 'rtl').map((part) => part.text);
    expect(runs.join('|')).toBe('42| (|سيارة|) |Giulia Bianchi|المرشد: ');
  });

  it('has a glyph for every character of every label in every locale, in the font that draws it', () => {
    const fonts = { latin: receiptFont('regular'), arabic: receiptFont('arabic') };
    const missing: string[] = [];
    for (const locale of LOCALES) {
      const labels = [
        ...Object.values(RECEIPT_TEXTS[locale]),
        formatReceiptMoney(-123_456, 'TRY', locale),
        formatReceiptMoney(123_456, 'USD', locale),
        new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).formatRange(
          receipt.facts.startsAt,
          receipt.facts.endsAt,
        ),
        new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).formatRange(
          receipt.facts.startsAt,
          receipt.facts.endsAt,
        ),
      ];
      for (const label of labels) {
        for (const part of visualRuns(label, locale === 'ar' ? 'rtl' : 'ltr')) {
          const font = part.arabic ? fonts.arabic : fonts.latin;
          for (const char of part.text) {
            if (!font.hasGlyphForCodePoint(char.codePointAt(0) as number))
              missing.push(`${locale} ${char} in ${label}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
