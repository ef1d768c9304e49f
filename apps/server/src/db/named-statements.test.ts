import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/app.js';
import type { Database } from './client.js';
import { executeNamed, NAMED_TEXTS_MAX, nameOf } from './named-statements.js';

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

  it('names one text once, and at most NAMED_TEXTS_MAX texts', () => {
    expect(nameOf('select 1')).toBe(nameOf('select 1'));
    expect(nameOf('select 2')).not.toBe(nameOf('select 1'));
    for (let index = 0; index < NAMED_TEXTS_MAX; index += 1) nameOf(`select ${index + 10}`);
    expect(nameOf('select 1')).toBeDefined();
    expect(nameOf('select -1')).toBeUndefined();
  });
});
