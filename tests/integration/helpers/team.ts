import { linkIn } from "../../shared/mail-inbox";
import { appPerFile, madeInBeforeAll } from "./app";
import { newAdmin } from "./fixtures";
import { drainMailOutbox, inbox } from "./mail";
import { newConnector, tokenHash } from "./parties";
import { pageText } from "./responses";

/** A seat as the team API answers it. */
export type Member = {
  id: number;
  businessId: number;
  name: string;
  email: string;
  role: string;
  registered: boolean;
  status: "active" | "invited" | "expired";
  invitationExpiresAt: string | null;
};

export const WEEK_MS = 7 * 24 * 60 * 60_000;
export const INVALID = "This invitation is invalid or has expired";

/** A page's text as a reader sees it: React's separators between text pieces dropped. */
export async function screenText(res: Response) {
  return (await pageText(res)).replace(/<!-- -->/g, "");
}

/**
 * The app of one team-api test file, with a platform admin and a connector made before its tests, and
 * the reads and plants its tests share (the team-api.*.test.ts files).
 */
export function teamFile() {
  const app = appPerFile();
  const admin = madeInBeforeAll(() => newAdmin(app));
  const connector = madeInBeforeAll(() => newConnector(app));

  async function memberRow(id: number) {
    const [row] = await app.query<{ user_id: number | null; role: string; email: string; business_id: number }>(
      "select user_id, role, email, business_id from team_members where id = ?",
      id,
    );
    return row;
  }

  async function teamCount(businessId: number) {
    const [row] = await app.query<{ n: number }>("select count(*) as n from team_members where business_id = ?", businessId);
    return row?.n ?? 0;
  }

  /** Sends what the outbox holds (the Cron Trigger's work) and reads the invitation from the real inbox. */
  async function invitationMail(email: string, count = 1) {
    // A run sends at most 50 mails; earlier tests leave many invitations queued, so run until none is due.
    await drainMailOutbox(app, 10);
    const mail = await inbox.waitFor(email, { subject: /invited you to/, count });
    return { mail, token: linkIn(mail, "/invitations/").pathname.split("/").pop() as string };
  }

  /** Plants a link token on a pending seat, as the scheduled job does when it sends the mail. */
  async function plantToken(memberId: number) {
    const token = `t_${Math.random().toString(36).slice(2)}_${Date.now()}`;
    await app.query("update team_members set invitation_token_hash = ? where id = ?", tokenHash(token), memberId);
    return token;
  }

  return { app, admin, connector, memberRow, teamCount, invitationMail, plantToken };
}
