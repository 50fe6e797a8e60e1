/** The API's generated types: committed, imported by tests, published by the build (decisions 081, 138). */
export const API_TYPES_FILE = "app/openapi/generated/warm-intros-api.d.ts";
