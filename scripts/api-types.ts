// `npm run api:types`: regenerates the API's TypeScript types from the OpenAPI document (decision 081).
import { writeFileSync } from "node:fs";
import { API_TYPES_FILE, generateApiTypes } from "./lib/api-types";

const types = await generateApiTypes();
writeFileSync(API_TYPES_FILE, types);
console.log(`Wrote ${API_TYPES_FILE} (${Math.round(types.length / 1024)} KB)`);
