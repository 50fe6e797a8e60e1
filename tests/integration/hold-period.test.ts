import { beforeAll, describe, expect, it } from "vitest";
import { appPerFile, client, type Person, signedUp } from "./helpers/app";
import { businessRegistration, newAdmin } from "./helpers/fixtures";
import { answerIntro } from "./helpers/introductions";
import { type BusinessBody, businessFields, refer } from "./helpers/marketplace";
import { type Business, type Connector, newBusiness, newConnector, newSeat } from "./helpers/parties";
import { errorOf, pageText } from "./helpers/responses";

/**
 * The hold period (issue 17, decision 069): a business profile field, 0 to 90 days, default 30,
 * that the owner and team admins set; each commission keeps the hold it was created with.
 */
const app = appPerFile();
const DAY = 24 * 60 * 60 * 1000;
const HOLD_MESSAGE = "Hold period must be a whole number of days from 0 to 90";
let business: Business, connector: Connector, member: Person, teamAdmin: Person, stranger: Person, admin: Person;

beforeAll(async () => {
  business = await newBusiness(app, { companyName: "Hold Co" });
  connector = await newConnector(app, { name: "Hold Connector" });
  member = await newSeat(app, business, { name: "Hold Member", role: "member" }, { name: "Hold Member" });
  teamAdmin = await newSeat(app, business, { name: "Hold Team Admin", role: "admin" }, { name: "Hold Team Admin" });
  stranger = await newBusiness(app, { companyName: "Stranger Co" });
  admin = await newAdmin(app, { name: "Hold Admin" });
});

const storedHold = async (id = business.business.id) =>
  (await app.query<{ hold_days: number }>("select hold_days from businesses where id = ?", id))[0]?.hold_days;
const patchHold = (who: { client: Business["client"] }, holdDays: unknown) =>
  who.client.patch(`/api/businesses/${business.business.id}`, { ...business.fields, holdDays });

describe("the hold period on the API", () => {
  it("defaults to 30 at registration, and every business answer carries it", async () => {
    expect(business.business.holdDays).toBe(30);
    expect(await storedHold()).toBe(30);
    const id = business.business.id;
    const byId = (await (await connector.client.get(`/api/businesses/${id}`)).json()) as BusinessBody;
    expect(byId.holdDays).toBe(30);
    const listed = (await (
      await connector.client.get(`/api/businesses?q=${encodeURIComponent("Hold Co")}`)
    ).json()) as BusinessBody[];
    expect(listed.find((b) => b.id === id)?.holdDays).toBe(30);
    const mine = (await (await business.client.get("/api/businesses/me")).json()) as BusinessBody;
    expect(mine.holdDays).toBe(30);
    const byOwner = (await (await connector.client.get(`/api/businesses/user/${business.user.id}`)).json()) as BusinessBody;
    expect(byOwner.holdDays).toBe(30);

    // The public registration keeps the default too.
    const c = client(app);
    const registered = await c.post("/api/public/register-business", businessRegistration());
    expect(registered.status).toBe(201);
    expect(((await (await c.get("/api/businesses/me")).json()) as BusinessBody).holdDays).toBe(30);
    // POST /api/businesses accepts one.
    const owner = await signedUp(app, { accountType: "business" });
    const created = await owner.client.post("/api/businesses", businessFields({ holdDays: 0 }));
    expect(created.status).toBe(201);
    expect(((await created.json()) as BusinessBody).holdDays).toBe(0);
  });

  it("PATCH sets 0 to 90, refuses anything else with the field message and writes nothing, and keeps it when absent", async () => {
    for (const ok of [0, 90, 14]) {
      const res = await patchHold(business, ok);
      expect(res.status).toBe(200);
      expect(((await res.json()) as BusinessBody).holdDays).toBe(ok);
    }
    for (const bad of [-1, 91, 1.5, 1000]) {
      const res = await patchHold(business, bad);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).errors).toEqual({ holdDays: [HOLD_MESSAGE] });
    }
    const wrongType = await patchHold(business, "14");
    expect(wrongType.status).toBe(400);
    expect(Object.keys((await errorOf(wrongType)).errors ?? {})).toEqual(["holdDays"]);
    expect(await storedHold()).toBe(14);
    const kept = await business.client.patch(`/api/businesses/${business.business.id}`, business.fields);
    expect(((await kept.json()) as BusinessBody).holdDays).toBe(14);
  });

  it("only the owner and team admins change it: a team member 403, another business 404, a platform admin 404", async () => {
    expect((await patchHold(teamAdmin, 21)).status).toBe(200);
    expect(await storedHold()).toBe(21);
    expect((await patchHold(member, 3)).status).toBe(403);
    expect((await patchHold(stranger, 3)).status).toBe(404);
    expect((await patchHold(connector, 3)).status).toBe(404);
    expect((await patchHold(admin, 3)).status).toBe(404);
    expect(await storedHold()).toBe(21);
  });
});

describe("each commission keeps the hold it was created with", () => {
  async function completedCommission() {
    const { referral } = await refer(connector.client, business.business.id, { cashbackPercentage: 10 });
    await answerIntro(app, referral.id);
    const res = await business.client.patch(`/api/referrals/${referral.id}`, { status: "completed", revenueReceived: 100 });
    expect(res.status).toBe(200);
    const [row] = await app.query<{ id: number; status: string; hold_days: number; payable_at: number; created_at: number }>(
      "select * from commissions where referral_id = ?",
      referral.id,
    );
    return row!;
  }

  it("a change applies to new commissions only; 0 makes them payable at once", async () => {
    expect((await patchHold(business, 30)).status).toBe(200);
    const before = await completedCommission();
    expect(before).toMatchObject({ status: "pending", hold_days: 30 });
    expect(before.payable_at - before.created_at).toBe(30 * DAY);

    expect((await patchHold(business, 7)).status).toBe(200);
    const after = await completedCommission();
    expect(after).toMatchObject({ status: "pending", hold_days: 7 });
    expect(after.payable_at - after.created_at).toBe(7 * DAY);
    const [old] = await app.query<{ hold_days: number; payable_at: number }>(
      "select hold_days, payable_at from commissions where id = ?",
      before.id,
    );
    expect(old).toEqual({ hold_days: 30, payable_at: before.payable_at });

    expect((await patchHold(business, 0)).status).toBe(200);
    expect(await completedCommission()).toMatchObject({ status: "payable", hold_days: 0 });
    expect((await patchHold(business, 30)).status).toBe(200);
  });
});

describe("the hold period on the profile screen", () => {
  const formFields = () =>
    Object.fromEntries(Object.entries(business.fields).map(([k, v]) => [k, String(v)] as const)) as Record<string, string>;

  it("is a field of the form with its hint; a bad value shows the message under it, without JavaScript", async () => {
    const page = await pageText(await business.client.get("/business/profile"));
    expect(page).toContain("Hold period (days)");
    expect(page).toContain("Commissions become payable this many days after a referral completes");
    const html = await (await business.client.get("/business/profile")).text();
    expect(html).toMatch(/name="holdDays"[^>]*value="30"|value="30"[^>]*name="holdDays"/);

    for (const bad of ["91", "-1", "2.5"]) {
      const refused = await business.client.form("/business/profile", { ...formFields(), intent: "update", holdDays: bad });
      expect(refused.status).toBe(400);
      expect(await pageText(refused)).toContain(HOLD_MESSAGE);
    }
    expect(await storedHold()).toBe(30);
    const saved = await business.client.form("/business/profile", { ...formFields(), intent: "update", holdDays: "45" });
    expect(saved.status).toBe(302);
    expect(await storedHold()).toBe(45);
    // Blank keeps it.
    const blank = await business.client.form("/business/profile", { ...formFields(), intent: "update", holdDays: "" });
    expect(blank.status).toBe(302);
    expect(await storedHold()).toBe(45);
  });

  it("a team member sees it read-only and cannot post it", async () => {
    const page = await pageText(await member.client.get("/business/profile"));
    expect(page).toContain("Hold period (days)");
    expect(page).toContain("45");
    const refused = await member.client.form("/business/profile", { ...formFields(), intent: "update", holdDays: "3" });
    expect(refused.status).not.toBe(302);
    expect(await storedHold()).toBe(45);
  });
});
