import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { outboxAttachments, outboxMessages } from '../../db/schema/index.js';

export interface OutboxEntry {
  channel: 'sms' | 'email';
  recipient: string;
  subject?: string;
  body: string;
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
}

export interface OutboxAttachmentInfo {
  position: number;
  filename: string;
  contentType: string;
  size: number;
}

/**
 * The embedded stand-in for SMS and e-mail providers: each message is stored and logged,
 * so a newcomer can read sign-up codes at /api/dev/outbox without any provider account.
 * An e-mail's attachments are kept beside it, to be opened from there.
 */
export class DevOutbox {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async record(entry: OutboxEntry): Promise<void> {
    const { attachments = [], ...message } = entry;
    const [row] = await this.db
      .insert(outboxMessages)
      .values({ ...message, subject: message.subject ?? null })
      .returning({ id: outboxMessages.id });
    if (row && attachments.length) {
      await this.db.insert(outboxAttachments).values(
        attachments.map((attachment, position) => ({
          messageId: row.id,
          position,
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: attachment.content.toString('base64'),
        })),
      );
    }
    const files = attachments.map((attachment) => attachment.filename);
    this.log.info(
      { outbox: { ...message, ...(files.length ? { attachments: files } : {}) } },
      `dev outbox: ${entry.channel} to ${entry.recipient}`,
    );
  }

  async list(limit = 200) {
    const rows = await this.db.select().from(outboxMessages).orderBy(asc(outboxMessages.createdAt)).limit(10_000);
    const page = rows.slice(-limit);
    const files = page.length
      ? await this.db
          .select({
            messageId: outboxAttachments.messageId,
            position: outboxAttachments.position,
            filename: outboxAttachments.filename,
            contentType: outboxAttachments.contentType,
            size: sql<number>`octet_length(decode(${outboxAttachments.content}, 'base64'))`.mapWith(Number),
          })
          .from(outboxAttachments)
          .where(
            inArray(
              outboxAttachments.messageId,
              page.map((row) => row.id),
            ),
          )
          .orderBy(asc(outboxAttachments.position))
      : [];
    return page.map((row) => ({
      ...row,
      attachments: files
        .filter((file) => file.messageId === row.id)
        .map(
          (file): OutboxAttachmentInfo => ({
            position: file.position,
            filename: file.filename,
            contentType: file.contentType,
            size: file.size,
          }),
        ),
    }));
  }

  async readAttachment(messageId: string, position: number) {
    const [row] = await this.db
      .select()
      .from(outboxAttachments)
      .where(and(eq(outboxAttachments.messageId, messageId), eq(outboxAttachments.position, position)));
    return row
      ? { filename: row.filename, contentType: row.contentType, content: Buffer.from(row.content, 'base64') }
      : null;
  }
}
