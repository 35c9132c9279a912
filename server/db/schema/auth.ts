import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Sign-in sessions. The bearer token is never stored, only its SHA-256. The table doubles as the
 * session log (/log_viewer): IP, device type, browser agent, app version, last access.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id').notNull().references(() => users.id),
    remember: integer('remember').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
    deviceType: text('device_type'),
    browserAgent: text('browser_agent'),
    appVersion: text('app_version'),
  },
  // The session log's order (last access, id; ADR 062): a page after a cursor is one range of sessions_last_seen.
  (t) => [index('sessions_user').on(t.userId), index('sessions_last_seen').on(t.lastSeenAt, t.id)],
);

/**
 * Failed sign-in counters, keyed "account:<id>" or "ip:<address>", in the database so every
 * replica agrees and locks survive a restart.
 */
export const authFailures = pgTable('auth_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Single-use codes and links (password reset by SMS or email, deletion or phone-change confirmation,
 * the giving page's pledge code). A code belongs to a user, or, for people who are not users (a
 * member on the public giving page), to its `subject` alone: the phone it was sent to (ADR 056).
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    purpose: text('purpose').notNull(),
    /** What the code is bound to (e.g. the record a deletion targets). */
    subject: text('subject').notNull().default(''),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('one_time_codes_user_purpose').on(t.userId, t.purpose),
    index('one_time_codes_hash').on(t.codeHash),
    index('one_time_codes_subject_purpose').on(t.subject, t.purpose).where(sql`${t.userId} is null`),
    check('one_time_codes_owner', sql`${t.userId} is not null or ${t.subject} <> ''`),
  ],
);

export const activityLog = pgTable(
  'activity_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    sessionId: uuid('session_id'),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    details: text('details'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The activity log's order (created_at, id; ADR 062), for everyone and for one user: a page after a cursor is one range.
  (t) => [index('activity_log_created').on(t.createdAt, t.id), index('activity_log_user').on(t.userId, t.createdAt, t.id)],
);

/** Stored responses for Idempotency-Key requests (kept at least 24 h). */
export const idempotencyKeys = pgTable('idempotency_keys', {
  scope: text('scope').notNull(),
  key: text('key').notNull(),
  requestHash: text('request_hash').notNull(),
  statusCode: integer('status_code'),
  response: text('response'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.scope, t.key] })]);
