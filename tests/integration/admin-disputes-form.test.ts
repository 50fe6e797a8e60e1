import { describe, expect, it } from "vitest";
import { DISPUTE_NOT_FOR_ADMIN, DISPUTE_REFERRAL_CHANGED } from "../../app/domain/referrals/lifecycle-disputes";
import { DECISION_NOTE_REQUIRED, DISPUTE_NOTE_MAX, DISPUTE_NOTE_TOO_LONG } from "../../app/validation/disputes";
import { appPerFile } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { referWithConsent } from "./helpers/introductions";
import { newBusiness, newConnector } from "./helpers/parties";
import { pageText, textOf } from "./helpers/responses";

/**
 * The admin console's Disputes tab (issue 38, part 5; decision 194), posted as a browser without
 * JavaScript posts it: a refused decision answers with the page, the message next to the note (which
 * keeps what was typed) or, when it is not about the note, as the form's message; nothing is written.
 */
const app = appPerFile();

/** A rejected referral's dispute the business disagreed with: waiting for an admin. */
async function disagreedDispute(person: string) {
  const owner = await newBusiness(app);
  const connector = await newConnector(app, { name: "Dana Connector" });
  const { referral } = await referWithConsent(app, connector.client, owner.business.id, { referredPersonName: person });
  const rejected = await owner.client.patch(`/api/referrals/${referral.id}`, {
    status: "rejected",
    rejectionReason: "not_a_fit",
  });
  expect(rejected.status).toBe(200);
  const opened = await connector.client.post(`/api/referrals/${referral.id}/disputes`, {
    reason: "customer_signed",
    note: "The customer signed on 3 March for SGD 12,000.",
    claimedRevenue: 12000,
    claimedCurrency: "SGD",
  });
  expect(opened.status).toBe(201);
  const { id } = (await opened.json()) as { id: number };
  expect((await owner.client.post(`/api/disputes/${id}/answer`, { answer: "disagree" })).status).toBe(200);
  return { owner, referralId: referral.id, id };
}

const statusOf = async (id: number) =>
  (await app.query<{ status: string }>("select status from disputes where id = ?", id))[0]?.status;

/** The dispute's note field as the page has it: its opening tag and what it holds. */
function noteField(html: string, id: number) {
  const match = html.match(new RegExp(`(<textarea[^>]*id="decision-note-${id}"[^>]*>)([^<]*)</textarea>`));
  if (!match) throw new Error(`no note field for dispute ${id}`);
  return { tag: match[1] as string, value: match[2] as string };
}

/** The decision form's post, as the tab sends it. */
const decide = (admin: Awaited<ReturnType<typeof newAdmin>>, id: number, intent: string, note: string) =>
  admin.client.form("/admin?index&tab=disputes", { intent, disputeId: String(id), note, redirectTo: "/admin?tab=disputes" });

describe("the admin's dispute decision form without JavaScript", () => {
  it("a blank note: 400, the page shows the message under the note field, nothing decided", async () => {
    const { id } = await disagreedDispute("Nora Blank");
    const admin = await newAdmin(app);
    const res = await decide(admin, id, "uphold", "   ");
    expect(res.status).toBe(400);
    const html = await pageText(res);
    const field = noteField(html, id);
    expect(field.tag).toContain('aria-invalid="true"');
    expect(field.tag).toContain(`aria-describedby="decision-note-${id}-error"`);
    expect(html).toContain(`<p id="decision-note-${id}-error" class="text-sm text-destructive">${DECISION_NOTE_REQUIRED}</p>`);
    // The Disputes tab, with the dispute still there to decide.
    expect(textOf(html)).toContain("Dispute #");
    expect(await statusOf(id)).toBe("business_disagreed");
  });

  it("a note too long: 400, the message under the field and the note as typed", async () => {
    const { id } = await disagreedDispute("Olga Long");
    const admin = await newAdmin(app);
    const long = `Signed. ${"x".repeat(DISPUTE_NOTE_MAX)}`;
    const res = await decide(admin, id, "dismiss", long);
    expect(res.status).toBe(400);
    const html = await pageText(res);
    expect(html).toContain(`<p id="decision-note-${id}-error" class="text-sm text-destructive">${DISPUTE_NOTE_TOO_LONG}</p>`);
    expect(noteField(html, id).value).toBe(long);
    expect(await statusOf(id)).toBe("business_disagreed");
  });

  it("a refusal not about the note (the referral moved since): 409, the dispute's form says so, the note kept", async () => {
    const { owner, referralId, id } = await disagreedDispute("Pia Moved");
    // The business reopens the referral: the dispute still waits, but upholding it no longer fits.
    const reopened = await owner.client.patch(`/api/referrals/${referralId}`, {
      status: "pending",
      statusNotes: "Reopened to look again",
    });
    expect(reopened.status, await reopened.clone().text()).toBe(200);
    const admin = await newAdmin(app);
    const res = await decide(admin, id, "uphold", "The contract shows SGD 12,000.");
    expect(res.status).toBe(409);
    const html = await pageText(res);
    expect(html).toMatch(
      new RegExp(`<div id="decision-form-${id}-error" role="alert"[^>]*><p>${DISPUTE_REFERRAL_CHANGED}</p></div>`),
    );
    const field = noteField(html, id);
    expect(field.value).toBe("The contract shows SGD 12,000.");
    expect(field.tag).not.toContain("aria-invalid");
    expect(field.tag).toContain(`aria-describedby="decision-form-${id}-error"`);
    expect(await statusOf(id)).toBe("business_disagreed");
  });

  it("a dispute decided meanwhile: 409, the tab's message names it (its card is gone)", async () => {
    const { id } = await disagreedDispute("Quinn Late");
    const admin = await newAdmin(app);
    const first = await admin.client.post(`/api/admin/disputes/${id}/decision`, { decision: "dismiss", note: "No evidence." });
    expect(first.status).toBe(200);
    const res = await decide(admin, id, "uphold", "Signed after all.");
    expect(res.status).toBe(409);
    const html = await pageText(res);
    expect(html).toMatch(
      new RegExp(`<div id="disputes-error" role="alert"[^>]*><p>Dispute #${id}: ${DISPUTE_NOT_FOR_ADMIN}</p></div>`),
    );
    expect(await statusOf(id)).toBe("dismissed");
  });

  it("a decision that holds still redirects to the tab with its toast", async () => {
    const { id } = await disagreedDispute("Rita Fine");
    const admin = await newAdmin(app);
    const res = await decide(admin, id, "dismiss", "No evidence.");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin?tab=disputes");
    expect(await statusOf(id)).toBe("dismissed");
  });
});
