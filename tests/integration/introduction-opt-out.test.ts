import { describe, expect, it } from "vitest";
import { linkIn } from "../shared/mail-inbox";
import { appPerFile } from "./helpers/app";
import { inbox } from "./helpers/mail";
import { refer } from "./helpers/marketplace";
import { newBusiness, newConnector } from "./helpers/parties";
import { errorOf, pageText as rawPageText } from "./helpers/responses";

// Issue 37, item 8: a person who never signed up can stop every future introduction mail (decision
// 182). The introduction mail carries the link and a one-click List-Unsubscribe; a stopped address
// is refused to any connector, and an introduction already queued for it is not sent.
const app = appPerFile();

const pageText = async (res: Response) => (await rawPageText(res)).replace(/<!-- -->/g, "");
const STOPPED = "This person asked not to receive introductions";
const oneClick = { "Content-Type": "application/x-www-form-urlencoded" };

/** A connector's introduction of `email` to a new business, sent; its mail and "stop" link. */
async function introduced(email: string) {
  const owner = await newBusiness(app);
  const connector = await newConnector(app, { name: "Carl Connector" });
  const { referral } = await refer(connector.client, owner.business.id, { referredPersonEmail: email });
  await app.scheduled();
  const mail = await inbox.waitFor(email, { subject: /would like to introduce you/ });
  return { owner, connector, referral, mail, stop: linkIn(mail, "/unsubscribe") };
}

const optOutRows = () => app.query<{ email_key: string }>("select email_key from introduction_opt_outs");

describe("stopping introductions from the mail", () => {
  it("the introduction mail links the stop and offers it one-click; GET only asks, POST stops, twice is fine", async () => {
    const email = `stop_${Date.now()}@example.com`;
    const { mail, stop } = await introduced(email);
    expect(mail.text).toContain(`Stop all introductions to this address: ${stop.href}`);
    expect(mail.html).toContain(">Stop all introductions to this address</a>");
    const headers = await inbox.headersOf(mail);
    expect(headers["list-unsubscribe"]).toBe(`<${stop.href}>`);
    expect(headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    // The link names the address only by its keyed hash.
    expect(stop.search).not.toContain(encodeURIComponent(email));
    expect(stop.searchParams.get("a")).toMatch(/^\S{20,}$/);

    const before = (await optOutRows()).length;
    const get = await app.fetch(`${stop.pathname}${stop.search}`);
    expect(get.status).toBe(200);
    const asked = await pageText(get);
    expect(asked).toContain("Stop all introductions?");
    expect(asked).toContain("We will not email this address about introductions on Warm Intros again.");
    expect(await optOutRows()).toHaveLength(before);

    // A mail provider's one-click POST: no cookies, no Origin.
    const post = await app.fetch(`${stop.pathname}${stop.search}`, {
      method: "POST",
      headers: oneClick,
      body: "List-Unsubscribe=One-Click",
    });
    expect(post.status).toBe(200);
    expect(await pageText(post)).toContain("Introductions stopped");
    expect(await optOutRows()).toHaveLength(before + 1);
    const twice = await app.fetch(`${stop.pathname}${stop.search}`, {
      method: "POST",
      headers: oneClick,
      body: "List-Unsubscribe=One-Click",
    });
    expect(twice.status).toBe(200);
    expect(await optOutRows()).toHaveLength(before + 1);
  });

  it("a forged or changed link is refused with 400 and writes nothing", async () => {
    const { stop } = await introduced(`forged_${Date.now()}@example.com`);
    const before = (await optOutRows()).length;
    const forged = new URL(stop);
    forged.searchParams.set("a", `${forged.searchParams.get("a")}x`);
    for (const url of [forged, new URL(`${stop.origin}/unsubscribe?a=abc&s=def`)]) {
      const get = await app.fetch(`${url.pathname}${url.search}`);
      expect(get.status).toBe(400);
      expect(await pageText(get)).toContain("This unsubscribe link is not valid");
      const post = await app.fetch(`${url.pathname}${url.search}`, {
        method: "POST",
        headers: oneClick,
        body: "List-Unsubscribe=One-Click",
      });
      expect(post.status).toBe(400);
    }
    expect(await optOutRows()).toHaveLength(before);
  });
});

describe("a stopped address", () => {
  it("is refused to any connector, in any letter case, with 422 and the field's message, writing nothing", async () => {
    const email = `refused_${Date.now()}@example.com`;
    const { stop } = await introduced(email);
    await app.fetch(`${stop.pathname}${stop.search}`, { method: "POST", headers: oneClick, body: "" });

    const other = await newBusiness(app);
    const stranger = await newConnector(app);
    const before = (await app.query<{ n: number }>("select count(*) as n from referrals"))[0]?.n;
    const res = await stranger.client.post("/api/referrals", {
      businessId: other.business.id,
      referredPersonName: "Rita Referred",
      referredPersonEmail: email.toUpperCase(),
      referredPersonPhone: "+65 9876 5432",
      cashbackPercentage: 5,
    });
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toEqual({ message: STOPPED, errors: { referredPersonEmail: [STOPPED] } });
    const after = (await app.query<{ n: number }>("select count(*) as n from referrals"))[0]?.n;
    expect(after).toBe(before);
  });

  it("gets no introduction that was queued before the stop", async () => {
    const email = `queued_${Date.now()}@example.com`;
    const { stop } = await introduced(email);
    // A second connector's introduction to another business waits in the outbox...
    const other = await newBusiness(app);
    const second = await newConnector(app, { name: "Dana Second" });
    const { referral } = await refer(second.client, other.business.id, { referredPersonEmail: email });
    // ...when the person stops introductions from the first mail.
    await app.fetch(`${stop.pathname}${stop.search}`, { method: "POST", headers: oneClick, body: "" });
    await app.scheduled();
    const [row] = await app.query<{ status: string; last_error: string }>(
      "select status, last_error from mail_outbox where kind = 'introduction' and json_extract(payload, '$.referralId') = ?",
      referral.id,
    );
    expect(row).toEqual({ status: "skipped", last_error: "The person stopped introductions" });
    expect((await inbox.messagesTo(email, /would like to introduce you/)).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Carl Connector would like/),
    ]);
  });
});
