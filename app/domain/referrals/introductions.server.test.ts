import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { referrals } from "../../../db/schema";
import { freshDbEachTest, insertReferralParties, withRaceBeforeBatch } from "../../../tests/unit-helpers/db";
import { appError } from "../../../tests/unit-helpers/errors";
import { sha256Hex } from "../../utils/crypto.server";
import type { Database } from "../../utils/db.server";
import { SYSTEM } from "../parties/system.server";
import { ALREADY_ACCEPTED, ALREADY_DECLINED, answerIntroduction, expireIntroductions } from "./introductions.server";

// An answer to an introduction lands with its notices, mail and event only if its own update took
// effect (issue 19's review): two answers racing (or an answer racing the expiry sweep) each read the
// introduction as awaiting, but only the first update applies, and only it may tell anyone.

const SECRET = "introductions-test-secret-0123456789";
const TOKEN = "intro-token-0123456789abcdef";
let db: Database;
freshDbEachTest((fresh) => (db = fresh), { quiet: ["info"] });

let referralId: number;

beforeEach(async () => {
  ({
    referral: { id: referralId },
  } = await insertReferralParties(db, {
    consentStatus: "awaiting",
    consentExpiresAt: new Date(Date.now() + 14 * 86_400_000),
    consentTokenHash: await sha256Hex(TOKEN),
  }));
});

/** What the answers told anyone: notifications, consent mail and consent events. */
async function told() {
  const [row] = await db.all<{ notices: number; mails: number; events: number }>(sql`select
    (select count(*) from notifications) as notices,
    (select count(*) from mail_outbox where kind = 'referral_consent') as mails,
    (select count(*) from webhook_events where type = 'referral.consent_changed') as events`);
  return row;
}

describe("an answer to an introduction", () => {
  test("accepted alone: the connector and the business are told once, with one event", async () => {
    await answerIntroduction(db, TOKEN, { decision: "accept" }, SECRET);
    expect(await told()).toEqual({ notices: 2, mails: 2, events: 1 });
  });

  test("a decline that an acceptance overtook is refused with 409 and tells no one", async () => {
    const raced = withRaceBeforeBatch(db, () => answerIntroduction(db, TOKEN, { decision: "accept" }, SECRET));
    const refused = await appError(answerIntroduction(raced, TOKEN, { decision: "decline" }, SECRET));
    expect([refused.status, refused.message]).toEqual([409, ALREADY_ACCEPTED]);
    // Only the acceptance's notices, mail and event; the person's details are kept.
    expect(await told()).toEqual({ notices: 2, mails: 2, events: 1 });
    const [r] = await db.select().from(referrals).where(eq(referrals.id, referralId));
    expect([r?.consentStatus, r?.referredPersonEmail]).toEqual(["given", "ann@example.com"]);
  });

  test("an acceptance that a decline overtook is refused with 409 and tells no one", async () => {
    const raced = withRaceBeforeBatch(db, () => answerIntroduction(db, TOKEN, { decision: "decline" }, SECRET));
    const refused = await appError(answerIntroduction(raced, TOKEN, { decision: "accept" }, SECRET));
    expect([refused.status, refused.message]).toEqual([409, ALREADY_DECLINED]);
    expect(await told()).toEqual({ notices: 2, mails: 2, events: 1 });
  });

  test("the expiry sweep that an acceptance overtook tells no one", async () => {
    await db
      .update(referrals)
      .set({ consentExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(referrals.id, referralId));
    // The sweep reads the lapsed introduction; the person's acceptance lands first (as if just in time).
    const raced = withRaceBeforeBatch(db, () =>
      db
        .update(referrals)
        .set({ consentStatus: "given", consentDecidedAt: new Date(), updatedAt: new Date() })
        .where(eq(referrals.id, referralId)),
    );
    await expireIntroductions(raced, SYSTEM, SECRET);
    expect(await told()).toEqual({ notices: 0, mails: 0, events: 0 });
    const [r] = await db.select().from(referrals).where(eq(referrals.id, referralId));
    expect([r?.consentStatus, r?.referredPersonEmail]).toEqual(["given", "ann@example.com"]);
  });

  test("a decline that an acceptance overtook closes nothing: no status change, history row or status event", async () => {
    const raced = withRaceBeforeBatch(db, () => answerIntroduction(db, TOKEN, { decision: "accept" }, SECRET));
    await appError(answerIntroduction(raced, TOKEN, { decision: "decline" }, SECRET));
    const [r] = await db.select().from(referrals).where(eq(referrals.id, referralId));
    expect([r?.status, r?.rejectionReason]).toEqual(["pending", null]);
    const [row] = await db.all<{ history: number; events: number }>(sql`select
      (select count(*) from referral_status_changes) as history,
      (select count(*) from webhook_events where type = 'referral.status_changed') as events`);
    expect(row).toEqual({ history: 0, events: 0 });
  });

  test("a decline alone closes the referral with one history row by no one and one status event", async () => {
    await answerIntroduction(db, TOKEN, { decision: "decline" }, SECRET);
    const [r] = await db.select().from(referrals).where(eq(referrals.id, referralId));
    expect([r?.status, r?.rejectionReason, r?.consentStatus]).toEqual(["rejected", "person_declined", "declined"]);
    const history = await db.all<{ from_status: string; to_status: string; changed_by_user_id: number | null }>(
      sql`select from_status, to_status, changed_by_user_id from referral_status_changes`,
    );
    expect(history).toEqual([{ from_status: "pending", to_status: "rejected", changed_by_user_id: null }]);
  });
});
