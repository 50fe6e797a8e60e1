import { describe, expect, it } from "vitest";
import { appPerFile, client, signedUp } from "./helpers/app";
import { businessRegistration, PUBLIC_USER_KEYS, type PublicUserBody, setCookieFor, tableCounts } from "./helpers/fixtures";
import { refusedOn } from "./helpers/responses";

const app = appPerFile();

type ErrorBody = { message: string; errors?: Record<string, string[]> };
const PATH = "/api/public/register-business";

async function errorsFor(overrides: Record<string, unknown>) {
  const before = await tableCounts(app);
  const payload = businessRegistration(overrides);
  const res = await client(app).post(PATH, payload);
  expect(res.status).toBe(400);
  const body = (await res.json()) as ErrorBody;
  expect(body.message).toBe("Validation failed");
  expect(await tableCounts(app)).toEqual(before);
  return body.errors ?? {};
}

describe("POST /api/public/register-business", () => {
  it("creates a business account, its profile and both activity entries, and logs in", async () => {
    const c = client(app);
    const payload = businessRegistration({ accountType: "freelancer" });
    const res = await c.post(PATH, payload);
    expect(res.status).toBe(201);
    const user = (await res.json()) as PublicUserBody;
    expect(Object.keys(user).sort()).toEqual(PUBLIC_USER_KEYS);
    expect(user).toMatchObject({
      username: payload.username,
      name: payload.name,
      email: payload.email,
      phone: payload.phone,
      accountType: "business",
      isAdmin: false,
    });
    expect(setCookieFor(res, "__session")).toMatch(/HttpOnly/i);
    expect(((await (await c.get("/api/auth/me")).json()) as PublicUserBody).id).toBe(user.id);

    const [row] = await app.query("select account_type, is_admin from users where id = ?", user.id);
    expect(row).toEqual({ account_type: "business", is_admin: 0 });

    const businesses = await app.query("select * from businesses where user_id = ?", user.id);
    expect(businesses).toHaveLength(1);
    expect(businesses[0]).toMatchObject({
      company_name: payload.companyName,
      description: payload.description,
      sector: payload.sector,
      nature: payload.nature,
      uen: payload.uen,
      address: payload.address,
      website: payload.website,
      referral_fee: payload.referralFee,
      referral_terms: payload.referralTerms,
      contact_person: payload.contactPerson,
      contact_phone: payload.contactPhone,
      contact_email: payload.contactEmail,
      account_type: "freelancer",
    });

    const activity = await app.query<{ activity_type: string; business_id: number | null }>(
      "select activity_type, business_id from activity_logs where user_id = ? order by id",
      user.id,
    );
    expect(activity).toEqual([
      { activity_type: "user_signup", business_id: null },
      { activity_type: "business_registered", business_id: businesses[0]?.id },
    ]);
  });

  it("stores missing optional fields as null", async () => {
    const { description: _d, sector: _s, nature: _n, website: _w, ...payload } = businessRegistration();
    const res = await client(app).post(PATH, { ...payload, description: "" });
    expect(res.status).toBe(201);
    const user = (await res.json()) as PublicUserBody;
    const [business] = await app.query("select description, sector, nature, website from businesses where user_id = ?", user.id);
    expect(business).toEqual({ description: null, sector: null, nature: null, website: null });
  });

  it("refuses a UEN already registered with 409 and leaves no user row behind", async () => {
    const first = businessRegistration();
    expect((await client(app).post(PATH, first)).status).toBe(201);
    const before = await tableCounts(app);

    const second = businessRegistration({ uen: first.uen });
    const res = await client(app).post(PATH, second);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual(refusedOn("uen", "This UEN is already registered"));
    expect(setCookieFor(res, "__session")).toBeUndefined();
    expect(await app.query("select id from users where username = ?", second.username)).toEqual([]);
    expect(await tableCounts(app)).toEqual(before);
  });

  it("keeps the account and the business together when two registrations race for one UEN", async () => {
    const uen = businessRegistration().uen;
    const a = businessRegistration({ uen });
    const b = businessRegistration({ uen });
    const before = await tableCounts(app);
    const results = await Promise.all([client(app).post(PATH, a), client(app).post(PATH, b)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.status === 409) as Response;
    expect(((await loser.json()) as ErrorBody).errors).toEqual({ uen: ["This UEN is already registered"] });
    const users = await app.query("select id from users where username in (?, ?)", a.username, b.username);
    expect(users).toHaveLength(1);
    expect(await tableCounts(app)).toEqual({
      ...before,
      users: before.users + 1,
      businesses: before.businesses + 1,
      activity_logs: before.activity_logs + 2,
      sessions: before.sessions + 1,
    });
  });

  it("refuses a username already taken (any case) with 409 and writes no business", async () => {
    const { payload: taken } = await signedUp(app);
    const before = await tableCounts(app);
    const payload = businessRegistration({ username: taken.username.toUpperCase() });
    const res = await client(app).post(PATH, payload);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual(refusedOn("username", "Username is already taken"));
    expect(await app.query("select id from businesses where uen = ?", payload.uen)).toEqual([]);
    expect(await tableCounts(app)).toEqual(before);
  });

  it("ignores isAdmin in the body", async () => {
    const res = await client(app).post(PATH, businessRegistration({ isAdmin: true }));
    expect(res.status).toBe(201);
    const user = (await res.json()) as PublicUserBody;
    expect(user.isAdmin).toBe(false);
    expect(await app.query("select is_admin from users where id = ?", user.id)).toEqual([{ is_admin: 0 }]);
  });

  it("refuses a filled honeypot with 400 and writes nothing", async () => {
    const before = await tableCounts(app);
    const res = await client(app).post(PATH, businessRegistration({ company_fax: "6000 0000" }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).message).toBe("Form submission rejected");
    expect(await tableCounts(app)).toEqual(before);
  });

  describe("validation (400, nothing written)", () => {
    it("needs a stronger password than plain signup", async () => {
      expect((await errorsFor({ password: "Ab1" })).password).toEqual(["Password must be at least 8 characters"]);
      expect((await errorsFor({ password: "alllower1" })).password).toEqual(["Password must contain an uppercase letter"]);
      expect((await errorsFor({ password: "ALLUPPER1" })).password).toEqual(["Password must contain a lowercase letter"]);
      expect((await errorsFor({ password: "NoDigitsHere" })).password).toEqual(["Password must contain a digit"]);
    });

    it("allows only letters, digits and underscores in the username, 3 to 50 of them", async () => {
      expect((await errorsFor({ username: "bad-name" })).username).toEqual([
        "Username may contain only letters, digits and underscores",
      ]);
      expect((await errorsFor({ username: "ab" })).username).toEqual(["Username must be at least 3 characters"]);
      expect((await errorsFor({ username: "a".repeat(51) })).username).toEqual(["Username must be at most 50 characters"]);
    });

    it("wants an uppercase UEN of 9 to 20 letters and digits (the API does not uppercase it)", async () => {
      expect((await errorsFor({ uen: "abc123456" })).uen).toEqual(["UEN may contain only uppercase letters and digits"]);
      expect((await errorsFor({ uen: "ABC-12345" })).uen).toEqual(["UEN may contain only uppercase letters and digits"]);
      expect((await errorsFor({ uen: "ABC1234" })).uen).toEqual(["UEN must be at least 9 characters"]);
      expect((await errorsFor({ uen: "A".repeat(21) })).uen).toEqual(["UEN must be at most 20 characters"]);
    });

    it("checks phone numbers, name, address, terms and emails", async () => {
      const errors = await errorsFor({
        name: "A",
        email: "nope",
        phone: "call me maybe",
        address: "Short",
        referralTerms: "Too short",
        contactPhone: "1234",
        contactEmail: "also-nope",
        accountType: "individual",
      });
      expect(errors).toEqual({
        name: ["Name must be at least 2 characters"],
        email: ["Invalid email address"],
        phone: ["Phone number may contain only digits, spaces and + - ( )"],
        address: ["Address must be at least 10 characters"],
        referralTerms: ["Referral terms must be at least 20 characters"],
        contactPhone: ["Contact phone must be at least 8 characters"],
        contactEmail: ["Invalid email address"],
        accountType: ["Please select company or freelancer"],
      });
    });

    it("names every required field that is missing", async () => {
      const before = await tableCounts(app);
      const res = await client(app).post(PATH, {});
      expect(res.status).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(Object.keys(body.errors ?? {}).sort()).toEqual(
        [
          "address",
          "companyName",
          "contactEmail",
          "contactPerson",
          "contactPhone",
          "email",
          "name",
          "password",
          "phone",
          "feeKind",
          "referralTerms",
          "uen",
          "username",
        ].sort(),
      );
      expect(await tableCounts(app)).toEqual(before);
    });

    it("refuses a website that is not a URL and wrong types", async () => {
      expect((await errorsFor({ website: "not a url" })).website).toEqual(["Please enter a valid URL (https://...)"]);
      expect((await errorsFor({ companyName: 42 })).companyName).toEqual(["Expected string, received number"]);
    });
  });
});
