// The TypeScript types of the API, generated from the OpenAPI document the build publishes (issue 19,
// decision 081). `npm run api:types` writes them; a unit test fails when the committed ones are stale.
import openapiTS, { astToString } from "openapi-typescript";
import { generateOpenApiDocument } from "../../app/openapi/generate";
import { API_TYPES_FILE } from "./api-types-file";

export { API_TYPES_FILE };

export const REGENERATE_COMMAND = "npm run api:types";

const HEADER = `/**
 * Warm Intros API: TypeScript types generated from /api/openapi.json by openapi-typescript.
 * Use them with openapi-fetch (npm install openapi-fetch); "Typed client" on /api/docs shows how.
 *
 * Do not edit: \`${REGENERATE_COMMAND}\` writes this file from the OpenAPI document.
 */
`;

/**
 * The document without its examples: openapi-typescript copies each into a JSDoc @example, which
 * would make the file half as large again, and /api/docs shows them already. Names inside a
 * `properties` map are fields, not keywords, and stay.
 */
function withoutExamples(value: unknown, parentKey = ""): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutExamples(item));
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => parentKey === "properties" || (key !== "example" && key !== "examples"))
      .map(([key, item]) => [key, withoutExamples(item, key)]),
  );
}

/** The .d.ts text for the OpenAPI document as the code builds it now. */
export async function generateApiTypes(): Promise<string> {
  const ast = await openapiTS(withoutExamples(await generateOpenApiDocument()) as never, { silent: true });
  // The TypeScript printer indents by four spaces; two halve the file's whitespace.
  const printed = astToString(ast).replace(/^((?: {4})+)/gm, (indent) => " ".repeat(indent.length / 2));
  return `${HEADER}\n${printed}`;
}
