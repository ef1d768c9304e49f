import type { Locale } from '@marco/contract/locales';
import { formatReceiptNumber, type ReceiptList } from '@marco/contract/receipts';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { Db } from '../../db/client.js';
import { payments, receipts } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import type { MailAttachment } from '../../platform/mail/index.js';
import type { AttachInLocale } from '../notifications/notice.js';
import { findReceiptFacts } from '../reservations/receipt-facts.js';
import type { ReceiptIssuer } from './render-receipt.js';
import { RECEIPT_TEXTS } from './texts.js';

type Deps = Pick<AppDeps, 'db' | 'config'>;
type ReceiptRow = typeof receipts.$inferSelect;

export const RECEIPT_CONTENT_TYPE = 'application/pdf';
export const receiptFilename = (number: number) => `marco-receipt-${formatReceiptNumber(number)}.pdf`;

export const receiptIssuer = (config: Deps['config']): ReceiptIssuer => ({
  lines: config.RECEIPT_ISSUER.split('|')
    .map((part) => part.trim())
    .filter(Boolean),
  supportEmail: config.SUPPORT_EMAIL,
  website: config.PUBLIC_URL,
});

/**
 * Receipts are the traveller's: the reservation's tourist reads them. Anyone else, the guide
 * included (their money is in their own ledger), gets 404, so others' ids are not revealed.
 */
async function ownReservationFacts(db: Db, userId: string, reservationId: string) {
  const facts = await findReceiptFacts(db, reservationId);
  if (!facts || facts.touristId !== userId) throw new AppError('NOT_FOUND', 'Reservation not found');
  return facts;
}

export async function listReservationReceipts(deps: Deps, userId: string, reservationId: string): Promise<ReceiptList> {
  await ownReservationFacts(deps.db, userId, reservationId);
  const rows = await deps.db
    .select()
    .from(receipts)
    .where(eq(receipts.reservationId, reservationId))
    .orderBy(asc(receipts.number));
  return {
    data: rows.map((row) => ({
      number: row.number,
      kind: row.kind as 'payment' | 'refund',
      amountMinor: row.amountMinor,
      currency: row.currency,
      issuedAt: row.issuedAt.toISOString(),
    })),
  };
}

async function renderRow(deps: Deps, row: ReceiptRow, locale: Locale): Promise<Buffer> {
  const facts = await findReceiptFacts(deps.db, row.reservationId);
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, row.paymentId));
  if (!facts || !payment) throw new Error(`receipt ${row.number} lost its reservation or payment`);
  const refunds =
    row.kind === 'refund'
      ? await deps.db
          .select({ amountMinor: receipts.amountMinor, issuedAt: receipts.issuedAt })
          .from(receipts)
          .where(
            and(eq(receipts.paymentId, row.paymentId), eq(receipts.kind, 'refund'), lte(receipts.number, row.number)),
          )
          .orderBy(asc(receipts.number))
      : [];
  // pdfkit, fontkit and the fonts load with the first receipt, not at start-up (docs/decisions/001).
  const { renderReceiptPdf } = await import('./render-receipt.js');
  return renderReceiptPdf(
    {
      number: row.number,
      kind: row.kind as 'payment' | 'refund',
      issuedAt: row.issuedAt,
      facts,
      payment: {
        provider: payment.provider,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        paidAt: payment.paidAt,
      },
      refunds,
    },
    locale,
    receiptIssuer(deps.config),
  );
}

/** One receipt of the caller's reservation as a PDF in `locale`. */
export async function readReceiptPdf(
  deps: Deps,
  userId: string,
  reservationId: string,
  number: number,
  locale: Locale,
): Promise<Buffer> {
  await ownReservationFacts(deps.db, userId, reservationId);
  const [row] = await deps.db
    .select()
    .from(receipts)
    .where(and(eq(receipts.reservationId, reservationId), eq(receipts.number, number)));
  if (!row) throw new AppError('NOT_FOUND', 'Receipt not found');
  return renderRow(deps, row, locale);
}

/**
 * The receipt of a payment (`payment:<id>`) or a refund (`refund:<id>`) as an e-mail
 * attachment in the recipient's locale; none when the movement has no receipt.
 */
export async function receiptAttachments(deps: Deps, source: string, locale: Locale): Promise<MailAttachment[]> {
  const [row] = await deps.db.select().from(receipts).where(eq(receipts.source, source));
  if (!row) return [];
  return [
    {
      filename: receiptFilename(row.number),
      contentType: RECEIPT_CONTENT_TYPE,
      content: await renderRow(deps, row, locale),
    },
  ];
}

/** Attaches the receipt of `source` to an e-mail, with the line that says so. */
export const attachReceipt =
  (deps: Deps, source: string): AttachInLocale =>
  async (locale) => ({ files: await receiptAttachments(deps, source, locale), note: RECEIPT_TEXTS[locale].attached });
