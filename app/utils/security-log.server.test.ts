import { afterEach, describe, expect, test, vi } from "vitest";
import { logSecurityOutcome, securityEvent } from "./security-log.server";

afterEach(() => vi.restoreAllMocks());

function captured() {
  const lines: Record<string, unknown>[] = [];
  const push = (line: string) => void lines.push(JSON.parse(line));
  vi.spyOn(console, "warn").mockImplementation(push);
  vi.spyOn(console, "info").mockImplementation(push);
  return lines;
}

describe("security log", () => {
  test("each event is one JSON line with its kind and time", () => {
    const lines = captured();
    securityEvent("login_failed", { username: "jane" });
    expect(lines).toEqual([{ event: "security", kind: "login_failed", at: expect.any(String), username: "jane" }]);
  });

  test("denials, rate limits and admin changes are logged with the request id; ordinary requests are not", () => {
    const lines = captured();
    const req = (method: string, path: string) => new Request(`http://localhost${path}`, { method });
    logSecurityOutcome(req("GET", "/api/referrals/9"), 403, "r1");
    logSecurityOutcome(req("GET", "/api/auth/me"), 401, "r2");
    logSecurityOutcome(req("GET", "/api/referrals/business/1"), 429, "r3");
    logSecurityOutcome(req("POST", "/api/admin/users/4/suspension"), 200, "r4");
    logSecurityOutcome(req("POST", "/admin/connectors"), 302, "r5");
    logSecurityOutcome(req("GET", "/admin/connectors"), 200, "r6");
    logSecurityOutcome(req("POST", "/admin/login"), 302, "r7");
    logSecurityOutcome(req("GET", "/my-referrals"), 200, "r8");
    expect(lines.map((l) => [l.kind, l.requestId, l.path])).toEqual([
      ["permission_denied", "r1", "/api/referrals/9"],
      ["authentication_required", "r2", "/api/auth/me"],
      ["rate_limited", "r3", "/api/referrals/business/1"],
      ["admin_action", "r4", "/api/admin/users/4/suspension"],
      ["admin_action", "r5", "/admin/connectors"],
    ]);
  });
});
