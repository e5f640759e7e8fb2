import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../../common/roles';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Identity: what signs in. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    displayName: text('display_name').notNull().default(''),
    photoUrl: text('photo_url').notNull().default(''),
    active: boolean('active').notNull().default(true),
    /** When the holder proved they receive mail at `email` (the link of «Confirma tu correo»). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The last successful sign-in (the users screen shows it). */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [uniqueIndex('accounts_email_key').on(sql`lower(${table.email})`)],
);

/** Profile of an account, keyed by the account id (SPEC §3). */
export const profiles = pgTable('profiles', {
  id: uuid('id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  role: text('role', { enum: ROLES }).notNull().default('paciente'),
  displayName: text('display_name').notNull().default(''),
  photoUrl: text('photo_url').notNull().default(''),
  phone: text('phone'),
  ...timestamps,
});

/** Sessions: only the SHA-256 of the token is stored, so a leaked table opens no session. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    /** The session's public identifier (the id, the token's hash, never leaves the server). Migration 0023. */
    handle: uuid('handle').notNull().defaultRandom(),
    /** The last request of any kind, and its address: written at most once a minute (`sessions.ts`). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    /** The person's last input (the client's keep-alive): a staff session ends after the clinic's idle time. */
    activeAt: timestamp('active_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last proof of its owner (the sign-in, or a step-up): a change of factors needs a recent one. Migration 0036. */
    provedAt: timestamp('proved_at', { withTimezone: true }),
  },
  (table) => [index('sessions_account_idx').on(table.accountId), uniqueIndex('sessions_handle_key').on(table.handle)],
);

/**
 * Devices an account signed in from: the SHA-256 of «browser|system|kind|network» (never the user-agent or
 * address themselves). A sign-in from one not seen in the last 180 days sends «Nuevo inicio de sesión».
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.fingerprint] })],
);

/** Single-use, expiring tokens for password reset and invitations (hash stored, never the token). */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: text('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'invitation'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_tokens_account_idx').on(table.accountId)],
);

/**
 * Single-use, expiring links that prove an account's e-mail (hash stored, never the token). `email` is the
 * address the link was sent to: it proves nothing once the account's address is another.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: text('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_verification_tokens_account_idx').on(table.accountId, table.createdAt)],
);

/** Failed sign-ins per key (`email:…` or `ip:…`) in a sliding window, for throttling across instances. */
export const signInThrottle = pgTable('sign_in_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});
