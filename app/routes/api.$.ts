import { jsonError } from "~/utils/api.server";

/** Unknown /api paths answer JSON, never the HTML not-found page. */
export const loader = () => jsonError(404, "Not found");
export const action = () => jsonError(404, "Not found");
