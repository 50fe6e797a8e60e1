import { describe, expect, it } from "vitest";
import { giveConsent } from "./helpers/introductions";
import type { ReferralBody } from "./helpers/marketplace";
import type { Business } from "./helpers/parties";
import { errorOf, pageText } from "./helpers/responses";
import { OTHER_NEEDS_NOTE, REASON_REQUIRED, REOPEN_NEEDS_NOTE, reviewClockFile } from "./helpers/review-clock";

// Issue 16 sections 2 and 3: terms frozen per referral, decisions with reasons, and the review clock
// (decisions 056 and 058).

const { app, parties, row, historyCount, freshReferral, patch } = reviewClockFile();
const { business, connector, member, admin, stranger } = parties;

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
