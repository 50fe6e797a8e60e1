import { describe, expect, it } from "vitest";
import { appPerFile, client, signedUp } from "./helpers/app";
import { expectContactShown } from "./helpers/business-contacts";
import { type BusinessBody, businessFields, uniqueUen } from "./helpers/marketplace";
import { newBusiness } from "./helpers/parties";
import { activityRows, errorOf } from "./helpers/responses";

const app = appPerFile();

async function businessCount() {
  const [row] = await app.query<{ n: number }>("select count(*) as n from businesses");
  return row?.n ?? 0;
}

/** A new business user's profile with `field` set to `value` is refused with the field's message; nothing is written. */
async function expectFieldRefused(field: string, value: string, message: string) {
  const c = (await signedUp(app, { accountType: "business" })).client;
  const before = await businessCount();
  const res = await c.post("/api/businesses", businessFields({ [field]: value }));
  expect(res.status).toBe(400);
  expect((await errorOf(res)).errors?.[field]).toEqual([message]);
  expect(await businessCount()).toBe(before);
}

async function businessRow(id: number) {
  const [row] = await app.query("select * from businesses where id = ?", id);
  return row;
}

describe("POST /api/businesses", () => {
  it("answers 401 to an anonymous caller and writes nothing", async () => {
    const before = await businessCount();
    const res = await client(app).post("/api/businesses", businessFields());
    expect(res.status).toBe(401);
    expect(await businessCount()).toBe(before);
  });

  it("registers the caller's business: 201, stored row, contact details for the owner, activity", async () => {
    const owner = await signedUp(app, { accountType: "business" });
    const fields = businessFields({ accountType: "freelancer" });
    const res = await owner.client.post("/api/businesses", fields);
    expect(res.status).toBe(201);
    const body = (await res.json()) as BusinessBody;
    expect(body).toMatchObject({
      userId: owner.user.id,
      companyName: fields.companyName,
      description: fields.description,
      sector: fields.sector,
      nature: fields.nature,
      uen: fields.uen,
      address: fields.address,
      website: fields.website,
      referralFee: fields.referralFee,
      referralTerms: fields.referralTerms,
      accountType: "freelancer",
    });
    expectContactShown(body, fields);
    expect(await businessRow(body.id)).toMatchObject({
      user_id: owner.user.id,
      company_name: fields.companyName,
      uen: fields.uen,
      contact_person: fields.contactPerson,
      contact_email: fields.contactEmail,
      account_type: "freelancer",
    });
    const activity = await activityRows(app, "business_registered", body.id);
    expect(activity).toHaveLength(1);
    expect(activity[0]?.user_id).toBe(owner.user.id);
  });

  it("accepts userId when it is the caller's own id", async () => {
    const owner = await signedUp(app, { accountType: "business" });
    const res = await owner.client.post("/api/businesses", businessFields({ userId: owner.user.id }));
    expect(res.status).toBe(201);
    expect(((await res.json()) as BusinessBody).userId).toBe(owner.user.id);
  });

  it("refuses a userId that is not the caller's with 403 and writes nothing", async () => {
    const victim = await signedUp(app, { accountType: "business" });
    const caller = await signedUp(app, { accountType: "business" });
    const before = await businessCount();
    const res = await caller.client.post("/api/businesses", businessFields({ userId: victim.user.id }));
    expect(res.status).toBe(403);
    expect(await businessCount()).toBe(before);
    expect(await app.query("select id from businesses where user_id in (?, ?)", victim.user.id, caller.user.id)).toEqual([]);
  });

  it("allows one business per owner: a second answers 409 and writes nothing", async () => {
    const { client: c, business } = await newBusiness(app);
    const before = await businessCount();
    const res = await c.post("/api/businesses", businessFields());
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe("You already have a registered business");
    expect(await businessCount()).toBe(before);
    expect(await activityRows(app, "business_registered", business.id)).toHaveLength(1);
  });

  it("refuses a UEN that is already registered with 409 and errors.uen", async () => {
    const { fields } = await newBusiness(app);
    const other = await signedUp(app, { accountType: "business" });
    const before = await businessCount();
    const res = await other.client.post("/api/businesses", businessFields({ uen: fields.uen }));
    expect(res.status).toBe(409);
    expect((await errorOf(res)).errors).toEqual({ uen: ["This UEN is already registered"] });
    expect(await businessCount()).toBe(before);
  });

  it.each(["abc123456", "ABC-12345", "ABC 12345", "ÄBC123456"])("refuses the UEN %s: only uppercase letters and digits", (uen) =>
    expectFieldRefused("uen", uen, "UEN may contain only uppercase letters and digits"),
  );

  it("refuses a UEN shorter than 9 or longer than 20 characters", async () => {
    const c = (await signedUp(app, { accountType: "business" })).client;
    const short = await c.post("/api/businesses", businessFields({ uen: "ABCD1234" }));
    expect(short.status).toBe(400);
    expect((await errorOf(short)).errors?.uen).toEqual(["UEN must be at least 9 characters"]);
    const long = await c.post("/api/businesses", businessFields({ uen: "A".repeat(21) }));
    expect(long.status).toBe(400);
    expect((await errorOf(long)).errors?.uen).toEqual(["UEN must be at most 20 characters"]);
    const exact = await c.post("/api/businesses", businessFields({ uen: `${uniqueUen()}ZZZZZZZZZZZZZZZZZZZZ`.slice(0, 20) }));
    expect(exact.status).toBe(201);
  });

  it.each(["not a url", "acme.example.com", "javascript:alert(1)", "ftp://acme.example.com"])(
    "refuses the website %s",
    (website) => expectFieldRefused("website", website, "Please enter a valid URL (https://...)"),
  );

  it("refuses overlong fields with a message per field and writes nothing", async () => {
    const c = (await signedUp(app, { accountType: "business" })).client;
    const before = await businessCount();
    const res = await c.post(
      "/api/businesses",
      businessFields({
        companyName: "C".repeat(201),
        description: "D".repeat(1001),
        address: "A".repeat(501),
        referralFee: "F".repeat(51),
        referralTerms: "T".repeat(2001),
        contactPerson: "P".repeat(101),
        contactPhone: "1".repeat(21),
        contactEmail: `${"e".repeat(95)}@example.com`,
        sector: Array.from({ length: 26 }, (_, i) => `w${i}`).join(" "),
      }),
    );
    expect(res.status).toBe(400);
    const { errors } = await errorOf(res);
    expect(errors).toEqual({
      companyName: ["Company name must be at most 200 characters"],
      description: ["Description must be at most 1000 characters"],
      address: ["Address must be at most 500 characters"],
      referralFee: ["Referral fee must be at most 50 characters"],
      referralTerms: ["Referral terms must be at most 2000 characters"],
      contactPerson: ["Contact person must be at most 100 characters"],
      contactPhone: ["Contact phone must be at most 20 characters"],
      contactEmail: ["Email must be at most 100 characters"],
      sector: ["Sector must be at most 25 words"],
    });
    expect(await businessCount()).toBe(before);
  });

  it("refuses missing required fields with their messages", async () => {
    const c = (await signedUp(app, { accountType: "business" })).client;
    const res = await c.post("/api/businesses", {});
    expect(res.status).toBe(400);
    const { errors } = await errorOf(res);
    expect(Object.keys(errors ?? {}).sort()).toEqual(
      // The fee is stated by its kind (issue 33): missing, the kind is asked for.
      ["address", "companyName", "contactEmail", "contactPerson", "contactPhone", "feeKind", "referralTerms", "uen"].sort(),
    );
    expect(errors?.feeKind).toEqual(["Please choose a percentage of the revenue or a flat amount"]);
    expect(errors?.uen).toEqual(["UEN must be at least 9 characters"]);
    expect(errors?.contactEmail).toEqual(["Invalid email address"]);
  });
});
