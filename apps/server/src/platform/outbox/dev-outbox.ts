import { asc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';

export interface OutboxEntry {
  channel: 'sms' | 'email';
  recipient: string;
  subject?: string;
  body: string;
}

/**
 * The embedded stand-in for SMS and e-mail providers: each message is stored and logged,
 * so a newcomer can read sign-up codes at /api/dev/outbox without any provider account.
 */
export class DevOutbox {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async record(entry: OutboxEntry): Promise<void> {
    await this.db.insert(outboxMessages).values({ ...entry, subject: entry.subject ?? null });
    this.log.info({ outbox: entry }, `dev outbox: ${entry.channel} to ${entry.recipient}`);
  }

  async list(limit = 200) {
    const rows = await this.db.select().from(outboxMessages).orderBy(asc(outboxMessages.createdAt)).limit(10_000);
    return rows.slice(-limit);
  }
}
