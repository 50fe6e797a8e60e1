import { describe, expect, test } from "vitest";
import { BUSINESS_KEY_BUSINESS_ONLY, commissionScope, PERSONAL_KEY_CONNECTOR_ONLY } from "./commissions.server";

/** Whose commissions GET /api/commissions reads (decision 071). */
const person = { id: 1, isAdmin: false };
const admin = { id: 2, isAdmin: true };
const businessKey = { id: 3, isAdmin: false, apiKey: { id: 9, businessId: 5, scopes: ["commissions:read" as const] } };
const personalKey = { id: 4, isAdmin: false, apiKey: { id: 10, businessId: null, scopes: ["commissions:read" as const] } };

describe("commissionScope", () => {
  test("a person reads their own connector's, a named business's, or their workplace's", () => {
    expect(commissionScope({}, person)).toEqual({ owner: "connector" });
    expect(commissionScope({ businessId: 5 }, person)).toEqual({ owner: "business", businessId: 5 });
    expect(commissionScope({ as: "business" }, person)).toEqual({ owner: "workplace" });
    expect(commissionScope({ as: "connector", businessId: 5 }, person)).toEqual({ owner: "connector" });
  });

  test("a platform admin reads everyone's unless the query names a scope", () => {
    expect(commissionScope({}, admin)).toEqual({ owner: "platform" });
    expect(commissionScope({ connectorId: 3 }, admin)).toEqual({ owner: "platform" });
    expect(commissionScope({ businessId: 5 }, admin)).toEqual({ owner: "business", businessId: 5 });
    expect(commissionScope({ as: "connector" }, admin)).toEqual({ owner: "connector" });
  });

  test("before the session is known, the guess is what a non-admin would read", () => {
    expect(commissionScope({}, null)).toEqual({ owner: "connector" });
    expect(commissionScope({ businessId: 5 }, null)).toEqual({ owner: "business", businessId: 5 });
  });

  test("a business key reads its business only; a personal key its connector only", () => {
    expect(commissionScope({}, businessKey)).toEqual({ owner: "business", businessId: 5 });
    expect(commissionScope({ businessId: 5, status: "paid" }, businessKey)).toEqual({ owner: "business", businessId: 5 });
    expect(() => commissionScope({ businessId: 6 }, businessKey)).toThrow("Business not found");
    expect(() => commissionScope({ as: "connector" }, businessKey)).toThrow(BUSINESS_KEY_BUSINESS_ONLY);
    expect(commissionScope({}, personalKey)).toEqual({ owner: "connector" });
    expect(() => commissionScope({ as: "business" }, personalKey)).toThrow(PERSONAL_KEY_CONNECTOR_ONLY);
    // A named business is checked against the key's seat (none): 404 in commissionPage.
    expect(commissionScope({ businessId: 5 }, personalKey)).toEqual({ owner: "business", businessId: 5 });
  });
});
