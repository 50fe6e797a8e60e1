import type { ZodObject, ZodType } from "zod";
import type { oas32 } from "zod-openapi";
import type { ApiScope } from "../../db/enums";

/**
 * An /api route module's contract (issue 36): `export const contract = defineContract(path, { get, post, … })`
 * beside its loader and action. The handler parses with the contract's own schemas (params, query, body),
 * and the OpenAPI document, /api/docs and the typed client are generated from the contracts at build
 * time (app/openapi/generate.ts), so what a route checks and what the document says cannot drift apart.
 *
 * What the handler needs is eager; what only the document needs (texts, response schemas, examples)
 * sits behind `docs()`, so a fresh isolate never builds it (decision 075's cold-start budget).
 */

/** The document's tags, in its order (app/openapi/build.ts describes each). */
export const API_TAGS = [
  "Authentication",
  "Referrals",
  "Team",
  "Commissions",
  "Introductions",
  "Webhooks",
  "Events",
  "API keys",
  "Businesses",
  "Connectors",
  "Users",
  "Notifications",
  "Activity",
  "Admin",
  "Payouts",
] as const;
export type Tag = (typeof API_TAGS)[number];

/** One operation of the document: what the handler parses with, and (from `docs()`) what only the document says. */
/** `scope`: the API-key scope the operation needs, or a list of which any one will do. */
export type Auth =
  | { kind: "public" }
  | { kind: "session"; admin?: boolean }
  | { kind: "key"; scope: ApiScope | readonly ApiScope[] };
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429;
/** Why the endpoint answers a status, with the message it sends then (the first one is the example). */
export type Reasons = Partial<Record<ErrorStatus, [why: string, message?: string][]>>;

export type Operation = {
  method: "get" | "post" | "patch" | "delete";
  path: string;
  operationId: string;
  tag: Tag;
  summary: string;
  description: string;
  auth: Auth;
  path_params?: Record<string, string | ZodType>;
  query?: ZodObject;
  /** Descriptions (and examples) of the query's fields, added to the validation schema's only in the document. */
  queryDocs?: Record<string, { description: string; example?: unknown; override?: Record<string, unknown> }>;
  idempotent?: boolean;
  body?: { schema: ZodType; example: unknown; name: string };
  /** Descriptions of an object body's fields, added only in the document (the schema stays what forms parse). */
  fields?: Record<string, string>;
  /** Body fields the route requires though the shared schema leaves them optional (the document lists them as required). */
  requiredFields?: string[];
  /** A union body's options, in its order: each one's component name, and its fields' descriptions. */
  bodyOptions?: Record<string, Record<string, string>>;
  success: {
    status: 200 | 201 | 202;
    description: string;
    schema: ZodType;
    example: unknown;
    list?: boolean;
    csv?: boolean;
    headers?: Record<string, oas32.ReferenceObject>;
  };
  errors?: Reasons;
};

export type ApiMethod = Operation["method"];

type DocsOnly = "summary" | "description" | "success" | "errors" | "queryDocs" | "fields" | "requiredFields" | "bodyOptions";

/** One method of one path: today's `Operation` without its place (the contract's path and key give it). */
export type OperationContract = Omit<Operation, "method" | "path" | DocsOnly> & {
  /** Built only when the document is: by the generator and the tests, never by a request. */
  docs: () => Pick<Operation, DocsOnly>;
};

export type ApiContract = { readonly path: string } & { readonly [M in ApiMethod]?: OperationContract };

/** The contract of the route module answering `path` (its OpenAPI template, e.g. `/api/referrals/{id}`). */
export function defineContract<const M extends { [K in ApiMethod]?: OperationContract }>(
  path: string,
  operations: M,
): { readonly path: string } & M {
  return { path, ...operations };
}

/** The methods an /api path may answer, in the order the document lists them. */
export const API_METHODS: readonly ApiMethod[] = ["get", "post", "patch", "delete"];

/** The contract's operations as the document builder takes them, docs built. */
export function operationsOf(contract: ApiContract): Operation[] {
  return API_METHODS.flatMap((method) => {
    const declared = contract[method];
    if (!declared) return [];
    const { docs, ...request } = declared;
    return [{ method, path: contract.path, ...request, ...docs() }];
  });
}
