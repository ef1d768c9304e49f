import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/app.js';
import type { Database } from './client.js';
import { sqlStateOf, violatedUniqueConstraint } from './sql-errors.js';

describe('sql errors', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await database.db.execute(sql`create table sql_errors_probe (code text constraint sql_errors_probe_code unique)`);
    await database.db.execute(sql`insert into sql_errors_probe values ('taken')`);
  });
  afterAll(async () => drop());

  const failureOf = async (run: () => Promise<unknown>): Promise<unknown> => {
    try {
      await run();
    } catch (error) {
      return error;
    }
    throw new Error('the statement did not fail');
  };

  it('names the unique constraint a statement violated, inside a transaction too', async () => {
    const insert = sql`insert into sql_errors_probe values ('taken')`;
    const alone = await failureOf(() => database.db.execute(insert));
    const inTransaction = await failureOf(() => database.db.transaction((tx) => tx.execute(insert)));
    for (const error of [alone, inTransaction]) {
      expect(sqlStateOf(error)).toBe('23505');
      expect(violatedUniqueConstraint(error)).toBe('sql_errors_probe_code');
    }
  });

  it('tells other failures and other errors apart from a unique violation', async () => {
    const notNumber = await failureOf(() => database.db.execute(sql`select 'x'::int`));
    expect(sqlStateOf(notNumber)).toBe('22P02');
    expect(violatedUniqueConstraint(notNumber)).toBeNull();
    expect(sqlStateOf(new Error('not a statement'))).toBeUndefined();
    expect(violatedUniqueConstraint(undefined)).toBeNull();
  });
});
