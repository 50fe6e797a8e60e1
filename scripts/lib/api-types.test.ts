import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { generateOpenApiDocument } from "~/openapi/generate";
import { API_TYPES_FILE, generateApiTypes, REGENERATE_COMMAND } from "./api-types";

/**
 * The published TypeScript types (/api/openapi.d.ts) are those of the OpenAPI document as the code
 * builds it now: a change to an endpoint without `npm run api:types` fails here, saying so.
 */
describe("the generated API types", () => {
  test("are up to date with the OpenAPI document", async () => {
    const fresh = await generateApiTypes();
    const committed = readFileSync(API_TYPES_FILE, "utf8");
    expect(committed === fresh, `${API_TYPES_FILE} is stale: run \`${REGENERATE_COMMAND}\` and commit the result`).toBe(true);
  }, 60_000);

  test("cover every operation and schema of the document, without its examples", async () => {
    const document = await generateOpenApiDocument();
    const types = readFileSync(API_TYPES_FILE, "utf8");
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      expect(types, path).toContain(`  "${path}": {\n`);
      for (const operation of Object.values(item ?? {}))
        if (operation && typeof operation === "object" && "operationId" in operation)
          expect(types, `${path} ${operation.operationId}`).toContain(`\n  ${operation.operationId}: {\n`);
    }
    // A schema is an object type, or another's alias (WebhookPayout: components["schemas"]["Payout"]).
    for (const name of Object.keys(document.components?.schemas ?? {}))
      expect(types, name).toMatch(new RegExp(`\\n {4}${name}: (\\{|components\\[)`));
    expect(types).not.toContain("@example");
    // The document itself keeps its examples (the copy is stripped, not the original).
    expect(JSON.stringify(document)).toContain('"example":');
  });
});
