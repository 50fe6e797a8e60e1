import { describe, expect, it } from "vitest";
import { inbox } from "./helpers/mail";
import type { ReferralBody } from "./helpers/marketplace";
import { pageText } from "./helpers/responses";
import { DAY, reviewClockFile } from "./helpers/review-clock";

// Issue 16 sections 2 and 3: terms frozen per referral, decisions with reasons, and the review clock
// (decisions 056 and 058).

const { app, parties, row, freshReferral, patch } = reviewClockFile();
const { business, connector, member, admin } = parties;

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
