import * as z from "zod";
import { ACCOUNT_TYPES } from "../../../db/enums";
import { lazy } from "../../utils/lazy";
import { nullableText, rowId, timestamp } from "../../validation/response-fields";

/**
 * What the API answers for a user (toPublicUser in ./users.server), as the OpenAPI document and the
 * tests read it (issue 36): strict, so a field the DTO adds and the schema lacks fails a test.
 */

export const publicUserSchema = lazy(() =>
  z
    .strictObject({
      id: rowId("User id"),
      username: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      accountType: z.enum(ACCOUNT_TYPES),
      isAdmin: z.boolean(),
      profilePhoto: nullableText("An image data URL, or null"),
      emailVerified: z.boolean().meta({
        description: "Whether the current email was confirmed through its link; false again after every email change",
      }),
      twoFactorEnabled: z.boolean().meta({
        description: "Whether logging in asks for a code from an authenticator app after the password",
      }),
      createdAt: timestamp(),
    })
    .meta({ id: "User", description: "A user as the API shows them (never the password)." }),
);

export const userExample: z.infer<ReturnType<typeof publicUserSchema>> = {
  id: 12,
  username: "jane",
  name: "Jane Tan",
  email: "jane@example.com",
  phone: "+65 9123 4567",
  accountType: "individual",
  isAdmin: false,
  profilePhoto: null,
  emailVerified: true,
  twoFactorEnabled: false,
  createdAt: "2026-01-05T08:00:00.000Z",
};
