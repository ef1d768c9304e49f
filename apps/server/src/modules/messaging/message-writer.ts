import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sqlStateOf } from '../../db/sql-errors.js';
import type { Clock } from '../../platform/clock.js';
import { hashToken } from '../../platform/crypto/tokens.js';
import { onePer } from '../../platform/one-per.js';
import { uuidv7 } from '../../platform/uuid-v7.js';

/** One message to store, as the route has checked it. */
export interface MessageToWrite {
  conversationId: string;
  senderId: string;
  text: string;
  language: string | null;
  /** The recipient's notification preview, when it differs from the text (contact details masked). */
  previewText?: string;
  /** The sender's per-minute limit (CHAT_SEND_LIMIT_PER_MINUTE). */
  limitPerMinute: number;
  /** The client's id for the message: sent again, the message stored under it answers. */
  clientMessageId?: string;
}

export type WriteResult =
  | {
      status: 'stored';
      id: string;
      createdAt: Date;
      recipientId: string;
      senderName: string | null;
      /** The recipient's in-app notification of this conversation, written with the message. */
      notificationId: string;
    }
  /** Stored before under the same client id (a send that went again after a lost answer): nothing new. */
  | { status: 'earlier'; id: string }
  | { status: 'not-member' }
  | { status: 'limited'; retryAfterSeconds: number };

interface Pending {
  input: MessageToWrite;
  id: string;
  createdAt: Date;
  resolve(result: WriteResult): void;
  reject(error: unknown): void;
}

interface Row extends Record<string, unknown> {
  i: number;
  allowed: boolean;
  window_start: Date | string | null;
  other_id: string | null;
  sender_name: string | null;
  notification_id: string | null;
  stored: boolean;
  /** The message stored before under the sender's client id, by an earlier batch or this one. */
  earlier_id: string | null;
}

/** Largest batch: bounds one statement's size and the wait of its first message. */
const MAX_BATCH = 200;
/** Batches written at once; the rest wait for one to end, gathering more messages meanwhile. */
const MAX_IN_FLIGHT = 2;
/** Deadlocks between batches (two instances locking two conversations in turn) are retried. */
const MAX_ATTEMPTS = 4;

const isDeadlock = (error: unknown): boolean => {
  const code = sqlStateOf(error);
  return code === '40P01' || code === '40001';
};

const preview = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

/**
 * Stores chat messages in batches: every message that arrives while a batch is being written
 * goes into the next one, so under load one statement stores tens of messages, and a lone
 * message is written at once (on the next turn of the event loop). One statement per batch
 * counts each sender's messages against their limit, checks every sender takes part in the
 * conversation, stores the messages, orders the conversations, moves the senders' read marks
 * and writes each recipient's in-app notification (one per unread conversation): what cost
 * four statements per message before (issue 17).
 *
 * A batch is atomic: either all of its messages are stored or none, so a failure answers each
 * caller with the error and nothing is stored twice on a retry. A batch that fails for any
 * reason but a deadlock is split, so one message cannot fail the others.
 */
export class MessageWriter {
  private queue: Pending[] = [];
  private lastId = '';
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  write(input: MessageToWrite): Promise<WriteResult> {
    const createdAt = this.clock.now();
    const id = this.nextId(createdAt);
    return new Promise<WriteResult>((resolve, reject) => {
      this.queue.push({ input, id, createdAt, resolve, reject });
      this.schedule();
    });
  }

  /**
   * A UUIDv7 above the last one given out: messages sent in the same millisecond sort in the
   * order they arrived (a conversation orders by time, then id), and so does the
   * notification that names the last of them.
   */
  private nextId(at: Date): string {
    let id = uuidv7(at);
    if (id <= this.lastId) {
      // The last 12 hex digits are random bits: one more keeps the time, version and variant.
      const tail = (BigInt(`0x${this.lastId.slice(24)}`) + 1n) & 0xffffffffffffn;
      id = `${this.lastId.slice(0, 24)}${tail.toString(16).padStart(12, '0')}`;
    }
    this.lastId = id;
    return id;
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT || this.queue.length === 0) return;
    this.scheduled = true;
    // The requests parsed in this turn of the event loop join the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush() {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      this.inFlight++;
      void this.settle(batch).finally(() => {
        this.inFlight--;
        this.schedule();
      });
    }
  }

  private async settle(batch: Pending[]): Promise<void> {
    try {
      const results = await this.writeWithRetries(batch);
      for (const [index, pending] of batch.entries()) pending.resolve(results[index] as WriteResult);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      const half = Math.ceil(batch.length / 2);
      await Promise.all([this.settle(batch.slice(0, half)), this.settle(batch.slice(half))]);
    }
  }

  private async writeWithRetries(batch: Pending[]): Promise<WriteResult[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.writeBatch(batch);
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS || !isDeadlock(error)) throw error;
      }
    }
  }

  private async writeBatch(batch: Pending[]): Promise<WriteResult[]> {
    const now = this.clock.now();
    const windowSeconds = 60;
    const windowEndsBefore = new Date(now.getTime() - windowSeconds * 1000).toISOString();
    // Each sender's messages in this batch: how many, and the place of each among them.
    const perSender = new Map<string, number>();
    const rows = batch.map((pending, i) => {
      const key = hashToken(`chat-send:${pending.input.senderId}`);
      const rank = (perSender.get(key) ?? 0) + 1;
      perSender.set(key, rank);
      return {
        i,
        id: pending.id,
        conversation_id: pending.input.conversationId,
        sender_id: pending.input.senderId,
        text: pending.input.text,
        language: pending.input.language,
        created_at: pending.createdAt.toISOString(),
        rate_key: key,
        rank,
        limit_per_minute: pending.input.limitPerMinute,
        notification_id: uuidv7(now),
        preview: preview(pending.input.previewText ?? pending.input.text),
        client_message_id: pending.input.clientMessageId ?? null,
      };
    });
    const input = rows.map((row) => ({ ...row, n: perSender.get(row.rate_key) as number }));
    const at = now.toISOString();
    // Locks are taken in one order (rate keys, then conversations by id) by every batch of
    // every instance, which keeps two batches from deadlocking in all but rare plans; a
    // deadlock left is retried (the statement is atomic).
    const result = await this.db.execute<Row>(sql`
      with input as (
        select * from json_to_recordset(${JSON.stringify(input)}::json) as x(
          i int, id uuid, conversation_id uuid, sender_id uuid, text text, language text,
          created_at timestamptz, rate_key text, rank int, n int, limit_per_minute int,
          notification_id uuid, preview text, client_message_id text)
      ), counted as (
        insert into rate_limits as r (key, window_start, count)
        select distinct on (rate_key) rate_key, ${at}::timestamptz, n from input order by rate_key
        on conflict (key) do update set
          count = case when r.window_start <= ${windowEndsBefore}::timestamptz then excluded.count
                       else r.count + excluded.count end,
          window_start = case when r.window_start <= ${windowEndsBefore}::timestamptz then excluded.window_start
                              else r.window_start end
        returning key, count, window_start
      ), allowed as (
        select x.* from input x join counted c on c.key = x.rate_key
         where c.count - x.n + x.rank <= x.limit_per_minute
      ), member as (
        select a.*, o.user_id as other_id,
               nullif(concat_ws(' ', nullif(u.name, ''), nullif(u.surname, '')), '') as sender_name
          from allowed a
          join conversation_participants p on p.conversation_id = a.conversation_id and p.user_id = a.sender_id
          join conversation_participants o on o.conversation_id = a.conversation_id and o.user_id <> a.sender_id
          join users u on u.id = a.sender_id
      ), earlier as (
        -- Stored before under the sender's client id: the send went again after a lost answer.
        select m.i, e.id
          from member m
          join messages e on e.sender_id = m.sender_id and e.client_message_id = m.client_message_id
      ), fresh as (
        -- Once per sender and client id in the batch: the others answer with that one.
        select distinct on (m.sender_id, coalesce(m.client_message_id, m.id::text)) m.*
          from member m
         where not exists (select 1 from earlier e where e.i = m.i)
         order by m.sender_id, coalesce(m.client_message_id, m.id::text), m.i
      ), inserted as (
        insert into messages (id, conversation_id, sender_id, text, language, created_at, client_message_id)
        select id, conversation_id, sender_id, text, language, created_at, client_message_id from fresh order by i
        -- Another batch storing the same client id at this moment wins; this one asks for its row after.
        on conflict (sender_id, client_message_id) where client_message_id is not null do nothing
        returning id
      ), stored as (
        select f.* from fresh f join inserted s on s.id = f.id
      ), touched as (
        update conversations c set last_message_at = greatest(c.last_message_at, t.at)
          from (select conversation_id, max(created_at) as at from stored group by conversation_id
                 order by conversation_id) t
         where c.id = t.conversation_id
      ), read as (
        update conversation_participants p set last_read_at = greatest(p.last_read_at, t.at)
          from (select conversation_id, sender_id, max(created_at) as at from stored
                 group by conversation_id, sender_id order by conversation_id, sender_id) t
         where p.conversation_id = t.conversation_id and p.user_id = t.sender_id
      ), noticed as (
        insert into notifications as n (id, user_id, kind, payload, group_key, created_at)
        select distinct on (other_id, conversation_id)
               notification_id, other_id, 'message.received',
               jsonb_build_object('conversationId', conversation_id, 'messageId', id, 'senderId', sender_id,
                                  'senderName', sender_name, 'preview', preview),
               'conversation:' || conversation_id, created_at
          from stored
         order by other_id, conversation_id, created_at desc, id desc
        on conflict (user_id, group_key) where read_at is null and group_key is not null
        -- Two batches can commit out of order: the notification keeps naming the message that
        -- sorts last, and is always updated, so that it is returned.
        do update set
          kind = excluded.kind,
          payload = case when (n.created_at, n.payload->>'messageId') <= (excluded.created_at, excluded.payload->>'messageId')
                         then excluded.payload else n.payload end,
          created_at = greatest(n.created_at, excluded.created_at)
        returning id, user_id, group_key
      )
      select x.i, a.i is not null as allowed, c.window_start, m.other_id, m.sender_name, nt.id as notification_id,
             s.i is not null as stored,
             coalesce(e.id, twin.id) as earlier_id
        from input x
        join counted c on c.key = x.rate_key
        left join allowed a on a.i = x.i
        left join member m on m.i = x.i
        left join stored s on s.i = x.i
        left join earlier e on e.i = x.i
        left join stored twin on s.i is null and e.i is null
              and twin.sender_id = m.sender_id and twin.client_message_id = m.client_message_id
        left join noticed nt on s.i is not null
              and nt.user_id = m.other_id and nt.group_key = 'conversation:' || m.conversation_id
       order by x.i`);
    const byIndex = new Map(result.rows.map((row) => [Number(row.i), row]));
    const results = batch.map((pending, index): WriteResult | { status: 'raced' } => {
      const row = byIndex.get(index);
      if (!row) throw new Error('a batched message has no result row');
      if (!row.allowed) {
        const windowStart = row.window_start ? new Date(row.window_start).getTime() : now.getTime();
        const endsAt = windowStart + windowSeconds * 1000;
        return { status: 'limited', retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
      }
      if (!row.other_id) return { status: 'not-member' };
      if (row.earlier_id) return { status: 'earlier', id: row.earlier_id };
      if (!row.stored) return { status: 'raced' };
      if (!row.notification_id) throw new Error('a stored message has no notification row');
      return {
        status: 'stored',
        id: pending.id,
        createdAt: pending.createdAt,
        recipientId: row.other_id,
        senderName: row.sender_name,
        notificationId: row.notification_id,
      };
    });
    return Promise.all(
      results.map((written, index) =>
        written.status === 'raced' ? this.storedBefore(batch[index] as Pending) : written,
      ),
    );
  }

  /** The message another batch stored under this one's client id while this one was written. */
  private async storedBefore({ input }: Pending): Promise<WriteResult> {
    const [row] = (
      await this.db.execute<{ id: string }>(sql`
        select id from messages
         where sender_id = ${input.senderId} and client_message_id = ${input.clientMessageId ?? null}`)
    ).rows;
    if (!row) throw new Error('a message lost its client id race and its rival is not stored');
    return { status: 'earlier', id: row.id };
  }
}

/** The app's writer (one per app's dependencies): its batches gather the messages of every request. */
export const messageWriterOf = onePer((deps: { db: Db; clock: Clock }) => new MessageWriter(deps.db, deps.clock));
