/**
 * The ratchet of openapi-lint.test.ts: what Spectral (`spectral:oas`, errors and warnings) and Redocly
 * (`recommended`, errors only) find today in /api/openapi.json, by tool, rule and JSON path. A finding
 * not listed here fails the test, and so does a listed one that no longer appears: the list only
 * shrinks, until it is empty (issue 36: 0 errors and 0 warnings from Spectral, 0 errors from Redocly).
 *
 * A path is written as JSONPath: `.name` for a plain key, `['…']` for any other, `[n]` for an index.
 */

export type LintTool = "spectral" | "redocly";
export type KnownFinding = { tool: LintTool; rule: string; path: string; why: string };

/** Why each kind of finding is there today, one line each (the plan of issue 36, §2, says how each goes). */
const WHY = {
  scopesOnBearer: "the key's scopes are listed on the http bearer scheme (legal in 3.1); Spectral wants scopes from OAuth flows",
  handRegisteredOutput: "one of PATCH /api/users/{id}'s output shapes, registered by hand and referenced by no operation",
  noContact: "the document's info names no contact",
} as const;

const spectral = (rule: string, path: string, why: string): KnownFinding => ({ tool: "spectral", rule, path, why });
const scope = (path: string, method: string, alternative = 0) =>
  `$.paths['${path}'].${method}.security[${alternative}].bearerAuth[0]`;

export const KNOWN_FINDINGS: readonly KnownFinding[] = [
  // Spectral warnings: 22 scopes on the bearer scheme (20 operations; GET /api/events takes any of 3).
  spectral("oas3-operation-security-defined", scope("/api/referrals", "post"), WHY.scopesOnBearer),
  spectral("oas3-operation-security-defined", scope("/api/referrals/{id}", "get"), WHY.scopesOnBearer),
  spectral("oas3-operation-security-defined", scope("/api/referrals/{id}", "patch"), WHY.scopesOnBearer),
  spectral("oas3-operation-security-defined", scope("/api/referrals/{id}/messages", "get"), WHY.scopesOnBearer),
  spectral("oas3-operation-security-defined", scope("/api/referrals/{id}/messages", "post"), WHY.scopesOnBearer),
  spectral("oas3-operation-security-defined", scope("/api/referrals/{id}/messages/read", "post"), WHY.scopesOnBearer),
  spectral("oas3-operation-security-defined", scope("/api/referrals/{id}/correction", "post"), WHY.scopesOnBearer),
  spectral("oas3-operation-security-defined", scope("/api/referrals/{id}/resend", "post"), WHY.scopesOnBearer),
  spectral("oas3-operation-security-defined", scope("/api/referrals/{id}/withdraw", "post"), WHY.scopesOnBearer),
  spectral("oas3-operation-security-defined", scope("/api/referrals/{id}/confirmation", "post"), WHY.scopesOnBearer),
  spectral("oas3-operation-security-defined", scope("/api/referrals/business/{id}", "get"), WHY.scopesOnBearer),
  spectral("oas3-operation-security-defined", scope("/api/referrals/connector/{id}", "get"), WHY.scopesOnBearer),
  spectral("oas3-operation-security-defined", scope("/api/team-members/business/{id}", "get"), WHY.scopesOnBearer),
  spectral("oas3-operation-security-defined", scope("/api/payouts", "get"), WHY.scopesOnBearer),
  spectral("oas3-operation-security-defined", scope("/api/payouts", "post"), WHY.scopesOnBearer),
  spectral("oas3-operation-security-defined", scope("/api/earnings", "get"), WHY.scopesOnBearer),
  spectral("oas3-operation-security-defined", scope("/api/statements", "get"), WHY.scopesOnBearer),
  spectral("oas3-operation-security-defined", scope("/api/commissions", "get"), WHY.scopesOnBearer),
  spectral("oas3-operation-security-defined", scope("/api/commissions/{id}", "get"), WHY.scopesOnBearer),
  spectral("oas3-operation-security-defined", scope("/api/events", "get", 0), WHY.scopesOnBearer),
  spectral("oas3-operation-security-defined", scope("/api/events", "get", 1), WHY.scopesOnBearer),
  spectral("oas3-operation-security-defined", scope("/api/events", "get", 2), WHY.scopesOnBearer),

  // Spectral warnings: 4 unused components, and the contact.
  spectral("oas3-unused-component", "$.components.schemas.ProfileUpdateOutput", WHY.handRegisteredOutput),
  spectral("oas3-unused-component", "$.components.schemas.PhotoUpdateOutput", WHY.handRegisteredOutput),
  spectral("oas3-unused-component", "$.components.schemas.UsernameChangeOutput", WHY.handRegisteredOutput),
  spectral("oas3-unused-component", "$.components.schemas.PasswordChangeOutput", WHY.handRegisteredOutput),
  spectral("info-contact", "$.info", WHY.noContact),

  // Redocly: no errors (its 15 security-defined errors went when every webhook said `security: []`).
];
