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

  it('names one text once, and at most NAMED_TEXTS_MAX texts', () => {
    expect(nameOf('select 1')).toBe(nameOf('select 1'));
    expect(nameOf('select 2')).not.toBe(nameOf('select 1'));
    for (let index = 0; index < NAMED_TEXTS_MAX; index += 1) nameOf(`select ${index + 10}`);
    expect(nameOf('select 1')).toBeDefined();
    expect(nameOf('select -1')).toBeUndefined();
  });
});
