import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './auth.js';
import { users } from './users.js';

/**
 * A staff member's authenticator (RFC 6238 TOTP, issue 18 item 1). The secret is kept in
 * clear because verifying a code needs it; `confirmedAt` is null while an enrolment waits
 * for its first code. `lastUsedStep` refuses a code (time step) that was already used.
 */
export const staffTotp = pgTable('staff_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32, 160 bits. */
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
});

/** Ten single-use codes per enrolment, for a lost authenticator; only a hash is stored. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('staff_recovery_codes_user_hash').on(table.userId, table.codeHash)],
);

/** Sessions (cookie or bearer) that passed the second factor: only these reach staff routes. */
export const staffSessionFactors = pgTable(
  'staff_session_factors',
  {
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    method: text('method').$type<'totp' | 'recovery_code'>().notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('staff_session_factors_method', sql`${table.method} in ('totp', 'recovery_code')`)],
);

/**
 * Every staff action (issue 18 item 7), written in the transaction of the action itself.
 * Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0001 of this set).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorUserId: uuid('actor_user_id')
      .notNull()
      .references(() => users.id),
    /** The actor's staff roles when acting. */
    actorRoles: text('actor_roles').array().notNull(),
    /** What was done, `<context>.<verb>`: 'guide.approve', 'staff.roles.update'… */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
  },
  (table) => [
    index('audit_log_at').on(table.at.desc(), table.id.desc()),
    index('audit_log_actor_at').on(table.actorUserId, table.at.desc()),
    index('audit_log_target_at').on(table.targetType, table.targetId, table.at.desc()),
    index('audit_log_action_at').on(table.action, table.at.desc()),
  ],
);
