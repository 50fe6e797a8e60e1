import type { TestApp } from "./app";

// rate_limits counts every key request and failed login by design, so it is left out.
const COUNTED_TABLES = [
  "users",
  "sessions",
  "businesses",
  "connectors",
  "referrals",
  "referral_status_changes",
  "team_members",
  "notifications",
  "mail_outbox",
  "auth_tokens",
  "activity_logs",
  "api_keys",
  "idempotency_keys",
  "webhook_endpoints",
  "webhook_events",
  "webhook_deliveries",
] as const;

/**
 * One statement that changes whenever a request writes something: the row count of every table a
 * request can write, the latest update of the tables that record one, and the columns that change
 * in place without it (read, revoked, suspended, team roles). Columns written after the response
 * (last use, last seen, delivery attempts) are left out.
 */
export async function dbFingerprint(app: TestApp) {
  const counts = COUNTED_TABLES.map((t) => `(select count(*) from ${t}) as ${t}`);
  const updated = ["users", "businesses", "connectors", "referrals"].map(
    (t) => `(select max(updated_at) from ${t}) as ${t}_updated`,
  );
  const [row] = await app.query(
    `select ${[...counts, ...updated].join(", ")},
      (select count(read_at) from notifications) as notifications_read,
      (select count(revoked_at) from api_keys) as api_keys_revoked,
      (select count(suspended_at) from users) as users_suspended,
      (select group_concat(id || ':' || role || ':' || ifnull(user_id, '')) from team_members) as team_roles`,
  );
  return row;
}
