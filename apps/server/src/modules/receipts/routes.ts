import { ErrorBodySchema } from '@marco/contract/errors';
import {
  RECEIPT_PATHS,
  ReceiptListSchema,
  ReceiptPdfParamsSchema,
  ReceiptPdfQuerySchema,
  ReceiptPdfSchema,
  ReservationReceiptsParamsSchema,
} from '@marco/contract/receipts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInSecurity, userOf } from '../../platform/auth/index.js';
import { apiLocale } from '../../platform/locale.js';
import { listReservationReceipts, RECEIPT_CONTENT_TYPE, readReceiptPdf, receiptFilename } from './service.js';

const tags = ['receipts'];
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((status) => [status, ErrorBodySchema]));
const guarded = { onRequest: requireUser };

/** Receipts (issue 19): the traveller's receipts of a reservation, and each one as a PDF. */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const deps = { db, config };

  app.get(
    RECEIPT_PATHS.list,
    {
      schema: {
        tags,
        summary:
          "The receipts of the caller's reservation (payment, then each refund), oldest first; the tourist's only",
        ...signedInSecurity,
        params: ReservationReceiptsParamsSchema,
        response: { 200: ReceiptListSchema, ...errors(400, 401, 404) },
      },
      ...guarded,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listReservationReceipts(deps, userOf(request).id, request.params.id);
    },
  );

  app.get(
    RECEIPT_PATHS.pdf,
    {
      schema: {
        tags,
        summary: "One receipt of the caller's reservation as a PDF, in `locale` (default: the interface language)",
        ...signedInSecurity,
        params: ReceiptPdfParamsSchema,
        querystring: ReceiptPdfQuerySchema,
        produces: [RECEIPT_CONTENT_TYPE],
        response: { 200: ReceiptPdfSchema, ...errors(400, 401, 404) },
      },
      ...guarded,
    },
    async (request, reply) => {
      const { id, number } = request.params;
      const pdf = await readReceiptPdf(deps, userOf(request).id, id, number, apiLocale(request, request.query.locale));
      return reply
        .type(RECEIPT_CONTENT_TYPE)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${receiptFilename(number)}"`)
        .send(pdf);
    },
  );
};
