/**
 * The document's own extension keywords, shared by the builder and its readers (/api/docs, tests).
 * `x-api-key-scopes` on an operation: the API-key scopes it accepts, any one of them (decision 157).
 */
export const API_KEY_SCOPES = "x-api-key-scopes";
