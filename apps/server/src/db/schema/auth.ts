import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Accounts at Google, Facebook or Apple that sign a user in. */
export const externalLogins = pgTable(
  'external_logins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('external_logins_provider_user').on(table.provider, table.providerUserId),
    index('external_logins_user').on(table.userId),
    check('external_logins_provider', sql`${table.provider} in ('google', 'facebook', 'apple')`),
  ],
);

export type VerificationPurpose = 'register' | 'reset' | 'change_phone' | 'change_password';

/**
 * Texted 6-digit codes. Only a hash is stored; a confirmed code may hand out a one-time
 * grant (registration or reset token), stored hashed as well.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<VerificationPurpose>().notNull(),
    /** The number the code went to (E.164). */
    recipient: text('recipient').notNull(),
    codeHash: text('code_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** What the code confirms, e.g. `{ phoneNumber }` for a phone change. */
    payload: jsonb('payload').$type<Record<string, string>>(),
    grantHash: text('grant_hash').unique(),
    grantExpiresAt: timestamp('grant_expires_at', { withTimezone: true }),
    grantUsedAt: timestamp('grant_used_at', { withTimezone: true }),
  },
  (table) => [
    index('verification_codes_user_purpose').on(table.userId, table.purpose, table.sentAt),
    check(
      'verification_codes_purpose',
      sql`${table.purpose} in ('register', 'reset', 'change_phone', 'change_password')`,
    ),
    check('verification_codes_attempts', sql`${table.attempts} >= 0`),
  ],
);

/**
 * Web cookie sessions and bearer tokens alike: an opaque random token, stored hashed,
 * revocable. `idleTimeoutSeconds` makes a browser-session cookie expire when unused.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'web' for the cookie, otherwise the OAuth client id (e.g. 'Mobile'). */
    client: text('client').notNull(),
    scope: text('scope'),
    idleTimeoutSeconds: integer('idle_timeout_seconds'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user').on(table.userId)],
);

/**
 * Fixed-window counters shared by every instance; a key is a hash of what is limited
 * (e.g. 'login:ip:…'), so no phone number or address is kept here.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [index('rate_limits_window_start').on(table.windowStart)],
);

/**
 * Links that confirm a user's e-mail address. Only a hash of the token is kept; a link
 * confirms the address it was sent to, once, within its lifetime.
 */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_confirmations_user').on(table.userId, table.sentAt)],
);
