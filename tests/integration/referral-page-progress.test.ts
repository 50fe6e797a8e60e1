import { describe, expect, it } from "vitest";
import { appPerFile } from "./helpers/app";
import { referWithConsent } from "./helpers/introductions";
import { referralRow } from "./helpers/marketplace";
import { newBusiness, newConnector } from "./helpers/parties";

// Issue 37 item 2: the referral's own page carries the progress form. The page's referral is the
// one in its URL; a body naming another referral (a stale or crafted form) must not move that other one.
const app = appPerFile();

describe("the progress form on /referrals/{id}", () => {
  it("moves the page's referral, whatever referralId the body names", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    const { referral: page } = await referWithConsent(app, connector.client, owner.business.id);
    const { referral: other } = await referWithConsent(app, connector.client, owner.business.id, {
      referredPersonName: "Other Person",
    });
    const res = await owner.client.form(`/referrals/${page.id}`, {
      intent: "referral-progress",
      referralId: String(other.id),
      status: "approved",
      revenueCurrency: "SGD",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/referrals/${page.id}`);
    expect(await referralRow<{ status: string }>(app, page.id, "status")).toEqual({ status: "approved" });
    expect(await referralRow<{ status: string }>(app, other.id, "status")).toEqual({ status: "pending" });
  });
});
