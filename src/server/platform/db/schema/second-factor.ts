import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './auth';

/** What a reset by e-mail link chose to remove: the app, and passkeys by id. */
export interface FactorRemovals {
  totp: boolean;
  passkeyIds: string[];
}

const account = () =>
  uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });

/**
 * An authenticator app (TOTP, RFC 6238) per account (migration 0024). `secret` is encrypted and never
 * answered once confirmed; `pendingSecret` is the one being set up. `lastStep`: the last accepted step.
 */
export const totpCredentials = pgTable('totp_credentials', {
  accountId: account().primaryKey(),
  secret: text('secret'),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  pendingSecret: text('pending_secret'),
  pendingExpiresAt: timestamp('pending_expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Passkeys (WebAuthn credentials): several per account, named; `credentialId` is unique. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: account(),
    /** base64url, as the browser gives it. */
    credentialId: text('credential_id').notNull().unique('passkeys_credential_id_key'),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    deviceType: text('device_type').notNull().default('singleDevice'),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('passkeys_account_idx').on(table.accountId)],
);

/** Single-use recovery codes: only the SHA-256 of each is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    accountId: account(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('recovery_codes_account_idx').on(table.accountId)],
);

/**
 * A sign-in past its password, waiting for the second factor (`verify`) or for one to be set up (`setup`):
 * short lived, single use; `id` is the SHA-256 of the token in the browser's HttpOnly cookie.
 */
export const pendingSignIns = pgTable(
  'pending_sign_ins',
  {
    id: text('id').primaryKey(),
    accountId: account(),
    purpose: text('purpose', { enum: ['verify', 'setup'] }).notNull(),
    /** The WebAuthn challenge of this step, once asked for. */
    challenge: text('challenge'),
    /** Factors a reset by e-mail link chose to remove, once the second step is proved (migration 0036). */
    removals: jsonb('removals').$type<FactorRemovals>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pending_sign_ins_account_idx').on(table.accountId)],
);

/** The challenge of a passkey being added, one at a time per account, single use. */
export const passkeyChallenges = pgTable('passkey_challenges', {
  accountId: account().primaryKey(),
  challenge: text('challenge').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** A sign-in with a passkey alone, before the account is known: its challenge, single use (hash of the cookie's token). */
export const passkeySignIns = pgTable('passkey_sign_ins', {
  id: text('id').primaryKey(),
  challenge: text('challenge').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
