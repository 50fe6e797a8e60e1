import { appPerFile, partsMadeInBeforeAll, signedUp } from "./app";
import { newAdmin } from "./fixtures";
import { refer, referralRow } from "./marketplace";
import { newBusiness, newConnector, newSeat, verifyEmailOf } from "./parties";

export const REASON_REQUIRED = "Please choose a reason for the rejection";
export const OTHER_NEEDS_NOTE = "Please add a note explaining the reason";
export const REOPEN_NEEDS_NOTE = "Please add a note saying why this referral is being reopened";
export const WINDOW_RANGE = "Response window must be between 1 and 30 business days";
export const DAY = 24 * 60 * 60 * 1000;

export type Row = {
  status: string;
  rejection_reason: string | null;
  first_decided_at: number | null;
  status_notes: string | null;
  review_reminded_at: number | null;
  review_flagged_at: number | null;
};

/**
 * The app of one review-clock.*.test.ts file: a business (7%, a verified owner) with a team member,
 * a connector, a platform admin and a stranger, made before its tests, and the reads and moves its
 * tests share.
 */
export function reviewClockFile() {
  const app = appPerFile();
  const parties = partsMadeInBeforeAll(async () => {
    const business = await newBusiness(app, { companyName: "Clockwork Co", referralFee: "7%" });
    await verifyEmailOf(app, business.user.id);
    const connector = await newConnector(app, { name: "Cora Connector" });
    const member = await newSeat(app, business, { name: "Mo Member", role: "member" }, { name: "Mo Member" });
    const admin = await newAdmin(app);
    const stranger = await signedUp(app);
    return { business, connector, member, admin, stranger };
  });
  const { business, connector } = parties;

  const row = (id: number) =>
    referralRow<Row>(app, id, "status, rejection_reason, first_decided_at, status_notes, review_reminded_at, review_flagged_at");
  const historyCount = async (id: number) =>
    (await app.query<{ n: number }>("select count(*) as n from referral_status_changes where referral_id = ?", id))[0]?.n;

  async function freshReferral(overrides: Record<string, unknown> = {}) {
    return (await refer(connector.client, business.business.id, overrides)).referral;
  }

  const patch = (id: number, body: Record<string, unknown>, who = business) => who.client.patch(`/api/referrals/${id}`, body);

  return { app, parties, row, historyCount, freshReferral, patch };
}
