import * as z from "zod";
import { createDocument, type oas32, type ZodOpenApiOperationObject, type ZodOpenApiResponseObject } from "zod-openapi";
import { type ApiScope, WEBHOOK_EVENT_TYPES, WEBHOOK_PING_TYPE } from "../../db/schema";
import { DELIVERY_TIMEOUT_MS, MAX_DELIVERY_ATTEMPTS, nextRetryDelay } from "../domain/integrations/webhook-sending.server";
import { LEGACY_SIGNATURES_UNTIL } from "../domain/integrations/webhooks.server";
import { API_KEY_RATE_LIMIT } from "../http/api-auth.server";
import { API_TAGS, type Auth, type ErrorStatus, type Operation, type Reasons, type Tag } from "../http/api-contract";
import { linkTokenParam } from "../http/link-token-param";
import { ADMIN_TWO_FACTOR_REQUIRED } from "../utils/admin-two-factor.server";
import { MAX_BODY_BYTES, zodFieldErrors } from "../utils/api.server";
import { IDEMPOTENCY_BODY_MISMATCH } from "../utils/idempotency.server";
import { HOST_SESSION_COOKIE_NAME, SESSION_COOKIE_NAME } from "../utils/session.server";
import { addPattern, trimmedLengthPattern, trimmedMinimum } from "../validation/json-schema-rules";
import { type ApiError, errorSchema } from "../validation/response-fields";
import { API_KEY_SCOPES } from "./extensions";
import { CROSS_SITE, KEY_REFUSED } from "./operation-parts";
import { renderPatterns, SINGLE_LINE_ASTRAL_WORDS } from "./pattern-rendering";
import { pingEvent, webhookEvents } from "./webhook-payloads";

/**
 * The document builder: the operations the /api route modules declare in their contracts
 * (app/http/api-contract.ts), collected by ./generate, become the OpenAPI 3.1 document with zod-openapi,
 * adding what every operation shares by rule (security, auth-, body- and list-borne error reasons,
 * headers) and the webhooks. Node only: imported by the generator and the tests, never by a route, so
 * the Worker carries none of it. Served at /api/openapi.json and rendered for people at /api/docs.
 */

export const API_TITLE = "Warm Intros API";
export const API_VERSION = "1.0.0";

// ——— Tags ———

/** What each tag (API_TAGS, in the document's order) groups. */
const TAG_DESCRIPTIONS: Record<Tag, string> = {
  Authentication: "Sessions: sign up, log in and out, and who you are. The session cookie works for every endpoint.",
  Referrals:
    "Make referrals, follow them, and (as the business) record progress. These endpoints accept API keys with the referrals:read or referrals:write scope.",
  Team: "A business's team. Listing accepts API keys with the team:read scope.",
  Commissions:
    "The money ledger: what connectors earned and businesses owe, in integer minor units per currency, with every entry. Accepts API keys with the commissions:read scope.",
  Introductions:
    "The referred person's side (double opt-in): every new referral emails them a link /intro/{token}; the token in it is the credential, no account needed.",
  Webhooks:
    "Register HTTPS endpoints that receive signed events (see the Webhooks section), and inspect or resend deliveries. Business owners and team admins, with a session.",
  Events:
    "The event feed: every event the webhooks carry, newest first, kept 30 days; paged and polled by event id. Accepts API keys with referrals:read, team:read or commissions:read (each sees the types its scopes read).",
  "API keys":
    "Create and revoke API keys: business keys (owner or team admin; any scope) or personal keys (a connector's own; referral scopes). With a session only: keys cannot manage keys.",
  Businesses: "Browse businesses and manage your own.",
  Connectors:
    "Connector profiles: the identity a person refers as; and a connector's own earnings and monthly statements (API keys with commissions:read).",
  Users: "Your own account.",
  Notifications: "Your in-app notifications.",
  Activity: "Activity logs: the platform's (admins), yours, or your business's.",
  Admin: "The platform administrator's console. Admins only.",
  Payouts: "Payments a business records to its connectors against their payable commissions (issue 17).",
};

// ——— Request field descriptions ———

/**
 * The descriptions the operations give their body's fields (`fields`, or each union option's in
 * `bodyOptions`), keyed by the field's schema, attached in the document (through the override hook)
 * rather than with `.meta()` on the validation schemas, so those stay exactly what the forms and routes
 * parse. A field schema several bodies share carries one description: two different ones are refused.
 */
function requestFieldDocs(operations: readonly Operation[]): WeakMap<object, string> {
  const fieldDocs = new WeakMap<object, string>();
  for (const op of operations) {
    const where = `${op.method.toUpperCase()} ${op.path}`;
    if (!op.body) {
      if (op.fields || op.bodyOptions) throw new Error(`${where} describes body fields but takes no body`);
      continue;
    }
    for (const [schema, fields] of bodyParts(op)) {
      for (const [name, description] of Object.entries(fields ?? {})) {
        const field = schema.shape[name];
        if (!field) throw new Error(`${where} describes the body field ${name}, which its body does not have`);
        const earlier = fieldDocs.get(field);
        if (earlier !== undefined && earlier !== description)
          throw new Error(`${where} describes ${name} unlike another operation sharing the field: "${earlier}"`);
        fieldDocs.set(field, description);
      }
    }
  }
  return fieldDocs;
}

/** The body's objects with their field descriptions: the body itself, or each option of a union body. */
function bodyParts(op: Operation): [z.ZodObject, Record<string, string> | undefined][] {
  const where = `${op.method.toUpperCase()} ${op.path}`;
  const schema = op.body!.schema;
  if (!op.bodyOptions) {
    if (op.fields && !(schema instanceof z.ZodObject)) throw new Error(`${where}: fields describe an object body only`);
    return schema instanceof z.ZodObject ? [[schema, op.fields]] : [];
  }
  const options = schema instanceof z.ZodUnion ? (schema.options as z.ZodType[]) : [];
  const described = Object.values(op.bodyOptions);
  if (op.fields || options.length !== described.length || !options.every((o) => o instanceof z.ZodObject))
    throw new Error(`${where}: bodyOptions name each object option of a union body, in order`);
  return options.map((option, i) => [option as z.ZodObject, described[i]]);
}

/** The union bodies' options, registered as components by the names their operations give them. */
function bodyOptionSchemas(operations: readonly Operation[]): [string, z.ZodType][] {
  return operations.flatMap((op) =>
    op.bodyOptions ? bodyParts(op).map(([schema], i): [string, z.ZodType] => [Object.keys(op.bodyOptions!)[i]!, schema]) : [],
  );
}

/** `optionalString().pipe(rule)`: its input is described by `rule`, not by the blank-to-absent step before it. */
function isBlankToAbsentPipe(def: z.core.$ZodTypeDef): def is z.core.$ZodPipeDef {
  if (def.type !== "pipe") return false;
  const first = (def as z.core.$ZodPipeDef).in._zod.def;
  return first.type === "pipe" && (first as z.core.$ZodPipeDef).in._zod.def.type === "transform";
}

function overrideSchema(
  {
    zodSchema,
    jsonSchema,
    io,
  }: {
    zodSchema: z.core.$ZodType;
    jsonSchema: Record<string, unknown>;
    io: string;
  },
  fieldDocs: WeakMap<object, string>,
) {
  const def = zodSchema._zod.def;
  if (io === "input" && isBlankToAbsentPipe(def)) {
    const rule = z.toJSONSchema(def.out, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
    delete rule.$schema;
    Object.assign(jsonSchema, rule);
    // The blank-to-absent step trims, so the rule's minimum counts the trimmed text.
    if (typeof rule.minLength === "number" && rule.minLength > 0) addPattern(jsonSchema, trimmedLengthPattern(rule.minLength));
  }
  // A field the schema fills in when absent (e.g. blank-to-null preprocessing) is not required of the caller.
  if (io === "input" && def.type === "object" && Array.isArray(jsonSchema.required)) {
    const shape = (def as z.core.$ZodObjectDef).shape;
    const required = (jsonSchema.required as string[]).filter(
      (key) => !shape[key] || !z.safeParse(shape[key], undefined).success,
    );
    if (required.length) jsonSchema.required = required;
    else delete jsonSchema.required;
  }
  // `.trim()` before `.min()`: the minimum counts what is left once the white space around is trimmed.
  const trimmedMin = io === "input" ? trimmedMinimum(zodSchema) : null;
  if (trimmedMin !== null) addPattern(jsonSchema, trimmedLengthPattern(trimmedMin));
  const description = fieldDocs.get(zodSchema);
  if (description && !jsonSchema.description) jsonSchema.description = description;
  renderPatterns(jsonSchema);
}

// ——— Parameters ———

const idParam = (description: string) => z.int().min(1).max(999_999_999_999_999).meta({ description, example: 1 });
/**
 * A path parameter: a description for a numeric id (for `{token}`, a mailed link's token), or its own
 * schema (an opaque string id).
 */
const pathIds = (params: Record<string, string | z.ZodType>) =>
  z.object(
    Object.fromEntries(
      Object.entries(params).map(([name, param]) => [
        name,
        typeof param !== "string" ? param : name === "token" ? linkTokenParam(param) : idParam(param),
      ]),
    ),
  );

const IDEMPOTENCY_HEADER = z.object({
  "Idempotency-Key": z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\x21-\x7e]+$/)
    .optional()
    .meta({
      description:
        "Makes the request safe to retry: a retry with the same key and body within 24 hours returns the first response (with Idempotent-Replayed: true) instead of creating twice. The retry is authenticated as the first request was: a revoked key or an ended session gets the 401, and a key's retry counts against its rate limit (RateLimit-* as usual). 1 to 255 visible ASCII characters, e.g. a UUID.",
      example: "6f1c9a52-3d4e-4b8a-9c1f-2e7d5a0b8c31",
    }),
});

// ——— Response headers ———

const HEADER_REFS = {
  requestId: { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" } },
  bookmark: { "X-D1-Bookmark": { $ref: "#/components/headers/X-D1-Bookmark" } },
  total: { "X-Total-Count": { $ref: "#/components/headers/X-Total-Count" } },
  totalCapped: { "X-Total-Count-Capped": { $ref: "#/components/headers/X-Total-Count-Capped" } },
  rateLimit: {
    "RateLimit-Limit": { $ref: "#/components/headers/RateLimit-Limit" },
    "RateLimit-Remaining": { $ref: "#/components/headers/RateLimit-Remaining" },
    "RateLimit-Reset": { $ref: "#/components/headers/RateLimit-Reset" },
  },
  retryAfter: { "Retry-After": { $ref: "#/components/headers/Retry-After" } },
  /** On a 409 that has other reasons besides the idempotency one: sent only with that one. */
  retryAfterInProgress: { "Retry-After": { $ref: "#/components/headers/Retry-After-In-Progress" } },
  /** On a list that also answers text/csv: the count comes with JSON pages only. */
  totalJsonOnly: { "X-Total-Count": { $ref: "#/components/headers/X-Total-Count-JSON-Only" } },
  replayed: { "Idempotent-Replayed": { $ref: "#/components/headers/Idempotent-Replayed" } },
  setCookie: { "Set-Cookie": { $ref: "#/components/headers/Set-Cookie" } },
} satisfies Record<string, Record<string, oas32.ReferenceObject>>;

const componentHeaders: Record<string, oas32.HeaderObject> = {
  "X-Request-Id": {
    description:
      "This request's id (your own X-Request-Id is echoed when it is 8 to 128 of A-Z a-z 0-9 . _ : -). Quote it when you report a problem.",
    schema: { type: "string" },
  },
  "X-D1-Bookmark": {
    description:
      "Read-your-writes (decisions 074, 118): where in the database's history this answer stands, signed by the app; sent only to a caller with a session or an API key. Send the latest one back unchanged as the X-D1-Bookmark request header and your next request is answered from a copy at least that new; a value the app did not issue is ignored.",
    schema: { type: "string", pattern: "^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}\\.[A-Za-z0-9_-]{43}$" },
  },
  "X-Total-Count": {
    description: "The total number of items matching the request, before limit and offset",
    schema: { type: "integer" },
  },
  // Decision 076: a CSV download is every row of the filter, streamed with no count.
  "X-Total-Count-JSON-Only": {
    description:
      "The total number of items matching the request, before limit and offset: sent with JSON pages only; a text/csv download (format=csv) has every row and no count",
    required: false,
    schema: { type: "integer" },
  },
  "X-Total-Count-Capped": {
    description:
      "`true` when a search stopped counting at its window (1,000 matches): `X-Total-Count` is then 1000, and the pages end there. Absent otherwise",
    schema: { type: "string", enum: ["true"] },
  },
  "RateLimit-Limit": {
    description: `Requests allowed per API key per minute (${API_KEY_RATE_LIMIT.limit}); sent on API-key requests`,
    schema: { type: "integer" },
  },
  "RateLimit-Remaining": {
    description: "Requests left in the current window; sent on API-key requests",
    schema: { type: "integer" },
  },
  "RateLimit-Reset": { description: "Seconds until the window resets; sent on API-key requests", schema: { type: "integer" } },
  // Every 429 is thrown with Retry-After (a unit test reads the throwers); a 409 sends it only for an idempotency key still in progress.
  "Retry-After": { description: "Seconds to wait before retrying", required: true, schema: { type: "integer" } },
  "Retry-After-In-Progress": {
    description:
      "Seconds to wait before retrying: sent only when a request with the same Idempotency-Key is still in progress, not with this status's other reasons",
    required: false,
    schema: { type: "integer" },
  },
  "Idempotent-Replayed": {
    description: "true when this is the stored response to an earlier request with the same Idempotency-Key",
    schema: { type: "string", enum: ["true"] },
  },
  "Set-Cookie": {
    description: `The session cookie: ${HOST_SESSION_COOKIE_NAME} over HTTPS (Secure, Path=/, no Domain), ${SESSION_COOKIE_NAME} over plain HTTP on localhost; HttpOnly, SameSite=Lax`,
    schema: { type: "string" },
  },
  "X-Unread-Count": { description: "How many of your notifications are unread", schema: { type: "integer" } },
  Link: {
    description:
      'The next page while there is one (RFC 8288): <path?...&startingAfter=evt_...>; rel="next" going back, <...&endingBefore=evt_...>; rel="next" polling forward. Absent on the last page.',
    schema: { type: "string" },
  },
};

// ——— Operations ———

const scopesOf = (auth: { scope: ApiScope | readonly ApiScope[] }): readonly ApiScope[] =>
  typeof auth.scope === "string" ? [auth.scope] : auth.scope;

// ——— Building the document ———

const STATUS_TEXT: Record<ErrorStatus, string> = {
  400: "Bad request",
  401: "Not authenticated",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  413: "Body too large",
  415: "Not JSON",
  422: "Unprocessable",
  429: "Too many requests",
};

/** The real field messages the body schema gives for an empty body: the 400 example. */
function validationExample(schema: z.ZodType): ApiError {
  const result = schema.safeParse({});
  return { message: "Validation failed", errors: result.success ? { field: ["..."] } : zodFieldErrors(result.error) };
}

/** Every reason an operation answers each error status: its own, and those its auth, body and lists bring. */
function reasonsOf(op: Operation): Reasons {
  const reasons: Reasons = {};
  const add = (status: ErrorStatus, ...items: [string, string?][]) => {
    reasons[status] = [...(reasons[status] ?? []), ...items];
  };
  if (op.body) add(400, ["A field is missing or invalid (errors has a message per field)", "Validation failed"]);
  if (op.query?.shape.limit) add(400, ["limit or offset is out of range", "Validation failed"]);
  if (op.idempotent)
    add(400, ["The Idempotency-Key header is malformed", "Idempotency-Key must be 1 to 255 visible ASCII characters"]);
  for (const [status, items] of Object.entries(op.errors ?? {})) add(Number(status) as ErrorStatus, ...(items ?? []));
  if (op.auth.kind !== "public") add(401, ["No session (log in first)", "Authentication required"]);
  if (op.auth.kind === "key") {
    add(401, ["The API key is unknown or revoked", "Invalid or revoked API key"]);
    add(403, ["The API key lacks the scope", `This API key lacks the ${scopesOf(op.auth).join(" or ")} scope`]);
    add(429, [
      `More than ${API_KEY_RATE_LIMIT.limit} requests in a minute with this key (see Retry-After)`,
      `Rate limit exceeded: at most ${API_KEY_RATE_LIMIT.limit} requests a minute per API key`,
    ]);
  }
  if (op.auth.kind === "session") add(403, KEY_REFUSED);
  if (op.auth.kind === "session" && op.auth.admin) {
    add(403, ["A platform admin has not set up two-factor yet (outside development)", ADMIN_TWO_FACTOR_REQUIRED]);
  }
  // Compared by text: a route's contract names the reason with its own copy of the words.
  if (op.method !== "get" && op.auth.kind !== "public" && !reasons[403]?.some(([why]) => why === CROSS_SITE[0])) {
    add(403, CROSS_SITE);
  }
  if (op.body) {
    add(413, ["The body is over 1 MB", `Request body is too large (limit ${MAX_BODY_BYTES / 1024 / 1024} MB)`]);
    add(415, ["The Content-Type is not application/json", "Content-Type must be application/json"]);
  }
  if (op.idempotent) {
    add(409, [
      "A request with the same Idempotency-Key is still running (see Retry-After)",
      "A request with this Idempotency-Key is still in progress; retry shortly",
    ]);
    add(422, ["The Idempotency-Key was used with a different body", IDEMPOTENCY_BODY_MISMATCH]);
  }
  // Sorted, so the document reads 400, 401, 403, ...
  return Object.fromEntries(Object.entries(reasons).sort(([a], [b]) => Number(a) - Number(b))) as Reasons;
}

/** "A field is ..." → "a field is ...", but "API key" and "connectorId" stay as they are. */
const lowerFirst = (text: string) => (/^[A-Z][a-z ]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text);

function errorResponse(op: Operation, status: ErrorStatus, items: [string, string?][]): ZodOpenApiResponseObject {
  const [first] = items;
  const message = first?.[1] ?? STATUS_TEXT[status];
  const example =
    status === 400 && op.body && message === "Validation failed"
      ? validationExample(op.body.schema)
      : status === 400 && message === "Validation failed" && op.query?.shape.businessId
        ? { message, errors: { businessId: ["businessId must be a positive whole number"] } }
        : status === 400 && message === "Validation failed" && op.query?.shape.limit
          ? { message, errors: { limit: ["limit must be at most 500"] } }
          : { message };
  const headers: Record<string, oas32.ReferenceObject> = { ...HEADER_REFS.requestId };
  if (status === 429) Object.assign(headers, HEADER_REFS.retryAfter);
  // Of the 409s, only the idempotency key still in progress sends Retry-After.
  if (status === 409 && op.idempotent)
    Object.assign(headers, items.length === 1 ? HEADER_REFS.retryAfter : HEADER_REFS.retryAfterInProgress);
  // A 401 comes before the key is counted (unknown, revoked, no session), so it has no standing to report.
  if (op.auth.kind === "key" && status !== 401) Object.assign(headers, HEADER_REFS.rateLimit);
  return {
    description: `${STATUS_TEXT[status]}: ${items.map(([why]) => lowerFirst(why)).join("; ")}.`,
    headers,
    content: { "application/json": { schema: errorSchema(), example } },
  };
}

/**
 * Alternatives are ORed. A session is either cookie: `__Host-session` over HTTPS, `__session` over
 * plain HTTP on localhost (session.server sessionCookieName). A key's scopes are not listed here
 * (scopes belong to OAuth flows, and the bearer scheme is no flow): `x-api-key-scopes` names them.
 */
function securityOf(auth: Auth): oas32.SecurityRequirementObject[] {
  if (auth.kind === "public") return [];
  const session: oas32.SecurityRequirementObject[] = [{ cookieAuth: [] }, { cookieAuthLocal: [] }];
  if (auth.kind === "key") return [{ bearerAuth: [] }, ...session];
  return session;
}

function authText(auth: Auth): string {
  if (auth.kind === "public") return "No authentication.";
  if (auth.kind === "key") return `Session cookie, or an API key with the ${scopesOf(auth).join(" or ")} scope.`;
  return auth.admin ? "Session cookie of a platform admin." : "Session cookie (API keys are refused).";
}

/** The query schema with its fields described, for the document (the handler parses with the plain one). */
function describedQuery(query: z.ZodObject, docs: NonNullable<Operation["queryDocs"]>): z.ZodObject {
  const unknown = Object.keys(docs).filter((name) => !(name in query.shape));
  if (unknown.length) throw new Error(`queryDocs describe fields the query does not have: ${unknown.join(", ")}`);
  return query.safeExtend(Object.fromEntries(Object.entries(docs).map(([name, meta]) => [name, query.shape[name]!.meta(meta)])));
}

function toOperation(op: Operation): ZodOpenApiOperationObject {
  const headers: Record<string, oas32.ReferenceObject> = {
    ...HEADER_REFS.requestId,
    ...HEADER_REFS.bookmark,
    ...op.success.headers,
  };
  if (op.success.list) Object.assign(headers, op.success.csv ? HEADER_REFS.totalJsonOnly : HEADER_REFS.total);
  if (op.auth.kind === "key") Object.assign(headers, HEADER_REFS.rateLimit);
  if (op.idempotent) Object.assign(headers, HEADER_REFS.replayed);
  const content: NonNullable<ZodOpenApiResponseObject["content"]> = {
    "application/json": { schema: op.success.schema, example: op.success.example },
  };
  if (op.success.csv) content["text/csv"] = { schema: { type: "string" }, example: "Name,Username,...\r\nJane Tan,jane,...\r\n" };
  const responses: ZodOpenApiOperationObject["responses"] = {
    [op.success.status]: { description: op.success.description, headers, content },
  };
  for (const [status, items] of Object.entries(reasonsOf(op))) {
    responses[status as `${ErrorStatus}`] = errorResponse(op, Number(status) as ErrorStatus, items ?? []);
  }
  const requestParams: NonNullable<ZodOpenApiOperationObject["requestParams"]> = {};
  if (op.path_params) requestParams.path = pathIds(op.path_params);
  if (op.query) requestParams.query = op.queryDocs ? describedQuery(op.query, op.queryDocs) : op.query;
  if (op.idempotent) requestParams.header = IDEMPOTENCY_HEADER;
  return {
    operationId: op.operationId,
    tags: [op.tag],
    summary: op.summary,
    description: `${op.description}\n\n${authText(op.auth)}`,
    security: securityOf(op.auth),
    // A key holding any one of these scopes is accepted (decision 157).
    ...(op.auth.kind === "key" ? { [API_KEY_SCOPES]: [...scopesOf(op.auth)] } : {}),
    ...(Object.keys(requestParams).length ? { requestParams } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: op.body.schema, example: op.body.example } },
          },
        }
      : {}),
    responses,
  };
}

function webhookOperations(): NonNullable<Parameters<typeof createDocument>[0]["webhooks"]> {
  const retries = Array.from({ length: MAX_DELIVERY_ATTEMPTS - 1 }, (_, i) => `${nextRetryDelay(i + 1) / 1000} s`).join(", ");
  // The subscribable events, then the test event (decision 079), which goes to one endpoint on request.
  type Documented = readonly [string, { summary: string; schema: z.ZodType; example: { id: string } }, string];
  const events: Documented[] = [
    ...WEBHOOK_EVENT_TYPES.map(
      (type): Documented => [type, webhookEvents()[type], `POSTed to each of the business's endpoints subscribed to ${type}.`],
    ),
    [
      WEBHOOK_PING_TYPE,
      pingEvent(),
      "POSTed to one endpoint when a test event is asked for (POST /api/webhooks/{id}/test or Send Test Event); endpoints do not subscribe to it and the event feed does not list it.",
    ],
  ];
  return Object.fromEntries(
    events.map(([type, event, sentTo]) => {
      return [
        type,
        {
          post: {
            operationId: `webhook_${type.replace(/\W/g, "_")}`,
            tags: ["Webhooks"],
            // We call the receiver with no credential of theirs: the signature headers are the proof.
            security: [],
            summary: event.summary,
            description: `${sentTo} Verify the signature (webhook-signature) before trusting the body. Any 2xx within ${DELIVERY_TIMEOUT_MS / 1000} s acknowledges; anything else (a redirect, an error, no answer) is retried after ${retries} (${MAX_DELIVERY_ATTEMPTS} attempts in all). Deliveries may repeat: use the event id to skip duplicates.`,
            requestParams: {
              header: z.object({
                "webhook-id": z.string().meta({
                  description: "The event id (evt_...), the same on every retry and in GET /api/events",
                  example: event.example.id,
                }),
                "webhook-timestamp": z
                  .string()
                  .meta({ description: "When this attempt was signed, in unix seconds", example: "1773480600" }),
                "webhook-signature": z.string().meta({
                  description:
                    "Standard Webhooks (signatureScheme standard): space-separated v1,<base64 HMAC-SHA-256 of webhook-id, a dot, webhook-timestamp, a dot and the raw body, keyed with the base64-decoded part of the secret after whsec_>; verify with the standardwebhooks or svix libraries. For 24 hours after a secret rotation a second v1 entry is made with the previous secret. Legacy endpoints (signatureScheme legacy, until " +
                    LEGACY_SIGNATURES_UNTIL +
                    ") get instead Webhook-Signature: t=<unix seconds>,v1=<lowercase hex HMAC-SHA-256 of the timestamp, a dot and the raw body, keyed with the whole secret as UTF-8> and no webhook-timestamp.",
                  example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
                }),
                "Webhook-Delivery": z
                  .string()
                  .meta({ description: "The delivery id (see GET /api/webhooks/{id}/deliveries)", example: "120" }),
                "User-Agent": z.string().meta({ description: "WarmIntros-Webhooks/1", example: "WarmIntros-Webhooks/1" }),
              }),
            },
            requestBody: { required: true, content: { "application/json": { schema: event.schema, example: event.example } } },
            responses: {
              "2XX": { description: "Acknowledged: the delivery succeeded" },
              default: { description: "Not acknowledged: the delivery is retried" },
            },
          },
        },
      ];
    }),
  );
}

/**
 * zod-openapi renders every registered component both ways, and a request schema whose output
 * differs (defaults, transforms) gets a `…Output` twin. Request-only schemas (the four shapes of
 * PATCH /api/users/{id}, registered by name) leave twins that nothing references: they go.
 */
function dropUnusedOutputTwins(document: oas32.OpenAPIObject, requestNames: readonly string[]) {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  const text = JSON.stringify(document);
  for (const name of requestNames) {
    const twin = `${name}Output`;
    if (schemas[twin] && !text.includes(`"#/components/schemas/${twin}"`)) delete schemas[twin];
  }
}

/** The document of these operations (app/openapi/generate.ts collects them from the routes' contracts). */
export function buildDocument(operations: readonly Operation[]): oas32.OpenAPIObject {
  const paths: NonNullable<Parameters<typeof createDocument>[0]["paths"]> = {};
  for (const op of operations) {
    paths[op.path] ??= {};
    paths[op.path]![op.method] = toOperation(op);
  }
  const requestSchemas: Record<string, z.ZodType> = {
    ...Object.fromEntries(operations.flatMap((op) => (op.body ? [[op.body.name, op.body.schema]] : []))),
    // The options of union bodies (the four shapes PATCH /api/users/{id} takes), by the names their contracts give.
    ...Object.fromEntries(bodyOptionSchemas(operations)),
  };
  const fieldDocs = requestFieldDocs(operations);
  const document = createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: API_TITLE,
        version: API_VERSION,
        // Decision 157: the document is built without a deployment's address, so the contact names the way that works everywhere.
        contact: {
          name: "Warm Intros support: reply to any email Warm Intros sent you, or ask your platform admin",
        },
        // A private product: no licence is granted (SPDX has no identifier for that; LicenseRef- is its form for one of your own).
        license: { name: "Proprietary: all rights reserved", identifier: "LicenseRef-Proprietary" },
        description: [
          "JSON over HTTPS for the Warm Intros referral marketplace. A readable reference with a getting-started guide is at /api/docs.",
          "",
          "- Authenticate with the session cookie (POST /api/auth/login) or, where an operation lists bearerAuth, with `Authorization: Bearer <API key>` holding one of the scopes in its `x-api-key-scopes`.",
          "- Send JSON bodies with `Content-Type: application/json` (at most 1 MB).",
          `- Every \`pattern\` is portable (no \`\\p\`, \`\\d\` or look-around: ECMAScript with or without the u flag, Python, PCRE, RE2, Java and .NET read each alike), so two text rules are in words only: no text field takes a lone UTF-16 surrogate, and single-line fields (those whose pattern refuses line breaks) also refuse the format characters above U+FFFF (${SINGLE_LINE_ASTRAL_WORDS}). Either answers 400 with the message the field's pattern gives.`,
          '- Errors are `{ "message": "...", "errors": { "field": ["..."] } }` with a 4xx or 5xx status; 503 means retry.',
          "- Lists are JSON arrays paged by `limit` (1 to 500, default 25) and `offset`; `X-Total-Count` has the total.",
          `- API keys may make ${API_KEY_RATE_LIMIT.limit} requests a minute (RateLimit-* headers; 429 with Retry-After beyond).`,
          "- Creating endpoints take an `Idempotency-Key` header, so retries never create twice.",
          "- Every response has an `X-Request-Id`. A method an endpoint does not support answers 405 with an `Allow` header.",
          "- Read-your-writes: answers carry an `X-D1-Bookmark`; send the latest one back as `X-D1-Bookmark` and your next request sees everything up to it (reads may otherwise come from a copy that trails by a moment).",
        ].join("\n"),
      },
      servers: [{ url: "/", description: "This server" }],
      tags: API_TAGS.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
      paths,
      webhooks: webhookOperations(),
      components: {
        securitySchemes: {
          cookieAuth: {
            type: "apiKey",
            in: "cookie",
            name: HOST_SESSION_COOKIE_NAME,
            description: `The session cookie set by POST /api/auth/login or /api/auth/signup (what the web app uses): ${HOST_SESSION_COOKIE_NAME} over HTTPS, ${SESSION_COOKIE_NAME} over plain HTTP on localhost (cookieAuthLocal). Mutations must come from this site's origin. A platform admin's session ends after 30 minutes idle or 12 hours after login, and admin changes need the password entered in the last 10 minutes (POST /api/auth/reauthenticate). Every answer to a signed-in request is Cache-Control: private, no-store.`,
          },
          cookieAuthLocal: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE_NAME,
            description: `The same session cookie as cookieAuth, under the name it has over plain HTTP (a local server on localhost): ${SESSION_COOKIE_NAME}. Every operation that takes a session takes either.`,
          },
          bearerAuth: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "wik_<43 characters>",
            description:
              "An API key: `Authorization: Bearer wik_...`. Business keys are made at /business/api (owner or team admin), personal keys at /settings/api-keys. Scopes: referrals:read (read referrals), referrals:write (create referrals and record progress), team:read (list the team; business keys only). Only operations listing bearerAuth accept keys (others answer 403), and only keys holding one of the scopes in the operation's x-api-key-scopes (403 otherwise); an unknown or revoked key is a 401.",
          },
        },
        headers: componentHeaders,
        schemas: requestSchemas,
      },
    },
    { override: (context) => overrideSchema(context, fieldDocs) },
  );
  dropUnusedOutputTwins(document, Object.keys(requestSchemas));
  for (const op of operations) {
    if (!op.requiredFields) continue;
    const body = op.body && (document.components?.schemas?.[op.body.name] as { required?: string[] } | undefined);
    if (!body) throw new Error(`${op.method.toUpperCase()} ${op.path} requires fields of a body it does not take`);
    body.required = [...(body.required ?? []), ...op.requiredFields.filter((name) => !body.required?.includes(name))];
  }
  return document;
}
