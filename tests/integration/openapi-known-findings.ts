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
  plainTextPattern:
    "PLAIN_TEXT's pattern has `\\p{Cs}`, which a regex engine without the `u` flag (Spectral's) reads as the letters p{Cs}",
  singleLinePattern:
    "SINGLE_LINE_TEXT's pattern has `\\p{…}` classes, which a regex engine without the `u` flag (Spectral's) reads as letters",
} as const;

const spectral = (rule: string, path: string, why: string): KnownFinding => ({ tool: "spectral", rule, path, why });
const example = (path: string, method: string, field: string) =>
  `$.paths['${path}'].${method}.requestBody.content['application/json'].example.${field}`;

export const KNOWN_FINDINGS: readonly KnownFinding[] = [
  // Spectral errors: 13 request examples fail their own field's pattern.
  spectral("oas3-valid-media-example", example("/api/auth/login", "post", "password"), WHY.plainTextPattern),
  spectral("oas3-valid-media-example", example("/api/auth/two-factor", "delete", "currentPassword"), WHY.plainTextPattern),
  spectral("oas3-valid-media-example", example("/api/auth/signup", "post", "email"), WHY.plainTextPattern),
  spectral("oas3-valid-media-example", example("/api/auth/password-reset", "post", "email"), WHY.plainTextPattern),
  spectral("oas3-valid-media-example", example("/api/public/register-business", "post", "password"), WHY.plainTextPattern),
  spectral("oas3-valid-media-example", example("/api/referrals", "post", "referredPersonEmail"), WHY.plainTextPattern),
  spectral("oas3-valid-media-example", example("/api/referrals/{id}", "patch", "statusNotes"), WHY.plainTextPattern),
  spectral("oas3-valid-media-example", example("/api/referrals/{id}/messages", "post", "body"), WHY.plainTextPattern),
  spectral("oas3-valid-media-example", example("/api/team-members", "post", "email"), WHY.plainTextPattern),
  spectral("oas3-valid-media-example", example("/api/webhooks", "post", "url"), WHY.singleLinePattern),
  spectral("oas3-valid-media-example", example("/api/api-keys", "post", "name"), WHY.singleLinePattern),
  spectral("oas3-valid-media-example", example("/api/businesses", "post", "companyName"), WHY.singleLinePattern),
  spectral("oas3-valid-media-example", example("/api/businesses/{id}", "patch", "companyName"), WHY.singleLinePattern),

  // Redocly: no errors (its 15 security-defined errors went when every webhook said `security: []`).
];
