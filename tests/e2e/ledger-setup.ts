import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import { businessInput } from "./business-helpers";
import { createUser, expect, introductionPathFromMail, ownClient, uniqueName } from "./fixtures";
import { e2eSql, giveConsent } from "./support/d1";

// The money specs' shared setup (payouts, voids, disputes, dates): the parties, a referral whose
// person consented, its completion or rejection, a payout method past its hold. Each step goes
// through the API as the app offers it; what no screen offers (time passing, an address verified, a
// hold period of 0 days) through the e2e server's SQL (support/d1.ts).

type Api = APIRequestContext;

/** A business owner signed up on `request` (its own cookie jar, a client of its own) with a registered business. */
export async function ownerWithBusiness(request: Api, { ownerName, companyName }: { ownerName: string; companyName: string }) {
  const owner = await createUser(request, { accountType: "business", name: ownerName }, ownClient().extraHTTPHeaders);
  const created = await request.post("/api/businesses", { data: businessInput({ companyName }) });
  expect(created.status(), await created.text()).toBe(201);
  return { owner, business: (await created.json()) as { id: number; companyName: string } };
}

/** The business pays out at once: a hold period of 0 days, so a completion's commission is payable. */
export async function noHold(businessId: number) {
  await e2eSql([{ sql: "update businesses set hold_days = 0 where id = ?", args: [businessId] }]);
}

/**
 * A connector in an API session of their own (a client of its own), their address verified so their
 * mail goes. Dispose `api` when done.
 */
export async function verifiedConnector(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
  name: string,
) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: ownClient().extraHTTPHeaders });
  const connector = await createUser(api, { name });
  await e2eSql([{ sql: "update users set email_verified_at = ? where username = ?", args: [Date.now(), connector.username] }]);
  return { api, connector };
}

/**
 * A PayNow method for SGD on the connector's file, its 48-hour hold already over: a payout needs a
 * method for its currency, past that hold (issue 38, decision 184). Returns its id.
 */
export async function payNowPastHold(api: Api, { accountHolder, mobile }: { accountHolder: string; mobile: string }) {
  const method = await api.post("/api/payout-methods", {
    data: { kind: "paynow", currency: "SGD", accountHolder, proxyType: "mobile", proxy: mobile },
  });
  expect(method.status(), await method.text()).toBe(201);
  const { id } = (await method.json()) as { id: number };
  await e2eSql([{ sql: "update payout_methods set payouts_held_until = ? where id = ?", args: [Date.now() - 1000, id] }]);
  return id;
}

/**
 * A referral of `personName` by the connector signed in on `api` to the business; the person consents,
 * planted (support/d1.ts, as for a referral from before consent existed) or as a person does it, with
 * the mailed link (`consent: "mail"`). Returns its id.
 */
export async function consentedReferral(
  api: Api,
  businessId: number,
  { personName, consent = "planted" }: { personName: string; consent?: "planted" | "mail" },
) {
  const email = `${uniqueName("lead")}@example.com`;
  const made = await api.post("/api/referrals", {
    data: {
      businessId,
      referredPersonName: personName,
      referredPersonEmail: email,
      referredPersonPhone: `+65 9${String(Date.now()).slice(-7)}`,
      cashbackPercentage: 10,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  if (consent === "planted") {
    await giveConsent(id);
  } else {
    // The link as mailed: the outbox mints its token when it sends, after the response.
    const token = (await introductionPathFromMail(email)).split("/").at(-1);
    const accepted = await api.post(`/api/intros/${token}`, { data: { decision: "accept" } });
    expect(accepted.status(), await accepted.text()).toBe(200);
  }
  return id;
}

/** The business (signed in on `api`) completes the referral with `revenue` SGD, or rejects it as not a fit. */
export async function decideReferral(api: Api, id: number, outcome: { revenue: number } | "rejected") {
  const data =
    outcome === "rejected"
      ? { status: "rejected", rejectionReason: "not_a_fit" }
      : { status: "completed", revenueReceived: outcome.revenue, revenueCurrency: "SGD" };
  const res = await api.patch(`/api/referrals/${id}`, { data });
  expect(res.status(), await res.text()).toBe(200);
}
