import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { outboxMessages } from './outbox.js';

/*
 * The `mail` migration set: files attached to e-mails the dev outbox "sent" (receipts), kept
 * beside the message so a developer can open them from /api/dev/outbox.
 */
export const outboxAttachments = pgTable(
  'outbox_attachments',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => outboxMessages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    /** The bytes, base64. */
    content: text('content').notNull(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.position] })],
);
