import type { oas32 } from "zod-openapi";
import { DELIVERY_TIMEOUT_MS, MAX_DELIVERY_ATTEMPTS, nextRetryDelay } from "../domain/integrations/webhook-sending.server";
import { LEGACY_SIGNATURES_UNTIL } from "../domain/integrations/webhooks.server";
import { API_KEY_RATE_LIMIT } from "../http/api-auth.server";
import { formatDay } from "../utils/dates";
import { WEBHOOK_EVENT_GROUPS, webhookEventGroupOf } from "../validation/webhook-events";
import { API_KEY_SCOPES } from "./extensions";

/**
 * What /api/docs renders, derived from the OpenAPI document: the page shows the document, it does not
 * restate it. Plain data (strings and arrays), so the route can hand it to its component.
 */

export type FieldView = { name: string; type: string; required: boolean; rules: string[]; description: string | null };
export type ParamView = FieldView & { in: string };
export type ResponseView = { status: string; description: string; contentTypes: string[] };
export type AuthView = { kind: "public" | "session" | "key"; scope: string | null; admin: boolean };
export type OperationView = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  auth: AuthView;
  params: ParamView[];
  body: { variants: { name: string; fields: FieldView[] }[]; example: string | null } | null;
  responses: ResponseView[];
  /** The success answer: its schema (described once, under Schemas) and an example. */
  success: { status: string; schemaName: string | null; schemaAnchor: string | null; isArray: boolean; example: string | null };
};
export type SchemaView = { name: string; anchor: string; description: string | null; fields: FieldView[] };
export type TagView = { name: string; anchor: string; description: string; operations: OperationView[] };
export type WebhookEventView = {
  type: string;
  /** The payload version (decision 080), read from the documented example's envelope. */
  version: number;
  /** What it is about (Referrals, Team, Business, Money): the catalogue lists it under that. */
  group: string;
  anchor: string;
  summary: string;
  headers: ParamView[];
  fields: FieldView[];
  example: string;
};
export type ReferenceView = {
  title: string;
  version: string;
  tags: TagView[];
  schemas: SchemaView[];
  events: WebhookEventView[];
  limits: { rateLimit: number; retryDelays: string[]; attempts: number; timeoutSeconds: number };
  /** The last day legacy webhook signatures are sent, as the SPEC writes dates ("May 31, 2027"). */
  legacySignaturesUntil: string;
};

/** The parts of a JSON Schema (as zod writes them) that the page reads. */
type Schema = {
  $ref?: string;
  type?: string | string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  default?: unknown;
  description?: string;
};
type Components = Record<string, Schema>;

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
/** Bigger than any real bound: the integer limits zod writes for `.int()`. */
const NO_LIMIT = 1e15;

export const anchorOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export const schemaAnchor = (name: string) => `schema-${anchorOf(name)}`;

const isRef = (value: unknown): value is { $ref: string } => typeof value === "object" && value !== null && "$ref" in value;

function resolve(input: unknown, components: Components): { schema: Schema; name: string | null } {
  if (typeof input !== "object" || input === null) return { schema: {}, name: null };
  const schema = input as Schema;
  if (schema.$ref) {
    const name = schema.$ref.split("/").pop() ?? "";
    return { schema: components[name] ?? {}, name };
  }
  return { schema, name: null };
}

/** A short type label: "string", "integer or null", "array of string", "object (Referral)". */
export function typeLabel(input: unknown, components: Components): string {
  const { schema, name } = resolve(input, components);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const labels = variants.map((v) => typeLabel(v, components));
    return [...new Set(labels)].join(" or ");
  }
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const labels = types.map((t) => {
    if (t === "array") return `array of ${typeLabel(schema.items, components)}`;
    if (t === "object") return name ? `object (${name})` : "object";
    if (t === "string" && schema.format && schema.format !== "email") return `string (${schema.format})`;
    if (t === "string" && schema.format === "email") return "string (email)";
    return t;
  });
  if (labels.length) return labels.join(" or ");
  if (schema.enum) return "string";
  return name ? `object (${name})` : "any";
}

/** The constraints people need: lengths, ranges, patterns, allowed values, defaults. */
export function rulesOf(input: unknown, components: Components): string[] {
  const { schema } = resolve(input, components);
  const variants = (schema.anyOf ?? schema.oneOf)?.map((v) => resolve(v, components).schema) ?? [];
  const main = variants.find((v) => v.type !== "null") ?? schema;
  const rules: string[] = [];
  const enumValues = main.enum ?? (main.type === "array" ? resolve(main.items, components).schema.enum : undefined);
  if (enumValues) rules.push(`one of: ${enumValues.join(", ")}`);
  const { minLength, maxLength } = main;
  if (minLength !== undefined && maxLength !== undefined) rules.push(`${minLength} to ${maxLength} characters`);
  else if (minLength !== undefined && minLength > 0) rules.push(`at least ${minLength} characters`);
  else if (maxLength !== undefined) rules.push(`at most ${maxLength} characters`);
  const min = typeof main.exclusiveMinimum === "number" ? main.exclusiveMinimum : main.minimum;
  const minText =
    typeof main.exclusiveMinimum === "number" ? (main.exclusiveMinimum === 0 ? "positive" : `over ${min}`) : `at least ${min}`;
  const max = main.maximum !== undefined && Math.abs(main.maximum) < NO_LIMIT ? main.maximum : undefined;
  if (min !== undefined && max !== undefined && typeof main.exclusiveMinimum !== "number") rules.push(`${min} to ${max}`);
  else {
    if (min !== undefined) rules.push(minText);
    if (max !== undefined) rules.push(`at most ${max}`);
  }
  if (main.minItems !== undefined) rules.push(`at least ${main.minItems} item${main.minItems === 1 ? "" : "s"}`);
  // A format (email, date-time) says it better than the long regex zod writes for it.
  if (main.pattern && !main.format) rules.push(`matches ${main.pattern}`);
  const fallback = schema.default ?? main.default;
  if (fallback !== undefined) rules.push(`default ${JSON.stringify(fallback)}`);
  if (variants.some((v) => v.type === "null")) rules.push("may be null");
  return rules;
}

/** An object's fields, nested objects and arrays of objects flattened as `a.b` and `a[].b`. */
export function fieldsOf(input: unknown, components: Components, prefix = "", depth = 0): FieldView[] {
  const { schema } = resolve(input, components);
  const nonNull = (schema.anyOf ?? schema.oneOf)?.map((v) => resolve(v, components).schema).find((v) => v.type !== "null");
  const object = nonNull ?? schema;
  if (object.type === "array") return fieldsOf(object.items, components, `${prefix}[]`, depth);
  const properties = object.properties ?? {};
  const required = new Set(object.required ?? []);
  const fields: FieldView[] = [];
  for (const [key, property] of Object.entries(properties)) {
    const name = prefix ? `${prefix}.${key}` : key;
    const resolved = resolve(property, components).schema;
    fields.push({
      name,
      type: typeLabel(property, components),
      required: required.has(key),
      rules: rulesOf(property, components),
      description: (resolved.description ?? (property as Schema).description ?? null) || null,
    });
    const inner =
      (resolved.anyOf ?? resolved.oneOf)?.map((v) => resolve(v, components).schema).find((v) => v.type !== "null") ?? resolved;
    const innerItems = inner.type === "array" ? resolve(inner.items, components).schema : null;
    if (depth < 2 && (inner.type === "object" || innerItems?.type === "object")) {
      fields.push(...fieldsOf(property, components, name, depth + 1));
    }
  }
  return fields;
}

type Media = { schema?: unknown; example?: unknown };
const jsonMedia = (content: Record<string, unknown> | undefined): Media | undefined =>
  content?.["application/json"] as Media | undefined;

const pretty = (value: unknown) => (value === undefined ? null : JSON.stringify(value, null, 2));

function authOf(operation: oas32.OperationObject): AuthView {
  const security = operation.security ?? [];
  if (security.length === 0) return { kind: "public", scope: null, admin: false };
  // The scopes a key may hold, any one of which will do ("a or b"): the x-api-key-scopes extension (decision 157).
  const scopes = (operation as { [API_KEY_SCOPES]?: string[] })[API_KEY_SCOPES] ?? [];
  if (scopes.length) return { kind: "key", scope: scopes.join(" or "), admin: false };
  return { kind: "session", scope: null, admin: /platform admin/i.test(operation.description ?? "") };
}

function paramsOf(parameters: oas32.OperationObject["parameters"], components: Components): ParamView[] {
  return (parameters ?? []).flatMap((p) => {
    if (isRef(p)) return [];
    const schema = p.schema;
    return [
      {
        name: p.name,
        in: p.in,
        type: typeLabel(schema, components),
        required: Boolean(p.required),
        rules: rulesOf(schema, components),
        description: p.description ?? null,
      },
    ];
  });
}

function operationView(path: string, method: string, operation: oas32.OperationObject, components: Components): OperationView {
  const body = isRef(operation.requestBody) ? undefined : operation.requestBody;
  const media = jsonMedia(body?.content);
  let bodyView: OperationView["body"] = null;
  if (media) {
    const { schema, name } = resolve(media.schema, components);
    const variants = schema.anyOf ?? schema.oneOf;
    bodyView = {
      variants: variants
        ? variants.map((v) => ({ name: resolve(v, components).name ?? "Variant", fields: fieldsOf(v, components) }))
        : [{ name: name ?? "Body", fields: fieldsOf(media.schema, components) }],
      example: pretty(media.example),
    };
  }
  const responses = Object.entries(operation.responses ?? {}).map(([status, response]) => {
    const r = response as oas32.ResponseObject;
    return { status, description: r.description ?? "", contentTypes: Object.keys(r.content ?? {}) };
  });
  const [successStatus, successResponse] = Object.entries(operation.responses ?? {}).find(([status]) =>
    status.startsWith("2"),
  ) ?? ["200", { description: "" }];
  const successMedia = jsonMedia((successResponse as oas32.ResponseObject).content);
  const successSchema = successMedia?.schema;
  const resolvedSuccess = resolve(successSchema, components);
  const isArray = resolvedSuccess.schema.type === "array";
  const schemaName = isArray ? resolve(resolvedSuccess.schema.items, components).name : resolvedSuccess.name;
  return {
    id: operation.operationId ?? anchorOf(`${method} ${path}`),
    method: method.toUpperCase(),
    path,
    summary: operation.summary ?? "",
    description: operation.description ?? "",
    auth: authOf(operation),
    params: paramsOf(operation.parameters, components),
    body: bodyView,
    responses,
    success: {
      status: successStatus,
      schemaName,
      schemaAnchor: schemaName ? schemaAnchor(schemaName) : null,
      isArray,
      example: pretty(successMedia?.example),
    },
  };
}

export function referenceView(document: oas32.OpenAPIObject): ReferenceView {
  const components = (document.components?.schemas ?? {}) as unknown as Components;
  const byTag = new Map<string, OperationView[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    // In the document's order (e.g. POST /api/referrals before the admins' GET), not alphabetical.
    for (const method of Object.keys(item as object)) {
      if (!METHODS.includes(method as (typeof METHODS)[number])) continue;
      const operation = (item as oas32.PathItemObject)[method as (typeof METHODS)[number]];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationView(path, method, operation, components)]);
    }
  }
  const tags = (document.tags ?? []).map((tag) => ({
    name: tag.name,
    anchor: `tag-${anchorOf(tag.name)}`,
    description: tag.description ?? "",
    operations: byTag.get(tag.name) ?? [],
  }));
  const schemaNames = [
    ...new Set(tags.flatMap((t) => t.operations.flatMap((op) => (op.success.schemaName ? [op.success.schemaName] : [])))),
  ];
  const schemas = schemaNames.map((name) => ({
    name,
    anchor: schemaAnchor(name),
    description: components[name]?.description ?? null,
    fields: fieldsOf(components[name], components),
  }));
  const events = Object.entries(document.webhooks ?? {}).map(([type, item]) => {
    const post = (item as oas32.PathItemObject).post;
    const body = post?.requestBody && !isRef(post.requestBody) ? jsonMedia(post.requestBody.content) : undefined;
    const version = (body?.example as { version?: unknown } | undefined)?.version;
    return {
      type,
      version: typeof version === "number" ? version : 1,
      // The test event (decision 079) is nobody's subscription: it closes the catalogue on its own.
      group: webhookEventGroupOf(type) ?? (type === "ping" ? "Testing" : "Other"),
      anchor: `event-${anchorOf(type)}`,
      summary: post?.summary ?? "",
      headers: paramsOf(post?.parameters, components),
      fields: fieldsOf(body?.schema, components),
      example: pretty(body?.example) ?? "{}",
    };
  });
  // Listed by group, in the groups' order (the subscription form's), each group's own order kept.
  const groupOrder = WEBHOOK_EVENT_GROUPS.flatMap((g) => g.events.map((e) => e.value as string));
  const rank = (type: string) => (groupOrder.includes(type) ? groupOrder.indexOf(type) : groupOrder.length);
  events.sort((a, b) => rank(a.type) - rank(b.type));
  return {
    title: document.info.title,
    version: document.info.version,
    tags,
    schemas,
    events,
    limits: {
      rateLimit: API_KEY_RATE_LIMIT.limit,
      retryDelays: Array.from({ length: MAX_DELIVERY_ATTEMPTS - 1 }, (_, i) => formatSeconds(nextRetryDelay(i + 1) / 1000)),
      attempts: MAX_DELIVERY_ATTEMPTS,
      timeoutSeconds: DELIVERY_TIMEOUT_MS / 1000,
    },
    legacySignaturesUntil: formatDay(`${LEGACY_SIGNATURES_UNTIL}T00:00:00Z`),
  };
}

function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = seconds / 60;
  if (minutes >= 60 && Number.isInteger(minutes / 60)) return `${minutes / 60} h`;
  return Number.isInteger(minutes) ? `${minutes} min` : `${minutes.toFixed(1)} min`;
}

/** The getting-started request: create a referral with an API key, the documented example as its body. */
export function createReferralCurl(origin: string, document: oas32.OpenAPIObject): string {
  const operation = document.paths?.["/api/referrals"]?.post;
  const body = operation?.requestBody && !isRef(operation.requestBody) ? jsonMedia(operation.requestBody.content)?.example : {};
  // Pretty, indented under the command, so it reads on a phone; a single-quoted shell string may span lines.
  const json = JSON.stringify(body, null, 2).replaceAll("'", "'\\''").replaceAll("\n", "\n  ");
  return [
    `curl ${origin}/api/referrals \\`,
    `  -H "Authorization: Bearer $WARM_INTROS_API_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -H "Idempotency-Key: 6f1c9a52-3d4e-4b8a-9c1f-2e7d5a0b8c31" \\`,
    `  -d '${json}'`,
  ].join("\n");
}
