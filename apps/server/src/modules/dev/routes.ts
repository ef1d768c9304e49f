import { ErrorBodySchema } from '@marco/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';

const OutboxSchema = z.object({
  data: z.array(
    z.object({
      id: z.uuid(),
      channel: z.enum(['sms', 'email']),
      recipient: z.string(),
      subject: z.string().nullable(),
      text: z.string(),
      createdAt: z.iso.datetime(),
      /** Files attached to an e-mail (a receipt), each opened at its `url`. */
      attachments: z.array(
        z.object({ filename: z.string(), contentType: z.string(), size: z.number().int(), url: z.string() }),
      ),
    }),
  ),
});

/**
 * What the dev outbox "sent", newest last. Registered only while an outbox adapter is in
 * use, and lists only the channels it handles: never messages meant for a real provider.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sms, mailer, outbox } = app.deps;
  const channels = new Set([sms.kind === 'outbox' && 'sms', mailer.kind === 'outbox' && 'email'].filter(Boolean));
  if (channels.size === 0) return;
  app.get('/api/dev/outbox', { schema: { tags: ['dev'], response: { 200: OutboxSchema } } }, async () => {
    const rows = await outbox.list();
    return {
      data: rows
        .filter((row) => channels.has(row.channel))
        .map((row) => ({
          id: row.id,
          channel: row.channel as 'sms' | 'email',
          recipient: row.recipient,
          subject: row.subject,
          text: row.body,
          createdAt: row.createdAt.toISOString(),
          attachments: row.attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            size: file.size,
            url: `/api/dev/outbox/${row.id}/attachments/${file.position}`,
          })),
        })),
    };
  });

  if (!channels.has('email')) return;
  app.get(
    '/api/dev/outbox/:id/attachments/:position',
    {
      schema: {
        tags: ['dev'],
        // An e-mail carries a handful of attachments; the bound keeps the number within an integer column.
        params: z.object({ id: z.uuid(), position: z.coerce.number().int().min(0).max(99) }),
        response: { 200: z.any().describe('the attached file'), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const file = await outbox.readAttachment(request.params.id, request.params.position);
      if (!file) throw new AppError('NOT_FOUND', 'Attachment not found');
      return reply
        .type(file.contentType)
        .header('content-disposition', `inline; filename="${file.filename}"`)
        .send(file.content);
    },
  );
};
