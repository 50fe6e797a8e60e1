// Issue 32, finding N9 (decision 110): the duplicate check must not tell a connector where a person
// stands in a business's pipeline through someone else's referral. Someone else's duplicate answers
// one fixed 409 whatever its state (open, awaiting consent, consented, erased after a decline); the
// caller's own duplicate is named precisely, since they can see it anyway.
import { beforeAll, describe, expect, it } from "vitest";
import { makeKey } from "./helpers/api-keys";
import { appPerFile } from "./helpers/app";
import { answerIntro } from "./helpers/introductions";
import { refer, referralFields } from "./helpers/marketplace";
import { type Business, newBusiness, newConnector } from "./helpers/parties";

const app = appPerFile();

const NOT_NOW =
  "This person cannot be referred to this business right now: they may already be in touch with it, or have asked not to be introduced. If they are interested, they can contact the business directly.";
const ownDuplicate = (id: number, createdAt: unknown) =>
  `You already referred this person to this business on ${String(createdAt).slice(0, 10)} (referral #${id}). Follow up on that referral instead of referring again.`;

let business: Business;
beforeAll(async () => {
  business = await newBusiness(app);
});

const referralCount = async () => (await app.query<{ n: number }>("select count(*) as n from referrals"))[0]?.n;

/** A sock puppet's probe: the person's email and phone, to the business. */
async function probe(person: { referredPersonEmail: string; referredPersonPhone: string }) {
  const puppet = await newConnector(app);
  const before = await referralCount();
  const res = await puppet.client.post("/api/referrals", referralFields(business.business.id, person));
  expect(await referralCount()).toBe(before);
  return { status: res.status, text: await res.text(), headers: [...res.headers.keys()].sort() };
}

describe("POST /api/referrals: what a duplicate tells (N9)", () => {
  it("someone else's referral answers the same whether awaiting consent, consented, or erased after a decline", async () => {
    const answers = [];
    for (const state of ["awaiting", "consented", "declined"] as const) {
      const real = await newConnector(app);
      const { referral: body } = await refer(real.client, business.business.id);
      if (state === "consented") await answerIntro(app, body.id, "accept");
      if (state === "declined") await answerIntro(app, body.id, "decline");
      const answer = await probe({
        referredPersonEmail: body.referredPersonEmail,
        referredPersonPhone: body.referredPersonPhone,
      });
      answers.push(answer);
      expect(answer.status).toBe(409);
      expect(JSON.parse(answer.text)).toEqual({ message: NOT_NOW });
      expect(answer.text).not.toContain(String(body.id));
      // Matched by the phone alone (the email differs): the same answer.
      const byPhone = await probe({
        referredPersonEmail: `other_${Date.now()}@example.com`,
        referredPersonPhone: body.referredPersonPhone,
      });
      expect(byPhone).toEqual(answer);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it("the connector's own duplicate is named precisely (its id and date), open or declined", async () => {
    const connector = await newConnector(app);
    const { referral: body } = await refer(connector.client, business.business.id);
    const again = await connector.client.post(
      "/api/referrals",
      referralFields(business.business.id, { referredPersonEmail: body.referredPersonEmail.toUpperCase() }),
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: ownDuplicate(body.id, body.createdAt) });

    await answerIntro(app, body.id, "decline");
    const afterDecline = await connector.client.post(
      "/api/referrals",
      referralFields(business.business.id, { referredPersonPhone: body.referredPersonPhone }),
    );
    expect(afterDecline.status).toBe(409);
    expect(await afterDecline.json()).toEqual({ message: ownDuplicate(body.id, body.createdAt) });
  });

  it("when the caller and someone else both referred the person, the caller's own is named", async () => {
    const first = await newConnector(app);
    const { referral: body } = await refer(first.client, business.business.id);
    const second = await newConnector(app);
    // The second connector's referral of the same phone with another email, planted as if made before the rule.
    const { referral: mine } = await refer(second.client, business.business.id, {
      referredPersonEmail: `mine_${Date.now()}@example.com`,
      referredPersonPhone: "+65 8111 2233",
    });
    await app.query(
      "update referrals set referred_phone_key = (select referred_phone_key from referrals where id = ?) where id = ?",
      body.id,
      mine.id,
    );
    const res = await second.client.post(
      "/api/referrals",
      referralFields(business.business.id, {
        referredPersonEmail: body.referredPersonEmail,
        referredPersonPhone: body.referredPersonPhone,
      }),
    );
    expect(await res.json()).toEqual({ message: ownDuplicate(mine.id, mine.createdAt) });
  });

  it("each refused probe counts toward the prober's referral pace (decision 047)", async () => {
    const real = await newConnector(app);
    const { referral: body } = await refer(real.client, business.business.id);
    const puppet = await newConnector(app);
    for (let i = 0; i < 20; i++) {
      const res = await puppet.client.post(
        "/api/referrals",
        referralFields(business.business.id, { referredPersonEmail: body.referredPersonEmail }),
      );
      expect(res.status).toBe(409);
    }
    const res = await puppet.client.post(
      "/api/referrals",
      referralFields(business.business.id, { referredPersonEmail: body.referredPersonEmail }),
    );
    expect(res.status).toBe(429);
  });

  it("the business's own key, which reads every referral of its business, gets any duplicate named", async () => {
    const owner = await newBusiness(app);
    const { key } = await makeKey(owner.client, {
      name: "CRM",
      scopes: ["referrals:write"],
      businessId: owner.business.id,
    });
    const real = await newConnector(app);
    const { referral } = await refer(real.client, owner.business.id);
    const other = await newConnector(app);
    const viaKey = await app.fetch("/api/referrals", {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify(
        referralFields(owner.business.id, { connectorId: other.connectorId, referredPersonEmail: referral.referredPersonEmail }),
      ),
    });
    expect(viaKey.status).toBe(409);
    expect(await viaKey.json()).toEqual({ message: ownDuplicate(referral.id, referral.createdAt) });
  });
});
