import { connectorExample, connectorSchema } from "~/domain/parties/connector-schema";
import { listConnectors } from "~/domain/parties/connectors.server";
import { defineContract } from "~/http/api-contract";
import { adminCaller, listPaged } from "~/http/api-routes.server";
import { NOT_ADMIN } from "~/openapi/operation-parts";
import { methodNotAllowed, PageSchema } from "~/utils/api.server";

export const contract = defineContract("/api/connectors", {
  get: {
    operationId: "listConnectors",
    tag: "Connectors",
    auth: { kind: "session", admin: true },
    // listPaged parses the page with this very schema.
    query: PageSchema,
    docs: () => ({
      summary: "List connectors (admins)",
      description: "Every connector profile, by name. Platform admins only.",
      success: {
        status: 200,
        description: "A page of connectors",
        schema: connectorSchema().array(),
        example: [connectorExample],
        list: true,
      },
      errors: { 403: [NOT_ADMIN] },
    }),
  },
});

/** GET /api/connectors: platform admins only. */
export const loader = listPaged(adminCaller, listConnectors);

export const action = () => methodNotAllowed(["GET"]);
