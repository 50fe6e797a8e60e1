import { beforeAll, describe, expect, it } from "vitest";
import { appPerFile, type Person, signedUp } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { giveConsent } from "./helpers/introductions";
import { inbox } from "./helpers/mail";
import { businessFields, type ReferralBody, refer } from "./helpers/marketplace";
import { type Business, type Connector, joinTeam, newBusiness, newConnector, verifyEmailOf } from "./helpers/parties";
import { errorOf, pageText } from "./helpers/responses";

// Issue 16 sections 2 and 3: terms frozen per referral, decisions with reasons, and the review clock
// (decisions 056 and 058).

const app = appPerFile();
let business: Business, connector: Connector, member: Person, admin: Person, stranger: Person;

const REASON_REQUIRED = "Please choose a reason for the rejection";
const OTHER_NEEDS_NOTE = "Please add a note explaining the reason";
const REOPEN_NEEDS_NOTE = "Please add a note saying why this referral is being reopened";
const WINDOW_RANGE = "Response window must be between 1 and 30 business days";
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  business = await newBusiness(app, { companyName: "Clockwork Co", referralFee: "7%" });
  await verifyEmailOf(app, business.user.id);
  connector = await newConnector(app, { name: "Cora Connector" });
  member = await signedUp(app, { name: "Mo Member" });
  await joinTeam(app, business.client, business.business.id, member, { name: "Mo Member", role: "member" });
  admin = await newAdmin(app);
  stranger = await signedUp(app);
});

type Row = {
  status: string;
  rejection_reason: string | null;
  first_decided_at: number | null;
  status_notes: string | null;
  review_reminded_at: number | null;
  review_flagged_at: number | null;
};
async function row(id: number): Promise<Row> {
  const [r] = await app.query<Row>(
    "select status, rejection_reason, first_decided_at, status_notes, review_reminded_at, review_flagged_at from referrals where id = ?",
    id,
  );
  if (!r) throw new Error(`no referral ${id}`);
  return r;
}
const historyCount = async (id: number) =>
  (await app.query<{ n: number }>("select count(*) as n from referral_status_changes where referral_id = ?", id))[0]?.n;

async function freshReferral(overrides: Record<string, unknown> = {}) {
  return (await refer(connector.client, business.business.id, overrides)).referral;
}

const patch = (id: number, body: Record<string, unknown>, who = business) => who.client.patch(`/api/referrals/${id}`, body);

describe("rejecting needs a reason from the list", () => {
  it("refuses a rejection without a reason (400, under rejectionReason) and writes nothing", async () => {
    const referral = await freshReferral();
    const before = await historyCount(referral.id);
    const res = await patch(referral.id, { status: "rejected" });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ message: "Validation failed", errors: { rejectionReason: [REASON_REQUIRED] } });
    expect(await row(referral.id)).toMatchObject({ status: "pending", rejection_reason: null, first_decided_at: null });
    expect(await historyCount(referral.id)).toBe(before);
  });

  it("refuses a reason not on the list", async () => {
    const referral = await freshReferral();
    const res = await patch(referral.id, { status: "rejected", rejectionReason: "too_pricey" });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).errors).toEqual({ rejectionReason: ["Please choose one of the listed reasons"] });
  });

  it('needs a note with "other" (400, under statusNotes)', async () => {
    const referral = await freshReferral();
    const res = await patch(referral.id, { status: "rejected", rejectionReason: "other" });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ message: "Validation failed", errors: { statusNotes: [OTHER_NEEDS_NOTE] } });
    const ok = await patch(referral.id, { status: "rejected", rejectionReason: "other", statusNotes: "Outside our area" });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as ReferralBody).rejectionReason).toBe("other");
  });

  it("stores the reason and the first decision, tells the connector, and shows it to them (API, detail page, card)", async () => {
    const referral = await freshReferral({ referredPersonName: "Rejected Rae" });
    const t0 = Date.now();
    const res = await patch(referral.id, { status: "rejected", rejectionReason: "already_a_customer" }, member as Business);
    expect(res.status).toBe(200);
    expect(((await res.json()) as ReferralBody).rejectionReason).toBe("already_a_customer");
    const stored = await row(referral.id);
    expect(stored).toMatchObject({ status: "rejected", rejection_reason: "already_a_customer" });
    expect(stored.first_decided_at).toBeGreaterThanOrEqual(t0);

    const seen = (await (await connector.client.get(`/api/referrals/${referral.id}`)).json()) as ReferralBody;
    expect(seen.rejectionReason).toBe("already_a_customer");
    const [note] = await app.query<{ body: string }>(
      "select body from notifications where referral_id = ? and user_id = ? order by id desc limit 1",
      referral.id,
      connector.user.id,
    );
    expect(note?.body).toBe("Clockwork Co: Pending → Rejected. Reason: Already a customer");
    const page = await pageText(await connector.client.get(`/referrals/${referral.id}`));
    expect(page).toContain("Rejection Reason");
    expect(page).toContain("Already a customer");
    const dashboard = await pageText(await connector.client.get("/my-referrals?status=rejected"));
    expect(dashboard).toContain("Already a customer");
  });
});

describe("leaving completed or rejected needs a note", () => {
  it.each([
    ["rejected", { rejectionReason: "could_not_reach" }, "pending"],
    ["rejected", { rejectionReason: "duplicate" }, "approved"],
    ["completed", {}, "approved"],
    ["completed", {}, "rejected"],
  ] as const)("from %s to %s: 400 under statusNotes without one; with one the history keeps it", async (from, extra, to) => {
    const referral = await freshReferral();
    await giveConsent(app, referral.id);
    expect((await patch(referral.id, { status: from, ...extra })).status).toBe(200);
    const decidedAt = (await row(referral.id)).first_decided_at;
    const before = await historyCount(referral.id);
    const toExtra = to === "rejected" ? { rejectionReason: "not_a_fit" } : {};

    const refused = await patch(referral.id, { status: to, ...toExtra });
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toEqual({ message: "Validation failed", errors: { statusNotes: [REOPEN_NEEDS_NOTE] } });
    expect((await row(referral.id)).status).toBe(from);
    expect(await historyCount(referral.id)).toBe(before);

    const ok = await patch(referral.id, { status: to, ...toExtra, statusNotes: "They called back after all" });
    expect(ok.status).toBe(200);
    const after = await row(referral.id);
    expect(after.status).toBe(to);
    // The reason goes when the referral leaves rejected; the first decision stays as it was.
    expect(after.rejection_reason).toBe(to === "rejected" ? "not_a_fit" : null);
    expect(after.first_decided_at).toBe(decidedAt);
    const detail = (await (await connector.client.get(`/api/referrals/${referral.id}`)).json()) as {
      history: { fromStatus: string; toStatus: string; note: string | null }[];
    };
    expect(detail.history.at(-1)).toMatchObject({ fromStatus: from, toStatus: to, note: "They called back after all" });
  });

  it("needs no note to update a completed referral's revenue", async () => {
    const referral = await freshReferral();
    await giveConsent(app, referral.id);
    expect((await patch(referral.id, { status: "completed" })).status).toBe(200);
    expect((await patch(referral.id, { status: "completed", revenueReceived: 100 })).status).toBe(200);
  });

  it("a connector or admin still gets 403, a stranger 404, before any validation", async () => {
    const referral = await freshReferral();
    expect((await connector.client.patch(`/api/referrals/${referral.id}`, { status: "rejected" })).status).toBe(403);
    expect((await admin.client.patch(`/api/referrals/${referral.id}`, { status: "rejected" })).status).toBe(403);
    expect((await stranger.client.patch(`/api/referrals/${referral.id}`, { status: "rejected" })).status).toBe(404);
  });
});

describe("the Update Referral screen without JavaScript", () => {
  it("shows the reason's message under its field and the reopen message under the notes", async () => {
    const referral = await freshReferral();
    const refused = await business.client.form("/business/update", { referralId: String(referral.id), status: "rejected" });
    expect(refused.status).toBe(400);
    expect(await pageText(refused)).toContain(REASON_REQUIRED);
    const done = await business.client.form("/business/update", {
      referralId: String(referral.id),
      status: "rejected",
      rejectionReason: "not_a_fit",
    });
    expect(done.status).toBe(302);
    expect((await row(referral.id)).rejection_reason).toBe("not_a_fit");
    const reopen = await business.client.form("/business/update", { referralId: String(referral.id), status: "pending" });
    expect(reopen.status).toBe(400);
    expect(await pageText(reopen)).toContain(REOPEN_NEEDS_NOTE);
  });
});

describe("terms frozen per referral", () => {
  it("keeps the fee and terms of its creation; profile edits apply to new referrals only (API, webhook, pages)", async () => {
    const owner = await newBusiness(app, {
      referralFee: "5%",
      referralTerms: "Five percent of the first invoice, paid monthly.",
    });
    await app.query(
      "insert into webhook_endpoints (business_id, url, description, events, secret, created_by_user_id, created_at) values (?, ?, null, ?, ?, ?, ?)",
      owner.business.id,
      "https://hooks.example.com/terms",
      JSON.stringify(["referral.created", "referral.status_changed"]),
      "whsec_planted",
      owner.user.id,
      Date.now(),
    );
    const { referral: first } = await refer(connector.client, owner.business.id);
    expect(first.termsSnapshot).toEqual({
      referralFee: "5%",
      referralTerms: "Five percent of the first invoice, paid monthly.",
      capturedAt: first.createdAt,
      // The structured fee frozen with them (issue 33).
      feeKind: "percentage",
      feePercentage: 5,
      feeAmount: null,
      feeCurrency: null,
    });
    const edited = await owner.client.patch(`/api/businesses/${owner.business.id}`, {
      ...owner.fields,
      referralFee: "12%",
      referralTerms: "Twelve percent of every invoice in the first year.",
    });
    expect(edited.status).toBe(200);
    const { referral: second } = await refer(connector.client, owner.business.id);
    expect((second.termsSnapshot as { referralFee: string }).referralFee).toBe("12%");

    const again = (await (await owner.client.get(`/api/referrals/${first.id}`)).json()) as ReferralBody;
    expect(again.termsSnapshot).toEqual(first.termsSnapshot);
    const listed = (await (
      await connector.client.get(`/api/referrals/connector/${connector.connectorId}`)
    ).json()) as ReferralBody[];
    expect(listed.find((r) => r.id === first.id)?.termsSnapshot).toEqual(first.termsSnapshot);

    const detail = await pageText(await connector.client.get(`/referrals/${first.id}`));
    expect(detail).toContain("Terms of this referral");
    expect(detail).toContain("Referral fee: 5%");
    expect(detail).toContain("Five percent of the first invoice, paid monthly.");
    const review = await pageText(await owner.client.get(`/business/update?referral=${first.id}`));
    expect(review).toContain("Referral fee: 5%");

    // The webhook payloads carry the snapshot, the reason and the due time.
    expect((await patch(first.id, { status: "rejected", rejectionReason: "duplicate" }, owner)).status).toBe(200);
    const events = await app.query<{ type: string; payload: string }>(
      "select type, payload from webhook_events where business_id = ? order by created_at, rowid",
      owner.business.id,
    );
    const created = events.map((e) => JSON.parse(e.payload)).find((e) => e.type === "referral.created" && e.data.id === first.id);
    expect(created.data).toMatchObject({ termsSnapshot: first.termsSnapshot, rejectionReason: null, reviewDueAt: null });
    const changed = events.map((e) => JSON.parse(e.payload)).find((e) => e.type === "referral.status_changed");
    expect(changed.data).toMatchObject({
      id: first.id,
      previousStatus: "pending",
      status: "rejected",
      rejectionReason: "duplicate",
      termsSnapshot: first.termsSnapshot,
    });
  });
});

describe("the response window", () => {
  it("defaults to 5, is editable by PATCH and POST, bounded to 1..30, and kept when absent", async () => {
    expect(business.business.responseWindowDays).toBe(5);
    const id = business.business.id;
    const set = await business.client.patch(`/api/businesses/${id}`, { ...business.fields, responseWindowDays: 10 });
    expect(set.status).toBe(200);
    expect(((await set.json()) as { responseWindowDays: number }).responseWindowDays).toBe(10);
    for (const bad of [0, 31]) {
      const res = await business.client.patch(`/api/businesses/${id}`, { ...business.fields, responseWindowDays: bad });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).errors).toEqual({ responseWindowDays: [WINDOW_RANGE] });
    }
    const fractional = await business.client.patch(`/api/businesses/${id}`, { ...business.fields, responseWindowDays: 1.5 });
    expect((await errorOf(fractional)).errors).toEqual({
      responseWindowDays: ["Response window must be a whole number of business days"],
    });
    const kept = await business.client.patch(`/api/businesses/${id}`, business.fields);
    expect(((await kept.json()) as { responseWindowDays: number }).responseWindowDays).toBe(10);
    const [stored] = await app.query<{ response_window_days: number }>(
      "select response_window_days from businesses where id = ?",
      id,
    );
    expect(stored?.response_window_days).toBe(10);
    const seen = (await (await connector.client.get(`/api/businesses/${id}`)).json()) as { responseWindowDays: number };
    expect(seen.responseWindowDays).toBe(10);
    // A team member may not change it.
    expect((await member.client.patch(`/api/businesses/${id}`, { ...business.fields, responseWindowDays: 3 })).status).toBe(403);
    // Back to 5 for the clock tests below.
    expect((await business.client.patch(`/api/businesses/${id}`, { ...business.fields, responseWindowDays: 5 })).status).toBe(
      200,
    );

    const owner = await signedUp(app, { accountType: "business" });
    const created = await owner.client.post("/api/businesses", businessFields({ responseWindowDays: 3 }));
    expect(created.status).toBe(201);
    expect(((await created.json()) as { responseWindowDays: number }).responseWindowDays).toBe(3);
  });

  it("is a field of the profile form, with its message under it", async () => {
    const page = await pageText(await business.client.get("/business/profile"));
    expect(page).toContain("Response Window (business days)");
    const fields = Object.fromEntries(Object.entries(business.fields).map(([k, v]) => [k, String(v)] as const)) as Record<
      string,
      string
    >;
    const refused = await business.client.form("/business/profile", { ...fields, intent: "update", responseWindowDays: "45" });
    expect(refused.status).toBe(400);
    expect(await pageText(refused)).toContain(WINDOW_RANGE);
    const saved = await business.client.form("/business/profile", { ...fields, intent: "update", responseWindowDays: "5" });
    expect(saved.status).toBe(302);
  });

  it("shows reviewDueAt to both sides (API, detail page, update screen, card)", async () => {
    const referral = await freshReferral({ referredPersonName: "Due Dana" });
    expect(referral.reviewDueAt).toBeNull();
    const due = Date.parse("2026-12-02T09:30:00.000Z");
    await app.query("update referrals set consent_status = 'given', review_due_at = ? where id = ?", due, referral.id);
    for (const who of [connector, business, member] as { client: Business["client"] }[]) {
      const seen = (await (await who.client.get(`/api/referrals/${referral.id}`)).json()) as ReferralBody;
      expect(seen.reviewDueAt).toBe("2026-12-02T09:30:00.000Z");
    }
    expect(await pageText(await connector.client.get(`/referrals/${referral.id}`))).toContain("Dec 02, 2026, 09:30 UTC");
    expect(await pageText(await business.client.get(`/business/update?referral=${referral.id}`))).toContain(
      "Dec 02, 2026, 09:30 UTC",
    );
    const cards = await pageText(await business.client.get("/business/referrals?q=Due%20Dana"));
    expect(cards).toContain("Decision due");
    expect(cards).toContain("Dec 02, 2026");
  });
});

describe("the scheduled review clock", () => {
  type Notice = { user_id: number; title: string; link: string };
  const reviewNotices = (referralId: number) =>
    app.query<Notice>(
      "select user_id, title, link from notifications where referral_id = ? and title like 'Decision overdue%' order by user_id",
      referralId,
    );
  const reviewMail = (referralId: number) =>
    app.query<{ user_id: number; payload: string }>(
      "select user_id, payload from mail_outbox where kind = 'referral_review_due' and json_extract(payload, '$.path') = ? order by user_id",
      `/business/update?referral=${referralId}`,
    );

  it("reminds the owner and team once (in-app and mail), across overlapping runs, then flags it to admins after a second window", async () => {
    const referral = await freshReferral({ referredPersonName: "Overdue Olive" });
    // Consent given a week ago; due (5 business days later) an hour ago.
    await app.query(
      "update referrals set consent_status = 'given', review_due_at = ? where id = ?",
      Date.now() - 60 * 60 * 1000,
      referral.id,
    );
    await Promise.all([app.scheduled(), app.scheduled(), app.scheduled()]);
    const reminded = await row(referral.id);
    expect(reminded.review_reminded_at).not.toBeNull();
    expect(reminded.review_flagged_at).toBeNull();
    const owners = [business.user.id, member.user.id].sort((a, b) => a - b);
    expect(await reviewNotices(referral.id)).toEqual(
      owners.map((userId) => ({
        user_id: userId,
        title: "Decision overdue: Overdue Olive",
        link: `/business/update?referral=${referral.id}`,
      })),
    );
    expect((await reviewMail(referral.id)).map((m) => m.user_id)).toEqual(owners);
    // The verified owner's mail arrived.
    for (let run = 0; run < 5; run++) await app.scheduled();
    const arrived = await inbox.waitFor(String(business.payload.email), {
      subject: "Decision overdue: the referral of Overdue Olive to Clockwork Co",
    });
    expect(arrived.text).toContain("Review the referral");
    expect(arrived.text).toContain(`/business/update?referral=${referral.id}`);

    await app.scheduled();
    expect(await reviewNotices(referral.id)).toHaveLength(2);
    const admins = await admin.client.get("/api/admin/referrals/overdue");
    expect(((await admins.json()) as { id: number }[]).some((r) => r.id === referral.id)).toBe(false);

    // A second window (5 business days) past the due time: flagged, shown to admins.
    await app.query("update referrals set review_due_at = ? where id = ?", Date.now() - 10 * DAY, referral.id);
    await app.scheduled();
    expect((await row(referral.id)).review_flagged_at).not.toBeNull();
    expect(await reviewNotices(referral.id)).toHaveLength(2);

    const listed = await admin.client.get("/api/admin/referrals/overdue");
    expect(listed.status).toBe(200);
    const items = (await listed.json()) as (ReferralBody & { reviewFlaggedAt: string; reviewRemindedAt: string })[];
    const mine = items.find((r) => r.id === referral.id);
    expect(mine).toMatchObject({ businessName: "Clockwork Co", referredPersonName: "Overdue Olive", status: "pending" });
    expect(mine?.reviewFlaggedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(Number(listed.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(1);
    const dashboard = await pageText(await admin.client.get("/admin?tab=overdue"));
    expect(dashboard).toContain("Overdue referrals");
    expect(dashboard).toContain("Overdue Olive");
    expect(dashboard).toContain("Clockwork Co");

    // Decided: off the admin list.
    expect((await patch(referral.id, { status: "approved" })).status).toBe(200);
    const after = (await (await admin.client.get("/api/admin/referrals/overdue")).json()) as { id: number }[];
    expect(after.some((r) => r.id === referral.id)).toBe(false);
  });

  it("leaves alone referrals without consent, not yet due, or already decided", async () => {
    const awaiting = await freshReferral();
    const notDue = await freshReferral();
    const decided = await freshReferral();
    await app.query("update referrals set review_due_at = ? where id = ?", Date.now() - DAY, awaiting.id);
    await app.query("update referrals set consent_status = 'given', review_due_at = ? where id = ?", Date.now() + DAY, notDue.id);
    await app.query(
      "update referrals set consent_status = 'given', review_due_at = ? where id = ?",
      Date.now() - DAY,
      decided.id,
    );
    expect((await patch(decided.id, { status: "approved" })).status).toBe(200);
    await app.scheduled();
    for (const r of [awaiting, notDue, decided]) {
      expect((await row(r.id)).review_reminded_at, String(r.id)).toBeNull();
      expect(await reviewNotices(r.id)).toEqual([]);
    }
  });

  it("is for admins only", async () => {
    expect((await business.client.get("/api/admin/referrals/overdue")).status).toBe(403);
    expect((await connector.client.get("/api/admin/referrals/overdue")).status).toBe(403);
    expect((await app.fetch("/api/admin/referrals/overdue")).status).toBe(401);
    expect((await admin.client.get("/api/admin/referrals/overdue?limit=0")).status).toBe(400);
  });
});
