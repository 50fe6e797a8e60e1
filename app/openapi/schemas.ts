import * as z from "zod";

/**
 * The error answer's schema, as the OpenAPI document names it. Response schemas live beside their DTOs
 * (app/domain/**\/*-schema.ts), the webhook payloads in ./webhook-payloads.
 */

export const ErrorSchema = z
  .strictObject({
    message: z.string().meta({ description: "What went wrong, fit to show a person" }),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: "Messages per request field (on validation and some business-rule failures)" }),
  })
  .meta({ id: "Error", description: "Every error answer: a message, and field messages where a field is to blame." });
export type ApiError = z.infer<typeof ErrorSchema>;
