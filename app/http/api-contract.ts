import type { Operation } from "~/openapi/document.server";

/**
 * An /api route module's contract (issue 36): `export const contract = defineContract(path, { get, post, … })`
 * beside its loader and action. The handler parses with the contract's own schemas (params, query, body),
 * and the OpenAPI document, /api/docs and the typed client are generated from the contracts at build
 * time (app/openapi/generate.ts), so what a route checks and what the document says cannot drift apart.
 *
 * What the handler needs is eager; what only the document needs (texts, response schemas, examples)
 * sits behind `docs()`, so a fresh isolate never builds it (decision 075's cold-start budget).
 */

export type ApiMethod = Operation["method"];

type DocsOnly = "summary" | "description" | "success" | "errors" | "queryDocs";

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
