import { z } from 'zod';
import { IdSchema, LocaleSchema } from './common.js';
import { FileBytesSchema } from './guides.js';

/*
 * Receipts (issue 19), under /api/app/receipt-public/: the traveller of a reservation gets a
 * receipt (PDF) after paying and after each refund, numbered from one gap-free sequence.
 */

export const RECEIPT_PATHS = {
  list: '/api/app/receipt-public/reservations/:id',
  pdf: '/api/app/receipt-public/reservations/:id/:number/receipt.pdf',
} as const;

export const ReceiptKindSchema = z.enum(['payment', 'refund']);
export type ReceiptKind = z.infer<typeof ReceiptKindSchema>;

export const ReceiptSchema = z.object({
  number: z.number().int().positive(),
  kind: ReceiptKindSchema,
  /** What was paid, or what this refund gave back (positive, minor units). */
  amountMinor: z.number().int().positive(),
  currency: z.string().length(3),
  issuedAt: z.iso.datetime(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

export const ReceiptListSchema = z.object({ data: z.array(ReceiptSchema) });
export type ReceiptList = z.infer<typeof ReceiptListSchema>;

export const ReservationReceiptsParamsSchema = z.object({ id: IdSchema });
export const ReceiptPdfParamsSchema = z.object({ id: IdSchema, number: z.coerce.number().int().positive() });
export const ReceiptPdfQuerySchema = z.object({ locale: LocaleSchema.optional() });
export const ReceiptPdfSchema = FileBytesSchema.describe('application/pdf');

/** A receipt number as printed: at least six digits. */
export const formatReceiptNumber = (number: number) => String(number).padStart(6, '0');

/** The address of a receipt's PDF. */
export const receiptPdfPath = (reservationId: string, number: number, locale?: string) =>
  `${RECEIPT_PATHS.pdf.replace(':id', reservationId).replace(':number', String(number))}${locale ? `?locale=${locale}` : ''}`;
