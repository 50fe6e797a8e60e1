// Part of `npm run build`: copies the committed API types (app/openapi/generated, decision 081) into
// ./public, where they travel as a static asset beside the Worker instead of a string inside it;
// GET /api/openapi.d.ts reads them through the ASSETS binding (decision 138).
import { copyFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { API_TYPES_ASSET_PATH } from "../app/openapi/typed-client-example";
import { API_TYPES_FILE } from "./lib/api-types-file";

const target = join("public", API_TYPES_ASSET_PATH);
mkdirSync(dirname(target), { recursive: true });
copyFileSync(API_TYPES_FILE, target);
