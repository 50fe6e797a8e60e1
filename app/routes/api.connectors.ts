import { listConnectors } from "~/domain/parties/connectors.server";
import { adminCaller, listPaged } from "~/http/api-routes.server";
import { methodNotAllowed } from "~/utils/api.server";

/** GET /api/connectors: platform admins only. */
export const loader = listPaged(adminCaller, listConnectors);

export const action = () => methodNotAllowed(["GET"]);
