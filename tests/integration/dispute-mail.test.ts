import { describe, expect, it } from "vitest";
import { formatDateTime, UTC } from "../../app/utils/dates";
import { type CaughtMail, linkIn } from "../shared/mail-inbox";
import { appPerFile, type Person, type TestApp } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { referWithConsent } from "./helpers/introductions";
import { inbox } from "./helpers/mail";
import { newBusiness, newConnector } from "./helpers/parties";

/**
 * Dispute mail (issue 38, part 5; decision 201): its own kind and words, read from the real mail
 * catcher. Each side is told what happened (opened, the business's answer, the admin's decision),
 * with the reason and the notes quoted, the referral's link and, while the business may answer, its
 * deadline. A choice in Settings, on by default.
 */
const app = appPerFile();
const verify = (a: TestApp, userId: number) => a.query("update users set email_verified_at = ? where id = ?", Date.now(), userId);

const NOTE = "The customer signed on 3 March for SGD 12,000.";

/** A verified business and connector, and a referral of `person` the business rejected or completed. */
async function decidedReferral(person: string, outcome: "rejected" | "completed") {
  const owner = await newBusiness(app, { companyName: `Mail Co ${person.split(" ")[0]}` });
  const connector = await newConnector(app, { name: "Dana Connector" });
  await Promise.all([verify(app, owner.user.id), verify(app, connector.user.id)]);
  const { referral } = await referWithConsent(app, connector.client, owner.business.id, { referredPersonName: person });
  const moved = await owner.client.patch(
    `/api/referrals/${referral.id}`,
    outcome === "rejected"
      ? { status: "rejected", rejectionReason: "not_a_fit" }
      : { status: "completed", revenueReceived: 1000, revenueCurrency: "SGD" },
  );
  expect(moved.status, await moved.clone().text()).toBe(200);
  return { owner, connector, referralId: referral.id, businessName: owner.business.companyName };
}

async function openDispute(connector: Person, referralId: number, reason = "customer_signed") {
  const res = await connector.client.post(`/api/referrals/${referralId}/disputes`, {
    reason,
    note: NOTE,
    claimedRevenue: 12000,
    claimedCurrency: "SGD",
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: number };
}

/** The text of the mail to `to` with `subject`. */
const textOf = (mail: CaughtMail) => mail.text;

/** The one mail to `to` with `subject`, after the outbox is sent. */
async function mailTo(to: string, subject: string) {
  await app.scheduled();
  return inbox.waitFor(to, { subject });
}

describe("dispute mail", () => {
  it("a rejection disputed, the business disagrees, the admin upholds: each side reads what happened, quoted, with the link and the deadline", async () => {
    const { owner, connector, referralId, businessName } = await decidedReferral("Rosa Disputed", "rejected");
    const admin = await newAdmin(app);
    const { id } = await openDispute(connector, referralId);
    const [row] = await app.query<{ answer_due_at: number }>("select answer_due_at from disputes where id = ?", id);
    const due = formatDateTime(row!.answer_due_at, UTC);

    const opened = await mailTo(owner.payload.email, "Dispute opened by Dana Connector on Rosa Disputed");
    const openedText = textOf(opened);
    expect(openedText).toContain(
      `Dana Connector disputes your rejection of the referral of Rosa Disputed and says the customer paid SGD 12,000.00.`,
    );
    expect(openedText).toContain(`Reason: The customer signed. Their note: “${NOTE}”`);
    expect(openedText).toContain(
      `Please accept the dispute or disagree with it by ${due}. If you disagree, or do not answer by then, Warm Intros decides.`,
    );
    expect(linkIn(opened, "/referrals/").href).toBe(`http://localhost/referrals/${referralId}`);
    expect(openedText).toContain("Answer the dispute");
    // The connector opened it: no mail to them about their own step.
    expect(await inbox.messagesTo(connector.payload.email, /^Dispute opened/)).toEqual([]);
    const kinds = await app.query<{ kind: string; user_id: number }>(
      "select kind, user_id from mail_outbox where kind = 'referral_dispute' and json_extract(payload, '$.path') = ? order by id",
      `/referrals/${referralId}`,
    );
    expect(kinds).toEqual([{ kind: "referral_dispute", user_id: owner.user.id }]);

    const answered = await owner.client.post(`/api/disputes/${id}/answer`, {
      answer: "disagree",
      note: "They signed with another agency.",
    });
    expect(answered.status).toBe(200);
    const disagreed = await mailTo(connector.payload.email, `${businessName} disagreed with your dispute on Rosa Disputed`);
    const disagreedText = textOf(disagreed);
    expect(disagreedText).toContain(
      `${businessName} disagreed with your dispute of ${businessName}'s rejection of the referral of Rosa Disputed. Warm Intros will decide it and tell you both.`,
    );
    expect(disagreedText).toContain(`Your reason: The customer signed. Your note: “${NOTE}”`);
    expect(disagreedText).toContain(`${businessName}'s answer: “They signed with another agency.”`);
    expect(disagreedText).not.toContain("Please accept");
    expect(linkIn(disagreed, "/referrals/").href).toBe(`http://localhost/referrals/${referralId}`);

    const decided = await admin.client.post(`/api/admin/disputes/${id}/decision`, {
      decision: "uphold",
      note: "The signed contract shows SGD 12,000.",
    });
    expect(decided.status).toBe(200);
    const subject = "Dispute on Rosa Disputed upheld by Warm Intros";
    const toConnector = textOf(await mailTo(connector.payload.email, subject));
    expect(toConnector).toContain(
      `Warm Intros upheld your dispute of ${businessName}'s rejection of the referral of Rosa Disputed. The referral is now completed with revenue of SGD 12,000.00, and the commission follows it.`,
    );
    expect(toConnector).toContain("The decision: “The signed contract shows SGD 12,000.”");
    expect(toConnector).toContain(`Your reason: The customer signed. Your note: “${NOTE}”`);
    expect(toConnector).toContain(`${businessName}'s answer: “They signed with another agency.”`);
    const toBusiness = textOf(await mailTo(owner.payload.email, subject));
    expect(toBusiness).toContain(
      "Warm Intros upheld Dana Connector's dispute of your rejection of the referral of Rosa Disputed. The referral is now completed with revenue of SGD 12,000.00, and the commission follows it.",
    );
    expect(toBusiness).toContain("The decision: “The signed contract shows SGD 12,000.”");
    expect(toBusiness).toContain(`Reason: The customer signed. Their note: “${NOTE}”`);
    expect(toBusiness).toContain("Your team's answer: “They signed with another agency.”");
    const header = (await inbox.headersOf(await inbox.waitFor(owner.payload.email, { subject })))["list-unsubscribe"] ?? "";
    expect(new URL(header.replace(/^<|>$/g, "")).searchParams.get("k")).toBe("referral_dispute");
  }, 60_000);

  it("a completion's revenue disputed and accepted: the connector reads the acceptance; a dismissal tells both it stands", async () => {
    const { owner, connector, referralId, businessName } = await decidedReferral("Sam Revenue", "completed");
    const { id } = await openDispute(connector, referralId, "revenue_understated");
    const opened = textOf(await mailTo(owner.payload.email, "Dispute opened by Dana Connector on Sam Revenue"));
    expect(opened).toContain(
      "Dana Connector disputes the revenue you recorded for the referral of Sam Revenue and says the customer paid SGD 12,000.00.",
    );
    expect(opened).toContain(`Reason: The revenue recorded is too low. Their note: “${NOTE}”`);
    expect((await owner.client.post(`/api/disputes/${id}/answer`, { answer: "accept" })).status).toBe(200);
    const accepted = textOf(await mailTo(connector.payload.email, `${businessName} accepted your dispute on Sam Revenue`));
    expect(accepted).toContain(
      `${businessName} accepted your dispute of the revenue ${businessName} recorded for the referral of Sam Revenue. The referral is now completed with revenue of SGD 12,000.00, and the commission follows it.`,
    );
    expect(accepted).toContain(`Your reason: The revenue recorded is too low. Your note: “${NOTE}”`);
    expect(accepted).not.toContain("answer: “");

    const other = await decidedReferral("Tom Dismissed", "rejected");
    const admin = await newAdmin(app);
    const second = await openDispute(other.connector, other.referralId);
    await app.query("update disputes set answer_due_at = ? where id = ?", Date.now() - 1000, second.id);
    const res = await admin.client.post(`/api/admin/disputes/${second.id}/decision`, {
      decision: "dismiss",
      note: "No evidence.",
    });
    expect(res.status).toBe(200);
    const subject = "Dispute on Tom Dismissed dismissed by Warm Intros";
    const toConnector = textOf(await mailTo(other.connector.payload.email, subject));
    expect(toConnector).toContain(
      `Warm Intros dismissed your dispute of ${other.businessName}'s rejection of the referral of Tom Dismissed. The referral stays as it was.`,
    );
    expect(toConnector).toContain("The decision: “No evidence.”");
    const toBusiness = textOf(await mailTo(other.owner.payload.email, subject));
    expect(toBusiness).toContain(
      "Warm Intros dismissed Dana Connector's dispute of your rejection of the referral of Tom Dismissed. The referral stays as it was.",
    );
  }, 60_000);

  it("is a choice in Settings, on by default: turned off, the mail is skipped and the in-app notice stays", async () => {
    const { owner, connector, referralId } = await decidedReferral("Una Optout", "rejected");
    const path = `/api/users/${owner.user.id}/email-preferences`;
    expect(await (await owner.client.get(path)).json()).toMatchObject({ referralDispute: true });
    const off = await owner.client.patch(path, { referralDispute: false });
    expect(await off.json()).toMatchObject({ referralDispute: false, referralUpdated: true });
    await openDispute(connector, referralId);
    await app.scheduled();
    const rows = await app.query<{ status: string; last_error: string | null }>(
      "select status, last_error from mail_outbox where user_id = ? and kind = 'referral_dispute'",
      owner.user.id,
    );
    expect(rows).toEqual([{ status: "skipped", last_error: "The recipient turned this mail off" }]);
    const notices = await app.query<{ title: string }>(
      "select title from notifications where user_id = ? and link = ?",
      owner.user.id,
      `/referrals/${referralId}`,
    );
    expect(notices.map((n) => n.title)).toContain("Dispute opened: Una Optout");
  }, 60_000);
});
