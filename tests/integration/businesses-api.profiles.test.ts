import { beforeAll, describe, expect, it } from "vitest";
import { appPerFile, client, type Person, signedUp } from "./helpers/app";
import { expectContactHidden, expectContactShown } from "./helpers/business-contacts";
import { newAdmin } from "./helpers/fixtures";
import { type BusinessBody, businessFields, refer } from "./helpers/marketplace";
import { type Business, joinTeam, newBusiness, newConnector, newSeat } from "./helpers/parties";
import { activityRows, errorOf, list } from "./helpers/responses";

const app = appPerFile();

async function businessRow(id: number) {
  const [row] = await app.query("select * from businesses where id = ?", id);
  return row;
}

describe("contact details are shown only to those who may see them", () => {
  let target: Business;
  let teamMember: Person;

  beforeAll(async () => {
    target = await newBusiness(app);
    teamMember = await newSeat(app, target, { name: "Team Person", role: "member" });
  });

  it("a stranger sees no contact keys or values in the list, the detail or by owner", async () => {
    const stranger = await signedUp(app);
    const listed = await stranger.client.get(`/api/businesses?q=${target.fields.uen}`);
    const listText = await listed.text();
    const items = JSON.parse(listText) as BusinessBody[];
    expect(items).toHaveLength(1);
    expectContactHidden(JSON.stringify(items[0]), target.business, target.fields);
    expect(listText).not.toContain(target.fields.contactEmail);

    const detail = await stranger.client.get(`/api/businesses/${target.business.id}`);
    expect(detail.status).toBe(200);
    expectContactHidden(await detail.text(), target.business, target.fields);

    const byOwner = await stranger.client.get(`/api/businesses/user/${target.user.id}`);
    expect(byOwner.status).toBe(200);
    expectContactHidden(await byOwner.text(), target.business, target.fields);
  });

  it("a connector sees them after making a referral to that business, and only for that business", async () => {
    const connector = await newConnector(app);
    const other = await newBusiness(app);
    const before = await connector.client.get(`/api/businesses/${target.business.id}`);
    expectContactHidden(await before.text(), target.business, target.fields);

    await refer(connector.client, target.business.id);

    const after = (await (await connector.client.get(`/api/businesses/${target.business.id}`)).json()) as BusinessBody;
    expectContactShown(after, target.fields);
    const { body } = await list<BusinessBody>(connector.client, `/api/businesses?q=${target.fields.uen}`);
    expectContactShown(body[0] as BusinessBody, target.fields);
    const byOwner = (await (await connector.client.get(`/api/businesses/user/${target.user.id}`)).json()) as BusinessBody;
    expectContactShown(byOwner, target.fields);

    const otherDetail = await connector.client.get(`/api/businesses/${other.business.id}`);
    expectContactHidden(await otherDetail.text(), other.business, other.fields);
  });

  it("the owner, a team member and a platform admin see them", async () => {
    const owner = (await (await target.client.get(`/api/businesses/${target.business.id}`)).json()) as BusinessBody;
    expectContactShown(owner, target.fields);
    const member = (await (await teamMember.client.get(`/api/businesses/${target.business.id}`)).json()) as BusinessBody;
    expectContactShown(member, target.fields);
    const admin = await newAdmin(app);
    const adminView = (await (await admin.client.get(`/api/businesses/${target.business.id}`)).json()) as BusinessBody;
    expectContactShown(adminView, target.fields);
    const { body } = await list<BusinessBody>(admin.client, `/api/businesses?q=${target.fields.uen}`);
    expectContactShown(body[0] as BusinessBody, target.fields);
  });
});

describe("GET /api/businesses/{id} and /api/businesses/user/{userId}", () => {
  it("answers 404 for an unknown or non-numeric id", async () => {
    const { client: c } = await signedUp(app);
    for (const id of ["999999", "abc", "1.5", "-1"]) {
      const res = await c.get(`/api/businesses/${id}`);
      expect(res.status).toBe(404);
      expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    }
  });

  it("answers 401 to an anonymous caller", async () => {
    const { business, user } = await newBusiness(app);
    expect((await client(app).get(`/api/businesses/${business.id}`)).status).toBe(401);
    expect((await client(app).get(`/api/businesses/user/${user.id}`)).status).toBe(401);
  });

  it("finds a business by its owner's user id; a user without a business is 404", async () => {
    const { business, user } = await newBusiness(app);
    const viewer = await signedUp(app);
    const res = await viewer.client.get(`/api/businesses/user/${user.id}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as BusinessBody).id).toBe(business.id);
    const none = await viewer.client.get(`/api/businesses/user/${viewer.user.id}`);
    expect(none.status).toBe(404);
  });
});

describe("GET /api/businesses/me", () => {
  it("returns the owned business with role owner", async () => {
    const { client: c, business, fields } = await newBusiness(app);
    const res = await c.get("/api/businesses/me");
    expect(res.status).toBe(200);
    const body = (await res.json()) as BusinessBody;
    expect(body).toMatchObject({ id: business.id, role: "owner" });
    expectContactShown(body, fields);
  });

  it("returns the team's business with the member's role for a team member", async () => {
    const { client: owner, business } = await newBusiness(app);
    const member = await signedUp(app);
    await joinTeam(app, owner, business.id, member, { name: "Team Admin", role: "admin" });
    const res = await member.client.get("/api/businesses/me");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: business.id, role: "admin", contactVisible: true });
  });

  it('answers 404 "Business profile not found" for a user with no business', async () => {
    const { client: c } = await signedUp(app);
    const res = await c.get("/api/businesses/me");
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({ message: "Business profile not found" });
  });
});

describe("PATCH /api/businesses/{id}", () => {
  let target: Business;
  let teamAdmin: Person;
  let teamMember: Person;

  beforeAll(async () => {
    target = await newBusiness(app);
    teamAdmin = await newSeat(app, target, { name: "Team Admin", role: "admin" });
    teamMember = await newSeat(app, target, { name: "Team Member", role: "member" });
  });

  it("lets the owner update the profile, keeping its own UEN, and records business_updated", async () => {
    const before = (await activityRows(app, "business_updated", target.business.id)).length;
    const res = await target.client.patch(
      `/api/businesses/${target.business.id}`,
      businessFields({ uen: target.fields.uen, companyName: "Renamed By Owner", contactPerson: "New Contact" }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as BusinessBody;
    expect(body).toMatchObject({ id: target.business.id, companyName: "Renamed By Owner", uen: target.fields.uen });
    expect(body.contactPerson).toBe("New Contact");
    expect(await businessRow(target.business.id)).toMatchObject({
      company_name: "Renamed By Owner",
      contact_person: "New Contact",
      user_id: target.user.id,
    });
    const activity = await activityRows(app, "business_updated", target.business.id);
    expect(activity).toHaveLength(before + 1);
    expect(activity.at(-1)?.user_id).toBe(target.user.id);
  });

  it("lets a team admin update the profile", async () => {
    const res = await teamAdmin.client.patch(
      `/api/businesses/${target.business.id}`,
      businessFields({ uen: target.fields.uen, companyName: "Renamed By Team Admin" }),
    );
    expect(res.status).toBe(200);
    expect(await businessRow(target.business.id)).toMatchObject({
      company_name: "Renamed By Team Admin",
      user_id: target.user.id,
    });
    expect((await activityRows(app, "business_updated", target.business.id)).at(-1)?.user_id).toBe(teamAdmin.user.id);
  });

  it("refuses a team member with 403, even with an invalid body, and changes nothing", async () => {
    const before = await businessRow(target.business.id);
    const valid = await teamMember.client.patch(
      `/api/businesses/${target.business.id}`,
      businessFields({ uen: target.fields.uen, companyName: "Member Was Here" }),
    );
    expect(valid.status).toBe(403);
    const invalid = await teamMember.client.patch(`/api/businesses/${target.business.id}`, { companyName: "X" });
    expect(invalid.status).toBe(403);
    expect((await errorOf(invalid)).errors).toBeUndefined();
    expect(await businessRow(target.business.id)).toEqual(before);
  });

  it("answers a stranger 404 before validating, and changes nothing", async () => {
    const stranger = await signedUp(app);
    const before = await businessRow(target.business.id);
    const valid = await stranger.client.patch(
      `/api/businesses/${target.business.id}`,
      businessFields({ uen: target.fields.uen }),
    );
    expect(valid.status).toBe(404);
    const invalid = await stranger.client.patch(`/api/businesses/${target.business.id}`, { companyName: "X", uen: "bad" });
    expect(invalid.status).toBe(404);
    const body = await errorOf(invalid);
    expect(body.errors).toBeUndefined();
    expect(JSON.stringify(body)).not.toMatch(/UEN|Company name/);
    expect(await businessRow(target.business.id)).toEqual(before);
  });

  it("answers another business's owner 404 too", async () => {
    const other = await newBusiness(app);
    const res = await other.client.patch(`/api/businesses/${target.business.id}`, businessFields({ uen: target.fields.uen }));
    expect(res.status).toBe(404);
  });

  it("answers 401 to an anonymous caller and 404 for an unknown id", async () => {
    expect((await client(app).patch(`/api/businesses/${target.business.id}`, businessFields())).status).toBe(401);
    expect((await target.client.patch("/api/businesses/999999", businessFields())).status).toBe(404);
  });

  it("refuses another business's UEN with 409", async () => {
    const other = await newBusiness(app);
    const before = await businessRow(target.business.id);
    const res = await target.client.patch(`/api/businesses/${target.business.id}`, businessFields({ uen: other.fields.uen }));
    expect(res.status).toBe(409);
    expect((await errorOf(res)).errors).toEqual({ uen: ["This UEN is already registered"] });
    expect(await businessRow(target.business.id)).toEqual(before);
  });

  it("validates the owner's input with 400 and changes nothing", async () => {
    const before = await businessRow(target.business.id);
    const res = await target.client.patch(
      `/api/businesses/${target.business.id}`,
      businessFields({ uen: "lower12345", website: "nope", companyName: "X" }),
    );
    expect(res.status).toBe(400);
    expect((await errorOf(res)).errors).toEqual({
      uen: ["UEN may contain only uppercase letters and digits"],
      website: ["Please enter a valid URL (https://...)"],
      companyName: ["Company name must be at least 2 characters"],
    });
    expect(await businessRow(target.business.id)).toEqual(before);
  });

  it("never lets the body move the business to another owner", async () => {
    const res = await target.client.patch(
      `/api/businesses/${target.business.id}`,
      businessFields({ uen: target.fields.uen, userId: teamMember.user.id, id: 424242 }),
    );
    expect(res.status).toBe(200);
    expect(await businessRow(target.business.id)).toMatchObject({ id: target.business.id, user_id: target.user.id });
    expect(await app.query("select id from businesses where id = 424242")).toEqual([]);
  });
});
