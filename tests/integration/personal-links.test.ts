import { describe, expect, it } from "vitest";
import { WORKS_HERE } from "../../app/domain/referrals/creation.server";
import { DUPLICATE_REFERRAL } from "../../app/domain/referrals/duplicates.server";
import {
  BUSINESS_NOT_FOUND,
  INTRODUCTIONS_PER_CLIENT,
  INTRODUCTIONS_TOO_MANY,
  PERSONAL_LINK_INVALID,
} from "../../app/domain/referrals/personal-links.server";
import { linkIn } from "../shared/mail-inbox";
import { appPerFile, client, ORIGIN } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { inbox } from "./helpers/mail";
import { referralRow } from "./helpers/marketplace";
import { newBusiness, newConnector, tokenHash } from "./helpers/parties";
import { errorOf, textOf } from "./helpers/responses";

/** What a page says, as a reader sees it. */
const pageText = async (res: Response) => textOf(await res.text());

// Issue 37, item 5 (decisions 179, 180): a connector's personal link per business, where a prospect
// introduces themselves; the referral is credited to the connector, and the person's confirmation of
// their own address is their consent.

const app = appPerFile();

let counter = 0;
const tag = () => `${Date.now().toString(36)}${++counter}`;
const phoneOf = () => `+65 97${String((Date.now() + counter * 7919) % 1000000).padStart(6, "0")}`;

type LinkBody = { businessId: number; code: string; path: string; url: string };

/** Jane, a connector, and the business she shares her link for. */
async function janeAndAcme() {
  const owner = await newBusiness(app);
  const jane = await newConnector(app, { name: "Jane Tan" });
  const res = await jane.client.get(`/api/businesses/${owner.business.id}/personal-link`);
  expect(res.status, await res.clone().text()).toBe(200);
  const link = (await res.json()) as LinkBody;
  return { owner, jane, link };
}

const person = () => {
  const t = tag();
  return {
    referredPersonName: "Ann Lee",
    referredPersonEmail: `ann.lee.${t}@example.com`,
    referredPersonPhone: phoneOf(),
    notes: "Looking for invoicing software for a team of 12.",
  };
};

type Row = {
  id: number;
  connector_id: number;
  status: string;
  consent_status: string;
  registered_by: string;
  connector_confirmation: string;
  pending_person_email: string | null;
  pending_email_token_hash: string | null;
  referred_person_email: string | null;
  cashback_basis_points: number;
  cashback_proposal: string | null;
};
const COLUMNS =
  "id, connector_id, status, consent_status, registered_by, connector_confirmation, pending_person_email, pending_email_token_hash, referred_person_email, cashback_basis_points, cashback_proposal";
async function rowByEmail(email: string) {
  const [row] = await app.query<{ id: number }>("select id from referrals where referred_person_email = ?", email);
  if (!row) throw new Error(`no referral of ${email}`);
  return referralRow<Row>(app, row.id, COLUMNS);
}

describe("GET /api/businesses/{id}/personal-link", () => {
  it("gives the connector their own link: a random 32-hex code, the same for every business, never their id", async () => {
    const { owner, jane, link } = await janeAndAcme();
    const [stored] = await app.query<{ link_code: string }>("select link_code from connectors where id = ?", jane.connectorId);
    expect(link).toEqual({
      businessId: owner.business.id,
      code: stored?.link_code,
      path: `/refer/${owner.business.id}?via=${stored?.link_code}`,
      url: `${ORIGIN}/refer/${owner.business.id}?via=${stored?.link_code}`,
    });
    expect(link.code).toMatch(/^[0-9a-f]{32}$/);
    const other = await newBusiness(app);
    const again = (await (await jane.client.get(`/api/businesses/${other.business.id}/personal-link`)).json()) as LinkBody;
    expect(again.code).toBe(link.code);
    // Someone else's link is their own code, not Jane's.
    const bo = await newConnector(app);
    const bos = (await (await bo.client.get(`/api/businesses/${owner.business.id}/personal-link`)).json()) as LinkBody;
    expect(bos.code).not.toBe(link.code);
  });

  it("is refused logged out (401), to a platform admin (403), for a business one works for (422) and for an unknown business (404)", async () => {
    const { owner } = await janeAndAcme();
    const path = `/api/businesses/${owner.business.id}/personal-link`;
    expect((await client(app).get(path)).status).toBe(401);
    const admin = await newAdmin(app);
    const asAdmin = await admin.client.get(path);
    expect(asAdmin.status).toBe(403);
    expect((await errorOf(asAdmin)).message).toBe("Platform admins cannot make referrals");
    // The owner (a business account, given a connector profile) cannot refer to their own business.
    await owner.client.form(`/refer/${owner.business.id}`, { intent: "create-profile" });
    const own = await owner.client.get(path);
    expect(own.status).toBe(422);
    expect((await errorOf(own)).message).toBe(WORKS_HERE);
    const jane = await newConnector(app);
    const unknown = await jane.client.get("/api/businesses/999999/personal-link");
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).message).toBe(BUSINESS_NOT_FOUND);
  });
});

describe("POST /api/referral-links/{code}/introductions", () => {
  it("the story: a prospect introduces themselves (201); the referral is Jane's, pending, awaiting consent; the mailed link confirms the address, and that is consent", async () => {
    const { owner, jane, link } = await janeAndAcme();
    const ann = person();
    const prospect = client(app);
    const res = await prospect.post(`/api/referral-links/${link.code}/introductions`, { businessId: owner.business.id, ...ann });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toEqual({
      businessId: owner.business.id,
      businessName: owner.fields.companyName,
      connectorName: "Jane Tan",
      emailToConfirm: ann.referredPersonEmail,
      consentStatus: "awaiting",
    });
    const row = await rowByEmail(ann.referredPersonEmail);
    // Credited to Jane at her default cashback for the business (its 10% fee: no proposal).
    expect(row).toMatchObject({
      connector_id: jane.connectorId,
      status: "pending",
      consent_status: "awaiting",
      registered_by: "person",
      connector_confirmation: "confirmed",
      pending_person_email: ann.referredPersonEmail,
      cashback_basis_points: 1000,
      cashback_proposal: null,
    });
    // The business sees the name only; Jane sees it in her list.
    const seen = (await (await owner.client.get(`/api/referrals/${row.id}`)).json()) as Record<string, unknown>;
    expect(seen).toMatchObject({ consentStatus: "awaiting", referredPersonEmail: null, registeredBy: "person" });
    const mine = (await (await jane.client.get(`/api/referrals/connector/${jane.connectorId}`)).json()) as { id: number }[];
    expect(mine.map((r) => r.id)).toContain(row.id);

    await app.scheduled();
    const mail = await inbox.waitFor(ann.referredPersonEmail, { subject: /Confirm your email address/ });
    expect(mail.subject).toBe(`Confirm your email address to meet ${owner.fields.companyName}`);
    expect(mail.text).toContain(
      `You introduced yourself to ${owner.fields.companyName} on Warm Intros through Jane Tan's personal link and gave this email address.`,
    );
    const confirmPath = linkIn(mail, "/intro/confirm/").pathname;
    expect((await rowByEmail(ann.referredPersonEmail)).pending_email_token_hash).toBe(
      tokenHash(confirmPath.slice("/intro/confirm/".length)),
    );
    // Opening the link changes nothing; the button confirms, and that is the consent.
    expect(await pageText(await prospect.get(confirmPath))).toContain("through Jane Tan's personal link");
    expect((await rowByEmail(ann.referredPersonEmail)).consent_status).toBe("awaiting");
    const confirmed = await prospect.form(confirmPath, {});
    expect(confirmed.status).toBe(200);
    expect(await pageText(confirmed)).toContain("Your introduction is confirmed");
    expect(await rowByEmail(ann.referredPersonEmail)).toMatchObject({ consent_status: "given", pending_person_email: null });
    const after = (await (await owner.client.get(`/api/referrals/${row.id}`)).json()) as Record<string, unknown>;
    expect(after).toMatchObject({ consentStatus: "given", referredPersonEmail: ann.referredPersonEmail });
    const notes = await app.query<{ title: string }>(
      "select title from notifications where user_id = ? and referral_id = ? and title like '%accepted%'",
      jane.user.id,
      row.id,
    );
    expect(notes).toEqual([{ title: "Ann Lee accepted your introduction" }]);
  });

  it("answers bad input with 400 { message, errors } and the referral form's messages, writing nothing", async () => {
    const { owner, link } = await janeAndAcme();
    const res = await client(app).post(`/api/referral-links/${link.code}/introductions`, {
      businessId: owner.business.id,
      referredPersonName: "A",
      referredPersonEmail: "not-an-email",
      referredPersonPhone: "123",
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({
      message: "Validation failed",
      errors: {
        referredPersonName: ["Name must be at least 2 characters"],
        referredPersonEmail: ["Invalid email address"],
        referredPersonPhone: ["Phone number required"],
      },
    });
    const noBusiness = await client(app).post(`/api/referral-links/${link.code}/introductions`, person());
    expect(noBusiness.status).toBe(400);
    expect((await errorOf(noBusiness)).errors).toEqual({ businessId: ["Please select a business"] });
    const [n] = await app.query<{ n: number }>("select count(*) as n from referrals where business_id = ?", owner.business.id);
    expect(n?.n).toBe(0);
  });

  it("answers an unknown link with 404: a made-up code, a malformed one, an unknown business, a suspended connector's, or one to where the connector works", async () => {
    const { owner, jane, link } = await janeAndAcme();
    const post = (code: string, businessId = owner.business.id) =>
      client(app).post(`/api/referral-links/${code}/introductions`, { businessId, ...person() });
    for (const res of [await post("0".repeat(32)), await post("not-a-code"), await post(link.code, 999999)]) {
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toBe(PERSONAL_LINK_INVALID);
    }
    // A connector who works for the business has no link to it.
    await owner.client.form(`/refer/${owner.business.id}`, { intent: "create-profile" });
    const [ownerCode] = await app.query<{ link_code: string }>(
      "select link_code from connectors where user_id = ?",
      owner.user.id,
    );
    expect(ownerCode?.link_code).toMatch(/^[0-9a-f]{32}$/);
    expect((await post(ownerCode?.link_code ?? "")).status).toBe(404);
    // A suspended connector's links stop working.
    await app.query("update users set suspended_at = ? where id = ?", Date.now(), jane.user.id);
    expect((await post(link.code)).status).toBe(404);
  });

  it("refuses the same person twice to the same business (409, the fixed duplicate text) under the rules of any referral", async () => {
    const { owner, link } = await janeAndAcme();
    const ann = person();
    const body = { businessId: owner.business.id, ...ann };
    expect((await client(app).post(`/api/referral-links/${link.code}/introductions`, body)).status).toBe(201);
    const again = await client(app).post(`/api/referral-links/${link.code}/introductions`, {
      ...body,
      referredPersonEmail: `other.${tag()}@example.com`,
    });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(DUPLICATE_REFERRAL);
  });

  it(`takes at most ${INTRODUCTIONS_PER_CLIENT.limit} introductions an hour from one client (429 with Retry-After)`, async () => {
    const { owner, link } = await janeAndAcme();
    const prospect = client(app);
    for (let i = 0; i < INTRODUCTIONS_PER_CLIENT.limit; i++) {
      const res = await prospect.post(`/api/referral-links/${link.code}/introductions`, {
        businessId: owner.business.id,
        ...person(),
      });
      expect(res.status).toBe(201);
    }
    const over = await prospect.post(`/api/referral-links/${link.code}/introductions`, {
      businessId: owner.business.id,
      ...person(),
    });
    expect(over.status).toBe(429);
    expect((await errorOf(over)).message).toBe(INTRODUCTIONS_TOO_MANY);
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another client is not held back.
    const fresh = await client(app).post(`/api/referral-links/${link.code}/introductions`, {
      businessId: owner.business.id,
      ...person(),
    });
    expect(fresh.status).toBe(201);
  });
});

describe("/refer/{businessId}?via={code}, without JavaScript", () => {
  it("shows a visitor whose link it is and a form; bad input comes back with the messages under the fields; a good one says Check your inbox", async () => {
    const { owner, link } = await janeAndAcme();
    const visitor = client(app);
    const page = await pageText(await visitor.get(link.path));
    expect(page).toContain(`Jane Tan invites you to meet ${owner.fields.companyName}`);
    // The plain link keeps the invitation to log in or sign up.
    expect(await pageText(await visitor.get(`/refer/${owner.business.id}`))).toContain("Log in or sign up");
    const bad = await visitor.form(link.path, {
      intent: "introduce-self",
      via: link.code,
      referredPersonName: "A",
      referredPersonEmail: "nope",
      referredPersonPhone: "1",
    });
    expect(bad.status).toBe(400);
    const badText = await pageText(bad);
    expect(badText).toContain("Name must be at least 2 characters");
    expect(badText).toContain("Invalid email address");
    const ann = person();
    const good = await visitor.form(link.path, { intent: "introduce-self", via: link.code, ...ann });
    expect(good.status).toBe(200);
    const goodText = await pageText(good);
    expect(goodText).toContain("Check your inbox");
    expect(goodText).toContain(`We sent a link to ${ann.referredPersonEmail}.`);
    expect((await rowByEmail(ann.referredPersonEmail)).registered_by).toBe("person");
  });

  it("shows a signed-in connector their personal link on the business's page", async () => {
    const { owner, jane, link } = await janeAndAcme();
    const text = await pageText(await jane.client.get(`/refer/${owner.business.id}`));
    expect(text).toContain("Your personal link");
    const html = await (await jane.client.get(`/refer/${owner.business.id}`)).text();
    expect(html).toContain(link.url.replaceAll("&", "&amp;"));
  });
});
