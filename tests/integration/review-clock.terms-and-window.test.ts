import { describe, expect, it } from "vitest";
import { signedUp } from "./helpers/app";
import { businessFields, type ReferralBody, refer } from "./helpers/marketplace";
import { type Business, newBusiness } from "./helpers/parties";
import { errorOf, pageText } from "./helpers/responses";
import { reviewClockFile, WINDOW_RANGE } from "./helpers/review-clock";

// Issue 16 sections 2 and 3: terms frozen per referral, decisions with reasons, and the review clock
// (decisions 056 and 058).

const { app, parties, freshReferral, patch } = reviewClockFile();
const { business, connector, member } = parties;

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
    expect(await pageText(await connector.client.get(`/referrals/${referral.id}`))).toContain("Dec 02, 2026, 9:30 AM UTC");
    expect(await pageText(await business.client.get(`/business/update?referral=${referral.id}`))).toContain(
      "Dec 02, 2026, 9:30 AM UTC",
    );
    const cards = await pageText(await business.client.get("/business/referrals?q=Due%20Dana"));
    expect(cards).toContain("Decision due");
    expect(cards).toContain("Dec 02, 2026");
  });
});
