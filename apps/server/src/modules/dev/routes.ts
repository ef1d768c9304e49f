import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const OutboxSchema = z.object({
  data: z.array(
    z.object({
      id: z.uuid(),
      channel: z.enum(['sms', 'email']),
      recipient: z.string(),
      subject: z.string().nullable(),
      text: z.string(),
      createdAt: z.iso.datetime(),
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
        })),
    };
  });
};
