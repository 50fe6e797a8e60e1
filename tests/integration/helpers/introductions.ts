import { randomBytes } from "node:crypto";
import { client, type TestApp } from "./app";
import { type Client, refer } from "./marketplace";
import { newBusiness, newConnector, tokenHash } from "./parties";

/**
 * A live /intro/{token} link for a referral: the token is planted as the scheduled job stores it
 * when it mails the introduction (the mail path itself is tested in introductions.test.ts).
 */
export async function introToken(app: TestApp, referralId: number) {
  const token = randomBytes(32).toString("base64url");
  await app.query("update referrals set consent_token_hash = ? where id = ?", tokenHash(token), referralId);
  return token;
}

/**
 * The referred person answers through POST /api/intros/{token}, as they would from their mail: for
 * tests that need a referral whose person consented (or declined) and test something else.
 */
export async function answerIntro(app: TestApp, referralId: number, decision: "accept" | "decline" = "accept") {
  const token = await introToken(app, referralId);
  const res = await client(app).post(`/api/intros/${token}`, { decision });
  if (res.status !== 200) throw new Error(`answering the introduction failed: ${res.status} ${await res.text()}`);
  return token;
}

/**
 * A referral made as `c` whose person has consented (issue 33: approving and completing need it),
 * for tests of what happens after. The consent is planted, as for a referral from before consent
 * existed, so it adds no notices, mail or events of its own (the consent flow is tested in
 * introductions.test.ts and referral-lifecycle.*.test.ts).
 */
export async function referWithConsent(app: TestApp, c: Client, businessId: number, overrides: Record<string, unknown> = {}) {
  const made = await refer(c, businessId, overrides);
  await giveConsent(app, made.referral.id);
  return made;
}

/**
 * One connector's consented referrals at two fresh businesses: at `owner`'s, the one a test looks at,
 * and at `other`'s, which it must not see.
 */
export async function referralsAtTwoBusinesses(app: TestApp) {
  const owner = await newBusiness(app);
  const other = await newBusiness(app);
  const connector = await newConnector(app);
  const { referral } = await referWithConsent(app, connector.client, owner.business.id);
  const { referral: otherReferral } = await referWithConsent(app, connector.client, other.business.id);
  return { owner, other, connector, referral, otherReferral };
}

/** Plants the person's consent on a referral (see referWithConsent). */
export async function giveConsent(app: TestApp, referralId: number) {
  await app.query("update referrals set consent_status = 'given', consent_decided_at = ? where id = ?", Date.now(), referralId);
}

/**
 * A referral from `connector` to `owner`'s business, accepted by its person, then completed by the
 * business with this revenue (and currency, when given). A cashback other than newBusiness's 10% fee
 * is a proposal (issue 33), which the business accepts with the completion. The completion's answer
 * comes back with the referral.
 */
export async function completedReferral(
  app: TestApp,
  connector: { client: Client },
  owner: { client: Client; business: { id: number } },
  {
    revenueReceived,
    revenueCurrency,
    cashbackPercentage = 10,
  }: { revenueReceived: number; revenueCurrency?: string; cashbackPercentage?: number },
) {
  const { referral } = await refer(connector.client, owner.business.id, { cashbackPercentage });
  await answerIntro(app, referral.id);
  const done = await owner.client.patch(`/api/referrals/${referral.id}`, {
    status: "completed",
    revenueReceived,
    ...(revenueCurrency === undefined ? {} : { revenueCurrency }),
    ...(cashbackPercentage === 10 ? {} : { cashbackProposal: "accept" }),
  });
  return { referral, done };
}
