import * as z from "zod";
import { lazy } from "../../utils/lazy";
import { rowId, timestamp } from "../../validation/response-fields";
import { connectorReputationExample, connectorReputationSchema } from "./reputation-schema";

/**
 * What the API answers for a connector profile (GET /api/connectors and /api/connectors/user/{userId};
 * ./connectors.server), as the OpenAPI document and the tests read it (issue 36): built on first use only.
 */

export const connectorSchema = lazy(() =>
  z
    .strictObject({
      id: rowId("Connector id (the referring profile; not the user id)"),
      userId: rowId("The connector's user id"),
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      createdAt: timestamp(),
      reputation: connectorReputationSchema(),
    })
    .meta({ id: "Connector", description: "The profile a person refers as." }),
);
export const connectorExample: z.infer<ReturnType<typeof connectorSchema>> = {
  id: 7,
  userId: 12,
  name: "Jane Tan",
  email: "jane@example.com",
  phone: "+65 9123 4567",
  createdAt: "2026-01-05T08:00:00.000Z",
  reputation: connectorReputationExample,
};
