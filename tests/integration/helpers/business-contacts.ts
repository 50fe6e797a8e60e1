import { expect } from "vitest";
import type { BusinessBody, businessFields } from "./marketplace";

/** Who sees a business's contact details (decision 013): the checks businesses-api.*.test.ts share. */

export const CONTACT_KEYS = ["contactPerson", "contactPhone", "contactEmail"] as const;

/** The business as `c` sees it has no contact keys and none of the contact values anywhere. */
export function expectContactHidden(text: string, business: BusinessBody, fields: ReturnType<typeof businessFields>) {
  const body = JSON.parse(text) as BusinessBody;
  expect(body.id).toBe(business.id);
  expect(body.contactVisible).toBe(false);
  for (const key of CONTACT_KEYS) expect(body).not.toHaveProperty(key);
  expect(text).not.toContain(fields.contactPerson);
  expect(text).not.toContain(fields.contactEmail);
  expect(text).not.toContain(fields.contactPhone);
}

export function expectContactShown(body: BusinessBody, fields: ReturnType<typeof businessFields>) {
  expect(body.contactVisible).toBe(true);
  expect(body).toMatchObject({
    contactPerson: fields.contactPerson,
    contactPhone: fields.contactPhone,
    contactEmail: fields.contactEmail,
  });
}
