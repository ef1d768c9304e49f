import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { type Db, driverOf } from '../../db/client.js';

/**
 * The search generation (docs/decisions/007): a number that moves on whenever something
 * search reads has changed, so a value derived from those tables may be kept for as long as
 * the generation it was computed under is current.
 */
export interface SearchGeneration {
  /** The generation a value computed from now on belongs to. */
  current(): bigint;
  /**
   * Moves on when a guide stops being public (docs/decisions/012): a value computed under an
   * older visibility is never served, however young.
   */
  visibility(): bigint;
  /** Resolves once every change committed before the call has moved the generation on. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** A notification channel the triggers of one migration send to, and who listens to it. */
interface Channel {
  name: string;
  /** A second channel whose notifications also move `visibility` on. */
  hard?: string;
  /** How the listening session shows in pg_stat_activity. */
  listener: string;
  /** What is computed, not kept, while nobody listens (for the warning). */
  computed: string;
}

const SEARCH_CHANNEL: Channel = {
  name: 'search_generation',
  hard: 'search_visibility',
  listener: 'marco search generation',
  computed: 'searches are computed',
};
/** Reference lists (languages, currencies, places…): migration `0005_reference_generation`. */
const REFERENCE_CHANNEL: Channel = {
  name: 'reference_generation',
  listener: 'marco reference generation',
  computed: 'reference lists are read from the database',
};
export const LISTENER_NAME = SEARCH_CHANNEL.listener;

/** A session LISTENing on the channel. */
interface Listening {
  sync(): Promise<void>;
  close(): Promise<void>;
}
/** `heard(hard)`: a notification arrived; `hard` when on the channel's `hard` one. */
type Listen = (heard: (hard: boolean) => void, lost: (error?: Error) => void) => Promise<Listening>;

/**
 * The generation counts the notifications the triggers send on commit (migration
 * `search/0006`), so reading it costs no query. Without a listening session (not yet open,
 * or lost) every call is a generation of its own: nothing is kept while a change could go
 * unheard, and the number moves on again once the session is back.
 */
export function openSearchGeneration(
  db: Db,
  warn: (message: string) => void,
  retryMs = 1000,
): Promise<SearchGeneration> {
  return openGeneration(db, SEARCH_CHANNEL, warn, retryMs);
}

/** The same for the reference lists, which change rarely and must not move with every guide's write. */
export function openReferenceGeneration(
  db: Db,
  warn: (message: string) => void,
  retryMs = 1000,
): Promise<SearchGeneration> {
  return openGeneration(db, REFERENCE_CHANNEL, warn, retryMs);
}

async function openGeneration(
  db: Db,
  channel: Channel,
  warn: (message: string) => void,
  retryMs: number,
): Promise<SearchGeneration> {
  const driver = driverOf(db);
  const listen: Listen =
    driver.engine === 'postgres'
      ? (heard, lost) => listenOnPool(driver.pool, channel, heard, lost)
      : (heard) => listenOnPglite(driver.client, channel, heard);
  const generation = new NotifiedGeneration(listen, channel, warn, retryMs);
  await generation.listen();
  return generation;
}

/** PostgreSQL: a connection of the pool, kept for good (or until it is lost). */
async function listenOnPool(
  pool: pg.Pool,
  channel: Channel,
  heard: (hard: boolean) => void,
  lost: (error?: Error) => void,
): Promise<Listening> {
  const client = await pool.connect();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    client.release(true);
  };
  const onLost = (error?: Error) => {
    release();
    lost(error);
  };
  client.on('notification', (message) => heard(message.channel === channel.hard));
  client.on('error', onLost);
  client.on('end', onLost);
  try {
    await client.query(`SET application_name = '${channel.listener}'`);
    await client.query(`LISTEN ${channel.name}`);
    if (channel.hard) await client.query(`LISTEN ${channel.hard}`);
  } catch (error) {
    release();
    throw error;
  }
  return {
    // PostgreSQL sends the notifications a listening session has received before it reports
    // a statement done; a failure is the `error` handler's to deal with.
    sync: async () => {
      await client.query('select 1').catch(() => {});
    },
    close: async () => {
      client.removeListener('end', onLost);
      release();
    },
  };
}

/**
 * PGlite: this process is the only writer, and a notification reaches the listener with the
 * results of the statement that committed it.
 */
async function listenOnPglite(client: PGlite, channel: Channel, heard: (hard: boolean) => void): Promise<Listening> {
  const unlisten = [await client.listen(channel.name, () => heard(false))];
  if (channel.hard) unlisten.push(await client.listen(channel.hard, () => heard(true)));
  return {
    sync: async () => {},
    close: async () => {
      if (!client.closed) for (const stop of unlisten) await stop();
    },
  };
}

class NotifiedGeneration implements SearchGeneration {
  #generation = 0n;
  #visibility = 0n;
  #listening: Listening | null = null;
  #retry: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(
    private readonly open: Listen,
    private readonly channel: Channel,
    private readonly warn: (message: string) => void,
    private readonly retryMs: number,
  ) {}

  current(): bigint {
    if (!this.#listening) this.#generation++;
    return this.#generation;
  }

  visibility(): bigint {
    if (!this.#listening) this.#visibility++;
    return this.#visibility;
  }

  async sync(): Promise<void> {
    await this.#listening?.sync();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    const listening = this.#listening;
    this.#listening = null;
    await listening?.close();
  }

  async listen(): Promise<void> {
    let listening: Listening;
    try {
      listening = await this.open(
        (hard) => {
          this.#generation++;
          if (hard) this.#visibility++;
        },
        (error) => this.#lost(listening, error),
      );
    } catch (error) {
      this.#listenLater(error);
      return;
    }
    if (this.#closed) {
      await listening.close();
      return;
    }
    // Changes made while nobody listened went unheard: what was kept before is old.
    this.#generation++;
    this.#visibility++;
    this.#listening = listening;
  }

  #lost(listening: Listening, error?: Error) {
    if (this.#listening !== listening) return;
    this.#listening = null;
    this.#listenLater(error);
  }

  #listenLater(error: unknown) {
    if (this.#closed) return;
    this.warn(
      `${this.channel.name}: not listening (${error instanceof Error ? error.message : 'connection ended'}); ${this.channel.computed} until it is back`,
    );
    this.#retry = setTimeout(() => void this.listen(), this.retryMs);
    this.#retry.unref();
  }
}
