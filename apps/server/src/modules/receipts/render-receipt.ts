import { directionOf, type Locale } from '@marco/contract/locales';
import { formatReceiptNumber } from '@marco/contract/receipts';
import PDFDocument from 'pdfkit';
import { fill } from '../notifications/catalog.js';
import type { ReceiptFacts } from '../reservations/receipt-facts.js';
import { type Direction, drawLine, type LineStyle } from './pdf-text.js';
import { RECEIPT_TEXTS } from './texts.js';

/** Who issues receipts: the configured seller lines, and where to ask. */
export interface ReceiptIssuer {
  lines: string[];
  supportEmail: string;
  website: string;
}

export interface ReceiptDocument {
  number: number;
  kind: 'payment' | 'refund';
  issuedAt: Date;
  facts: ReceiptFacts;
  payment: { provider: string; amountMinor: number; currency: string; paidAt: Date | null };
  /** The refunds of the payment up to and including this receipt's, oldest first. */
  refunds: Array<{ amountMinor: number; issuedAt: Date }>;
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const INK = '#111827';
const MUTED = '#4b5563';

/**
 * Money as the locale writes it. Right-to-left receipts name the currency by its code: a
 * symbol such as "US$" mixes a Latin run and a neutral sign, which the bidi algorithm
 * splits ("$US") when it stands at the end of a right-to-left line.
 */
export const formatReceiptMoney = (minor: number, currency: string, locale: Locale) =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: directionOf(locale) === 'rtl' ? 'code' : 'symbol',
  }).format(minor / 100);

function describeDates(facts: ReceiptFacts, locale: Locale): string {
  const days = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: facts.timezone });
  // The last day is the one before the end instant: a tour ending at midnight ends that day.
  const dates = days.formatRange(facts.startsAt, new Date(facts.endsAt.getTime() - 1));
  const hour = (h: number) => new Date(Date.UTC(2000, 0, 1, h));
  const hours = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).formatRange(
    hour(facts.startHour),
    hour(facts.endHour),
  );
  return new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format([dates, hours]);
}

/** The receipt as a PDF, in `locale`: right to left, Arabic shaped, for Arabic. */
export async function renderReceiptPdf(receipt: ReceiptDocument, locale: Locale, issuer: ReceiptIssuer) {
  const t = RECEIPT_TEXTS[locale];
  const direction: Direction = directionOf(locale);
  const { facts } = receipt;
  const money = (minor: number) => formatReceiptMoney(minor, receipt.payment.currency, locale);
  const day = (at: Date) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: facts.timezone }).format(at);
  const title = receipt.kind === 'payment' ? t.paymentTitle : t.refundTitle;

  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    lang: locale,
    displayTitle: true,
    info: { Title: `${title} ${formatReceiptNumber(receipt.number)}`, Author: 'Marco', Subject: title },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const width = right - left;
  // The start edge is where a line begins: the left in English, the right in Arabic.
  const start = direction === 'rtl' ? { x: right, align: 'right' as const } : { x: left, align: 'left' as const };
  const end = direction === 'rtl' ? { x: left, align: 'left' as const } : { x: right, align: 'right' as const };
  let y = PAGE.margin + 24;
  const line = (text: string, style: LineStyle, edge = start, maxWidth = width, base: Direction = direction) =>
    drawLine(doc, text, { ...edge, baseline: y, maxWidth }, base, style);
  // Names, places and addresses keep the direction they were written in.
  const data = (text: string, style: LineStyle) => line(text, style, start, width, 'auto');
  // A thin rule under what came before; the next line's baseline clears it.
  const rule = () => {
    doc
      .moveTo(left, y - 6)
      .lineTo(right, y - 6)
      .lineWidth(0.6)
      .strokeColor('#d1d5db')
      .stroke();
    y += 14;
  };
  const row = (
    label: string,
    value: string,
    style: LineStyle = { size: 11 },
    valueDirection: Direction = direction,
  ) => {
    line(label, { ...style, color: style.bold ? INK : MUTED }, start, width * 0.42);
    line(value, style, end, width * 0.55, valueDirection);
    y += style.size + 10;
  };

  line('Marco', { size: 24, bold: true });
  line(title, { size: 16, bold: true }, end, width * 0.6);
  y += 34;
  row(t.receiptNumber, formatReceiptNumber(receipt.number), { size: 11, bold: true });
  row(t.issuedOn, day(receipt.issuedAt));
  y += 8;

  line(t.issuedBy, { size: 10, bold: true, color: MUTED });
  y += 16;
  for (const text of [...issuer.lines, issuer.website, issuer.supportEmail]) {
    data(text, { size: 10 });
    y += 14;
  }
  y += 8;
  line(t.billedTo, { size: 10, bold: true, color: MUTED });
  y += 16;
  data(facts.touristName || '—', { size: 11 });
  y += 30;

  rule();
  line(t.reservation, { size: 12, bold: true });
  y += 24;
  row(t.guide, facts.guideName || '—', undefined, 'auto');
  row(t.dates, describeDates(facts, locale));
  row(t.meetingPoint, facts.meetingPoint, undefined, 'auto');
  row(t.hours, new Intl.NumberFormat(locale).format(facts.totalHours));
  row(t.hourlyRate, money(facts.hourlyRateMinor));
  const hasVehicle = facts.vehicle !== null || facts.vehicleHourlyRateMinor > 0;
  row(t.vehicle, facts.vehicle ?? (hasVehicle ? '—' : t.noVehicle), undefined, facts.vehicle ? 'auto' : direction);
  if (hasVehicle) row(t.vehicleRate, money(facts.vehicleHourlyRateMinor));
  y += 6;
  rule();
  row(t.total, money(facts.totalMinor), { size: 13, bold: true });
  y += 6;

  rule();
  row(t.paymentMethod, receipt.payment.provider === 'sandbox' ? t.cardSandbox : t.card);
  row(
    fill(t.paidOn, { date: receipt.payment.paidAt ? day(receipt.payment.paidAt) : '—' }),
    money(receipt.payment.amountMinor),
  );
  if (receipt.refunds.length) {
    for (const refund of receipt.refunds) {
      row(fill(t.refundOn, { date: day(refund.issuedAt) }), money(-refund.amountMinor));
    }
    const refunded = receipt.refunds.reduce((sum, refund) => sum + refund.amountMinor, 0);
    y += 4;
    rule();
    row(t.refundedTotal, money(refunded), { size: 11, bold: true });
    row(t.netPaid, money(receipt.payment.amountMinor - refunded), { size: 11, bold: true });
  }

  y = PAGE.height - PAGE.margin;
  line(fill(t.questions, { email: issuer.supportEmail }), { size: 9, color: MUTED });
  doc.end();
  return done;
}
