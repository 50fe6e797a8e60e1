/**
 * Security events as one JSON line each on the Worker's log (Workers Logs / Logpush collect them):
 * logins, failed logins, lockouts, permission denials, rate limiting and admin actions. They carry
 * the request id, never passwords, cookies or keys.
 */
export type SecurityEventKind =
  | "login"
  | "login_failed"
  | "login_locked"
  | "login_suspended"
  | "login_slowed"
  | "login_busy"
  | "login_device_passed"
  | "current_password_failed"
  | "password_rehashed"
  | "permission_denied"
  | "authentication_required"
  | "rate_limited"
  | "admin_action"
  | "email_verified"
  | "email_changed"
  | "password_reset"
  | "password_reset_throttled"
  | "two_factor_challenge"
  | "two_factor_failed"
  | "two_factor_replay"
  | "two_factor_enabled"
  | "two_factor_disabled"
  | "recovery_code_used"
  | "recovery_codes_regenerated"
  | "session_ended";

export function securityEvent(kind: SecurityEventKind, fields: Record<string, unknown> = {}) {
  const line = JSON.stringify({ event: "security", kind, at: new Date().toISOString(), ...fields });
  if (kind === "login" || kind === "admin_action" || kind === "email_verified" || kind === "password_rehashed")
    console.info(line);
  else console.warn(line);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** What a finished request says about security: denials, rate limits, and every admin change. */
export function logSecurityOutcome(request: Request, status: number, requestId: string) {
  const url = new URL(request.url);
  const fields = { method: request.method, path: url.pathname, status, requestId };
  if (status === 401) securityEvent("authentication_required", fields);
  else if (status === 403) securityEvent("permission_denied", fields);
  else if (status === 429) securityEvent("rate_limited", fields);
  const adminPath = /^\/(api\/)?admin(\/|$)/.test(url.pathname) && url.pathname !== "/admin/login";
  if (adminPath && !SAFE_METHODS.has(request.method) && status < 400) securityEvent("admin_action", fields);
}
