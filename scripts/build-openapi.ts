// Part of `npm run build` (issue 36): generates the OpenAPI document from the /api route modules'
// contracts (app/openapi/generate.ts) and publishes it, with the committed API types (decision 081),
// in ./public, where both travel as static assets beside the Worker instead of inside it; the routes
// /api/openapi.json, /api/openapi.d.ts and /api/docs read them through the ASSETS binding (decision 138).
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { generateOpenApiDocument } from "../app/openapi/generate";
import { API_DOCUMENT_ASSET_PATH } from "../app/openapi/published.server";
import { API_TYPES_ASSET_PATH } from "../app/openapi/typed-client-example";
import { API_TYPES_FILE } from "./lib/api-types-file";

const publish = (assetPath: string) => {
  const target = join("public", assetPath);
  mkdirSync(dirname(target), { recursive: true });
  return target;
};

const document = await generateOpenApiDocument();
writeFileSync(publish(API_DOCUMENT_ASSET_PATH), JSON.stringify(document));
copyFileSync(API_TYPES_FILE, publish(API_TYPES_ASSET_PATH));
