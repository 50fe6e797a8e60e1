import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { oas32 } from "zod-openapi";
import { API_METHODS, type ApiContract, type Operation, operationsOf } from "~/http/api-contract";
import { buildDocument } from "./build";
import { isApiEndpointFile, pathTemplateOf } from "./route-paths";

/**
 * The OpenAPI document, generated from the /api route modules' contracts (issue 36) at build time
 * (`scripts/build-openapi.ts` writes it where the Worker serves it from) and by the tests. Node only:
 * the Worker never builds the document.
 * Every endpoint file declares a contract; each `METHOD path` and `operationId` is declared once.
 */

export type RouteModule = { file: string; module: Record<string, unknown> };

const ROUTES_DIR = fileURLToPath(new URL("../routes", import.meta.url));

/** Every /api endpoint's route module, imported, in file-name order. */
export async function apiRouteModules(dir = ROUTES_DIR): Promise<RouteModule[]> {
  const files = readdirSync(dir).filter(isApiEndpointFile).sort();
  return Promise.all(files.map(async (file) => ({ file, module: (await import(join(dir, file))) as Record<string, unknown> })));
}

/** The operations of the routes' contracts; refuses an endpoint without one, a clash or a misplaced contract. */
export function collectOperations(routes: readonly RouteModule[]): Operation[] {
  const all = routes.flatMap(({ file, module }) => {
    const contract = module.contract as ApiContract | undefined;
    if (!contract) throw new Error(`${file} is an /api endpoint but exports no contract`);
    const expected = pathTemplateOf(file);
    if (contract.path !== expected) throw new Error(`${file} declares the contract of ${contract.path}, but answers ${expected}`);
    return operationsOf(contract);
  });
  const seen = new Map<string, string>();
  for (const op of all) {
    const where = `${op.operationId} (${op.method.toUpperCase()} ${op.path})`;
    for (const key of [`${op.method.toUpperCase()} ${op.path}`, `operationId ${op.operationId}`]) {
      if (seen.has(key)) throw new Error(`${key} is declared twice: ${seen.get(key)} and ${where}`);
      seen.set(key, where);
    }
  }
  // One order whatever file an operation comes from: by path, then method (the document, the types
  // and /api/docs stay put as operations move between sources).
  return all.sort((a, b) =>
    a.path === b.path ? API_METHODS.indexOf(a.method) - API_METHODS.indexOf(b.method) : a.path < b.path ? -1 : 1,
  );
}

let generated: Promise<oas32.OpenAPIObject> | undefined;

/** The document of every endpoint, generated once per process. */
export function generateOpenApiDocument(): Promise<oas32.OpenAPIObject> {
  generated ??= apiRouteModules().then((routes) => buildDocument(collectOperations(routes)));
  return generated;
}
