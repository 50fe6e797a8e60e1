import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ACCOUNT_TYPES, AUTH_TOKEN_PURPOSES, NOTIFICATION_MAIL_KINDS } from "../enums";
import { createdAt, reference, updatedAt } from "./columns";

/** People: accounts, sessions, sign-in tokens and throttles, two factors, mail opt-outs. */

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    name: text("name").notNull(),
    email: text("email"),
    // When the current email was proven to reach this user (a verification link was opened); null
    // until then and again after every email change. Nothing that trusts an address follows an
    // unverified one (decision 044).
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
    phone: text("phone"),
    accountType: text("account_type", { enum: ACCOUNT_TYPES }).notNull().default("individual"),
    isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
    profilePhoto: text("profile_photo"),
    suspendedAt: integer("suspended_at", { mode: "timestamp_ms" }),
    // When two-factor sign-in was turned on (null: off). The secret lives in user_two_factor, never
    // here: this row rides with every session lookup (decision 050).
    twoFactorEnabledAt: integer("two_factor_enabled_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Usernames keep the case people type but are unique regardless of case.
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
    index("users_email_idx").on(sql`lower(${t.email})`),
    index("users_created_at_idx").on(t.createdAt),
    // The admin console's "suspended" filter: few rows, so a partial index (migration 0016).
    index("users_suspended_idx").on(t.suspendedAt).where(sql`${t.suspendedAt} is not null`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    // SHA-256 of the random token in the cookie, so a leaked table cannot be replayed as cookies.
    id: text("id").primaryKey(),
    userId: reference("user_id", () => users.id, "cascade").notNull(),
    createdAt: createdAt(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    // When the password was last entered in this session (login, or re-authentication before an
    // admin change); null for sessions older than the column, which must re-authenticate.
    passwordVerifiedAt: integer("password_verified_at", { mode: "timestamp_ms" }),
    // What the owner sees to recognise a session in Settings (decision 107): an opaque id to name it
    // by (never the token's hash), "Chrome on macOS" parsed from the User-Agent (not the header
    // itself), and the client address and country it was last seen from.
    publicId: text("public_id"),
    device: text("device"),
    ipAddress: text("ip_address"),
    country: text("country"),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    index("sessions_expires_idx").on(t.expiresAt),
    uniqueIndex("sessions_public_id_idx").on(t.publicId),
  ],
);

/** Single-use links mailed to a user (verify an address, reset a password): hashes only. */
export const authTokens = sqliteTable(
  "auth_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    purpose: text("purpose", { enum: AUTH_TOKEN_PURPOSES }).notNull(),
    userId: reference("user_id", () => users.id, "cascade").notNull(),
    // The address the link was sent to: a verification proves this address, and only while it is
    // still the user's email.
    email: text("email").notNull(),
    // SHA-256 of the token, set by the scheduled job when it mails the link; null until then.
    tokenHash: text("token_hash"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("auth_tokens_hash_unique").on(t.tokenHash),
    index("auth_tokens_user_idx").on(t.userId, t.purpose),
    index("auth_tokens_expires_idx").on(t.expiresAt),
  ],
);

/**
 * A user's TOTP secret (decision 050), sealed with AES-GCM under a key derived from SESSION_SECRET
 * and bound to the user id. `confirmedAt` null: a setup not yet proven with a code. `lastUsedStep`:
 * the 30-second step of the last accepted code, so a code is never accepted twice.
 */
export const userTwoFactor = sqliteTable("user_two_factor", {
  userId: reference("user_id", () => users.id, "cascade").primaryKey(),
  sealedSecret: text("sealed_secret").notNull(),
  confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
  lastUsedStep: integer("last_used_step"),
  createdAt: createdAt(),
});

/** Single-use recovery codes for two-factor sign-in: SHA-256 hashes only. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: reference("user_id", () => users.id, "cascade").notNull(),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("recovery_codes_user_hash_unique").on(t.userId, t.codeHash)],
);

/**
 * The second step of a sign-in: the right password was given, a code is still due. The id is the
 * SHA-256 of the token the client holds; it lapses after 5 minutes or 5 wrong codes, and works once.
 */
export const twoFactorChallenges = sqliteTable(
  "two_factor_challenges",
  {
    id: text("id").primaryKey(),
    userId: reference("user_id", () => users.id, "cascade").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("two_factor_challenges_expires_idx").on(t.expiresAt)],
);

/** Notification mail a user has turned off, one row per kind (no row: the mail comes). */
export const mailOptOuts = sqliteTable(
  "mail_opt_outs",
  {
    userId: reference("user_id", () => users.id, "cascade").notNull(),
    kind: text("kind", { enum: NOTIFICATION_MAIL_KINDS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** Fixed-window counters for rate limits and login lockouts, keyed by purpose and subject. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: integer("window_start", { mode: "timestamp_ms" }).notNull(),
});

/**
 * Who is checking an account's password right now (issue 32, N8; decision 111): one row per username
 * (lower case) while a check runs, claimed by a guarded upsert that succeeds only when no unexpired
 * lease is there, and deleted by its holder when the check ends. Checks of one account run one at a
 * time, so the per-account slowdown is a real rate and not a sleep that parallel guesses share.
 */
export const passwordCheckLeases = sqliteTable("password_check_leases", {
  account: text("account").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
});

export type User = typeof users.$inferSelect;
