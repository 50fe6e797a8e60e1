import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { generateSync } from "json-schema-faker";
import { describe, expect, test } from "vitest";
import type * as z from "zod";
import type { Operation } from "../http/api-contract";
import { zodFieldErrors } from "../utils/api.server";
import { REFERRAL_FEE_UNREADABLE } from "../validation/business";
import { eventQueryInput } from "../validation/events";
import { PAID_AT_FUTURE } from "../validation/payouts";
import { statementQueryInput } from "../validation/statements";
import { apiRouteModules, collectOperations, generateOpenApiDocument } from "./generate";

/**
 * The probe of issue 36 (plan §2, "Inputs the document allows and the app refuses"): for every
 * operation with a JSON body or a query, json-schema-faker (seeded, so every run sends the same
 * inputs) makes inputs from the document; those Ajv (JSON Schema 2020-12, with formats) says the
 * document allows are parsed the way the route parses them. A refusal is a finding: the document
 * must say the app's rule. What no JSON Schema can say is allowed below, each with why (decision 158).
 *
 * json-schema-faker rather than a hand-written generator: it reads every keyword the document uses
 * (patterns through its own regex generator, formats, anyOf/oneOf/allOf, if/then), which a generator
 * of ours would have to grow for each rule the document learns, and it has no dependencies.
 */

type Issues = Record<string, string[]>;
/** How the route reads an input: the field messages of a refusal, or null when it takes it. */
type RouteParse = (input: unknown) => Issues | null;

const parsed = (result: z.ZodSafeParseResult<unknown>): Issues | null => (result.success ? null : zodFieldErrors(result.error));
const withSchema =
  (...schemas: z.ZodType[]): RouteParse =>
  (input) => {
    const issues = schemas.map((schema) => parsed(schema.safeParse(input))).filter((i): i is Issues => i !== null);
    return issues.length ? Object.assign({}, ...issues) : null;
  };
const params = (input: unknown) => input as URLSearchParams;
/** `parseQuery`: a name given twice counts its first value. */
const firstValues = (input: unknown) => {
  const query = new Map<string, string>();
  for (const [name, value] of params(input)) if (!query.has(name)) query.set(name, value);
  return Object.fromEntries(query);
};

/**
 * How a route reads its input where it is not `parseWith(contract.<method>.body.schema, body)` or
 * `parseQuery(contract.<method>.query, request)` (see `readsOf`): what a contract cannot say.
 */
const READ_OTHERWISE: Record<string, (op: Operation) => { body?: RouteParse; query?: RouteParse }> = {
  /** PATCH /api/users/{id} picks its union body's option by the keys sent (app/routes/api.users.$id.ts). */
  updateUser: (op) => {
    const [profile, photo, username, password] = (op.body!.schema as z.ZodUnion<z.ZodType[]>).options;
    return {
      body: (input) => {
        const body = input as Record<string, unknown>;
        const schema = "password" in body ? password : "username" in body ? username : "profilePhoto" in body ? photo : profile;
        return withSchema(schema!)(body);
      },
    };
  },
  listEvents: (op) => ({ query: (input) => withSchema(op.query!)(eventQueryInput(params(input))) }),
  getStatement: (op) => ({ query: (input) => withSchema(op.query!)(statementQueryInput(params(input))) }),
};

/**
 * Each operation's body and query, read as its route reads them: derived from the routes' contracts
 * (the schemas the handlers parse with), so a new endpoint is probed without editing this test.
 */
function readsOf(op: Operation): { body?: RouteParse; query?: RouteParse } {
  return {
    ...(op.body ? { body: withSchema(op.body.schema) } : {}),
    ...(op.query ? { query: (input: unknown) => withSchema(op.query!)(firstValues(input)) } : {}),
    ...READ_OTHERWISE[op.operationId]?.(op),
  };
}

const ROUTES: Record<string, { body?: RouteParse; query?: RouteParse }> = Object.fromEntries(
  collectOperations(await apiRouteModules()).map((op) => [op.operationId, readsOf(op)]),
);

const WHY = {
  confirmation: "confirmPassword must equal password: JSON Schema cannot compare two values",
  referralFee:
    "an older client's free-text referralFee must read as exactly one fee, by a parser (parseReferralFee: symbols, codes, separators, one amount) that is not restated as a pattern; the description lists what it reads",
  clock: "not in the future: the clock moves, a schema does not; the description says it",
  twoParameters: "OpenAPI describes each query parameter on its own: no schema relates two of them; the descriptions say it",
} as const;

type Allowed = { op: string; field: string; message?: string; why: string };

/**
 * What the document cannot say, by operation, part and field (and message, where the field has
 * other rules the document does say): rules that compare two values, read free text, or need the
 * clock. Listed so the probe stays quiet about them; each says why. Rules checked after the parse (a
 * password's zxcvbn strength, a username or UEN already taken, a webhook's private host) are the
 * domain's: the probe parses only, and the field descriptions say them.
 */
const CANNOT_SAY: readonly Allowed[] = [
  { op: "confirmPasswordReset", field: "body.confirmPassword", why: WHY.confirmation },
  { op: "updateUser", field: "body.confirmPassword", why: WHY.confirmation },
  { op: "registerBusiness", field: "body.referralFee", message: REFERRAL_FEE_UNREADABLE, why: WHY.referralFee },
  { op: "createBusiness", field: "body.referralFee", message: REFERRAL_FEE_UNREADABLE, why: WHY.referralFee },
  { op: "updateBusiness", field: "body.referralFee", message: REFERRAL_FEE_UNREADABLE, why: WHY.referralFee },
  { op: "recordPayout", field: "body.paidAt", message: PAID_AT_FUTURE, why: WHY.clock },
  {
    op: "listEvents",
    field: "query.endingBefore",
    message: "Use startingAfter or endingBefore, not both",
    why: WHY.twoParameters,
  },
  {
    op: "listEvents",
    field: "query.createdBefore",
    message: "createdBefore must be later than createdFrom",
    why: WHY.twoParameters,
  },
];

type JsonSchema = Record<string, unknown>;
type DocOperation = {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

/** The schema with every `#/components/schemas/…` reference replaced by its target (request schemas are not recursive). */
function inlined(schema: unknown, components: Record<string, unknown>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlined(item, components));
  if (typeof schema !== "object" || schema === null) return schema;
  const { $ref, ...rest } = schema as JsonSchema;
  if (typeof $ref === "string") {
    const target = components[$ref.replace("#/components/schemas/", "")];
    if (!target) throw new Error(`Unknown reference ${$ref}`);
    return inlined({ ...(target as JsonSchema), ...rest }, components);
  }
  return Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inlined(value, components)]));
}

/**
 * The schema the sampler reads: json-schema-faker draws a string from one pattern, so where a field
 * has several (`allOf` of patterns: the safe-text rule, the field's own, the trimmed length) it gets
 * the field's own: the last anchored one, or the "must contain" classes in a row. Ajv still judges every sample against the document's schema.
 */
function forSampling(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSampling);
  if (typeof schema !== "object" || schema === null) return schema;
  const { allOf, ...rest } = schema as JsonSchema;
  const patterns = Array.isArray(allOf) && allOf.every((s) => Object.keys(s as JsonSchema).join() === "pattern");
  const out: JsonSchema = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, forSampling(value)]));
  if (patterns) {
    const all = allOf.map((s) => (s as JsonSchema).pattern as string);
    // "Must contain one of" classes (a password's [A-Z], [a-z], [0-9]) go first, then letters and digits.
    const contains = all.filter((p) => /^\[[^^\]][^\]]*\]$/.test(p));
    const min = Math.max(0, (typeof rest.minLength === "number" ? rest.minLength : 0) - contains.length);
    out.pattern = contains.length
      ? `^${contains.join("")}[A-Za-z0-9]{${min},${min + 10}}$`
      : (all.filter((p) => p.startsWith("^") && p.endsWith("$")).at(-1) ?? all.at(-1));
  } else if (allOf !== undefined) out.allOf = forSampling(allOf);
  // At least one of several optional properties (minProperties, with no others allowed): the faker may
  // leave every optional one out and then throws, so it draws them all.
  if (typeof out.minProperties === "number" && out.minProperties > 0 && typeof out.properties === "object" && out.properties)
    out.required = Object.keys(out.properties);
  return typeof out.pattern === "string" ? { ...out, pattern: sized(out) } : out;
}

/**
 * A pattern of one repeated class or group (`^[0-9 +()-]+$`) with the field's lengths as its count:
 * json-schema-faker draws a few repetitions and pads to minLength with letters, which the pattern refuses.
 */
function sized(schema: JsonSchema): string {
  const pattern = schema.pattern as string;
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? Math.min(schema.maxLength, min + 30) : min + 30;
  return (
    foldedForSampling(pattern, min, max) ??
    (/^\^(?:\[[^\]]*\]|\(\?:.*\))[*+]\$$/.test(pattern) ? `${pattern.slice(0, -2)}{${min},${max}}$` : pattern)
  );
}

const CLASS = String.raw`\[\^?(?:\\.|[^\\\]])*\]`;
/** Decision 155's folded patterns (white space, a word character, the field's characters, …) by shape. */
const FOLDED = {
  trimmedOne: new RegExp(String.raw`^\^(?:${CLASS}\*)?(${CLASS})(${CLASS})\*\$$`),
  trimmed: new RegExp(String.raw`^\^(?:${CLASS}\*)?(${CLASS})(${CLASS})\{(\d+),\}${CLASS}(?:${CLASS}\*)?\$$`),
  withoutSpaces: new RegExp(String.raw`^\^(?:${CLASS}\*)?(?:\(\?:)?(${CLASS})(?:${CLASS}\*\))?\{(\d+),(\d+)\}\$$`),
};

/**
 * The same rule without its optional white space, and the field's lengths as counts: json-schema-faker
 * draws long runs for `*` and `{n,}`, which the field's maxLength then refuses.
 */
function foldedForSampling(pattern: string, min: number, max: number): string | null {
  const one = FOLDED.trimmedOne.exec(pattern);
  if (one) return `^${one[1]}${one[2]}{${Math.max(0, min - 1)},${Math.max(0, max - 1)}}$`;
  const trimmed = FOLDED.trimmed.exec(pattern);
  if (trimmed) {
    const least = Math.max(Number(trimmed[3]), min - 2);
    return `^${trimmed[1]}${trimmed[2]}{${least},${Math.max(least, max - 2)}}${trimmed[1]}$`;
  }
  const counted = FOLDED.withoutSpaces.exec(pattern);
  return counted ? `^${counted[1]}{${counted[2]},${counted[3]}}$` : null;
}

/** The query parameters as one object schema (what the sampler and Ajv read). */
function querySchema(op: DocOperation): JsonSchema | null {
  const query = (op.parameters ?? []).filter((p) => p.in === "query");
  if (!query.length) return null;
  return {
    type: "object",
    properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
    required: query.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  };
}

/** A query object as the query string a client sends (arrays exploded: `type=a&type=b`). */
function toSearchParams(value: unknown): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    for (const one of Array.isArray(item) ? item : [item]) search.append(key, String(one));
  }
  return search;
}

const SAMPLES_PER_PART = 100;
/** multipleOfPrecision: a decimal step (0.1) means the decimal, not its binary float (13.4 / 0.1 is 133.99999999999997). */
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true, multipleOfPrecision: 9 });
addFormats(ajv);

/** The document as the build generates it (read before the clock starts: the probe times itself). */
const document = await generateOpenApiDocument();

function probe() {
  const components = (document.components?.schemas ?? {}) as Record<string, unknown>;
  const findings = new Map<string, { op: string; field: string; message: string; example: unknown }>();
  const counts = { operations: 0, sampled: 0, allowed: 0 };
  const allowedByPart = new Map<string, number>();
  const missing: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ["get", "post", "patch", "delete"] as const) {
      const op = (item as Record<string, DocOperation | undefined>)[method];
      if (!op) continue;
      const parts: [part: "body" | "query", schema: JsonSchema | null][] = [
        ["body", (op.requestBody?.content["application/json"]?.schema as JsonSchema | undefined) ?? null],
        ["query", querySchema(op)],
      ];
      for (const [part, documented] of parts) {
        if (!documented) continue;
        const parse = ROUTES[op.operationId]?.[part];
        if (!parse) {
          missing.push(`${method.toUpperCase()} ${path} (${op.operationId}) ${part}`);
          continue;
        }
        counts.operations += 1;
        const schema = inlined(documented, components) as JsonSchema;
        const allowed = ajv.compile(schema);
        const sampled = forSampling(schema) as JsonSchema;
        for (let seed = 1; seed <= SAMPLES_PER_PART; seed += 1) {
          const sample = generateSync(sampled, { seed, optionalsProbability: 0.6 });
          counts.sampled += 1;
          if (!allowed(sample)) continue;
          counts.allowed += 1;
          const name = `${op.operationId} ${part}`;
          allowedByPart.set(name, (allowedByPart.get(name) ?? 0) + 1);
          const issues = parse(part === "query" ? toSearchParams(sample) : sample);
          for (const [field, messages] of Object.entries(issues ?? {})) {
            for (const message of messages) {
              const key = `${op.operationId} ${part}.${field}: ${message}`;
              if (!findings.has(key))
                findings.set(key, { op: op.operationId, field: `${part}.${field}`, message, example: sample });
            }
          }
        }
      }
    }
  }
  return { findings, counts, missing, allowedByPart };
}

describe("inputs the document allows", () => {
  const started = performance.now();
  const { findings, counts, missing, allowedByPart } = probe();
  const seconds = (performance.now() - started) / 1000;

  test("every operation with a body or a query is read as its route reads it", () => {
    expect(missing).toEqual([]);
    // 50 when the table became the contracts (issue 36): every body and query of the document, none left out.
    expect(counts.operations).toBeGreaterThanOrEqual(50);
    // A good share of each body's and query's samples must be ones the document allows, or the probe tests little.
    const few = [...allowedByPart].filter(([, allowed]) => allowed < SAMPLES_PER_PART / 4);
    expect(few).toEqual([]);
    expect(allowedByPart.size).toBe(counts.operations);
    expect(seconds).toBeLessThan(20);
  });

  test("are taken by the app, except what no JSON Schema can say", () => {
    const excuses = (finding: { op: string; field: string; message: string }) => (allowed: Allowed) =>
      allowed.op === finding.op && allowed.field === finding.field && (allowed.message ?? finding.message) === finding.message;
    const unexpected = [...findings.values()].filter((finding) => !CANNOT_SAY.some(excuses(finding)));
    expect(unexpected, "the document allows these inputs and the app refuses them").toEqual([]);
    const unused = CANNOT_SAY.filter((allowed) => ![...findings.values()].some((finding) => excuses(finding)(allowed)));
    expect(unused, "no longer found: delete these from CANNOT_SAY").toEqual([]);
  });
});
