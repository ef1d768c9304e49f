import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/app.js';
import type { Database } from './client.js';
import { executeNamed, NAMED_PER_CONNECTION, nameOf, RecentNames } from './named-statements.js';

describe('named statements', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => drop());

  it('answers as the statement unnamed does, whatever the values', async () => {
    const query = (code: string) => sql`select code, position from languages where code = ${code}`;
    for (const code of ['en', 'de', 'en']) {
      expect(await executeNamed(database.db, query(code))).toEqual((await database.db.execute(query(code))).rows);
    }
  });

  it('reads back every kind of value a statement is given as the statement unnamed does', async () => {
    const query = (text: string | null, number: number, flag: boolean) =>
      sql`select ${text}::text as text, ${number}::numeric as number, ${flag}::boolean as flag`;
    for (const [text, number, flag] of [
      ["O'Brien \\ says \\' hi '' \\n", 4.5, true],
      ['', -2147483648, false],
      [null, 0, true],
    ] as const) {
      const named = await executeNamed(database.db, query(text, number, flag));
      expect(named).toEqual((await database.db.execute(query(text, number, flag))).rows);
      expect(named).toEqual([expect.objectContaining({ text, flag })]);
    }
  });

  it('answers every caller when many run a new text at once', async () => {
    const query = (position: number) => sql`select count(*)::int as n from languages where position >= ${position}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => executeNamed(database.db, query(index))),
    );
    const expected = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => (await database.db.execute(query(index))).rows),
    );
    expect(answers).toEqual(expected);
  });

  it('names one text once', () => {
    expect(nameOf('select 1')).toBe(nameOf('select 1'));
    expect(nameOf('select 2')).not.toBe(nameOf('select 1'));
  });

  const distinctTexts = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
      query: (position: number) =>
        sql`select ${sql.raw(String(index))}::int as text, count(*)::int as n from languages where position >= ${position}`,
      index,
    }));

  it('keeps at most NAMED_PER_CONNECTION statements prepared on a connection, and answers past them', async () => {
    const texts = distinctTexts(NAMED_PER_CONNECTION + 10);
    const prepared = async (db: typeof database.db) =>
      Number(
        (
          await db.execute<{ n: number }>(
            sql`select count(*)::int as n from pg_prepared_statements where name like 'marco\_%'`,
          )
        ).rows[0]?.n,
      );
    // One connection: a transaction's on PostgreSQL, the engine itself on PGlite.
    const run = async (db: typeof database.db) => {
      for (const round of [1, 2]) {
        for (const { query, index } of texts) {
          expect(await executeNamed(db, query(round))).toEqual((await db.execute(query(round))).rows);
          expect(await executeNamed(db, query(round))).toEqual([expect.objectContaining({ text: index })]);
        }
        expect(await prepared(db)).toBeLessThanOrEqual(NAMED_PER_CONNECTION);
      }
      return prepared(db);
    };
    const left =
      database.engine === 'pglite'
        ? await run(database.db)
        : await database.db.transaction(async (tx) => run(tx as unknown as typeof database.db));
    expect(left).toBeGreaterThan(0);
  });

  it('answers every caller when many run more texts than a connection keeps, at once', async () => {
    const texts = distinctTexts(NAMED_PER_CONNECTION * 2);
    for (const round of [1, 2, 3]) {
      const calls = texts.flatMap(({ query }) => [query(round), query(round + 1)]);
      const answers = await Promise.all(calls.map((query) => executeNamed(database.db, query)));
      expect(answers).toEqual(await Promise.all(calls.map(async (query) => (await database.db.execute(query)).rows)));
    }
  });
});

describe('RecentNames', () => {
  it('makes room by the name run least recently', () => {
    const recent = new RecentNames(2);
    expect(recent.use('a')).toBeUndefined();
    expect(recent.use('b')).toBeUndefined();
    expect(recent.use('a')).toBeUndefined();
    expect(recent.use('c')).toBe('b');
    expect(recent.use('a')).toBeUndefined();
    expect(recent.use('b')).toBe('c');
  });
});
