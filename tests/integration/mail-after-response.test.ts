import { afterAll, describe, expect, test } from "vitest";
import { startMailCatcher } from "../../scripts/lib/mail-catcher.mjs";
import { linkIn, mailInbox } from "../shared/mail-inbox";
import { appPerFile, client, signedUp } from "./helpers/app";
import { referWithConsent } from "./helpers/introductions";
import { inbox } from "./helpers/mail";
import { newBusiness, newConnector } from "./helpers/parties";
import { eventually } from "./helpers/responses";

// Mail leaves right after the request that queued it (the request's waitUntil, decision 166): no clock
// tick in these tests sends it. The clock stays the retry net, and a message still goes out once.

type Catcher = { inbox: string; stop: () => Promise<void> };
// A catcher of this file's own (scheduled-work.test.ts uses +20), so stopping it leaves the shared one alone.
const OWN_MAIL = {
  smtpPort: Number(process.env.INTEGRATION_SMTP_PORT ?? 1325) + 30,
  webPort: Number(process.env.INTEGRATION_MAIL_WEB_PORT ?? 1380) + 30,
};
const ownInbox = mailInbox(`http://127.0.0.1:${OWN_MAIL.webPort}`);
let ownCatcher: Catcher | undefined;
afterAll(() => ownCatcher?.stop());

const app = appPerFile({ MAIL_AFTER_RESPONSE: "on" });
const downMailApp = appPerFile({ MAIL_AFTER_RESPONSE: "on", SMTP_PORT: String(OWN_MAIL.smtpPort), MAIL_RETRY_BASE_MS: "200" });

type Outbox = { status: string; attempts: number; last_error: string | null };
const address = (tag: string) => `${tag}-${crypto.randomUUID().slice(0, 12)}@soon.example`;
const RESET_SUBJECT = "Reset your Warm Intros password";

describe("mail after the response", () => {
  test("a password reset link arrives within 5 seconds without the clock, and the clock does not send it again", async () => {
    const email = address("reset");
    await signedUp(app, { email });
    const asked = await client(app).post("/api/auth/password-reset", { email }, { "CF-Connecting-IP": "203.0.113.71" });
    expect(asked.status).toBe(202);
    const started = Date.now();
    const mail = await inbox.waitFor(email, { subject: RESET_SUBJECT });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(linkIn(mail, "/reset-password").searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = () =>
      app.query<Outbox>(
        "select status, attempts, last_error from mail_outbox where kind = 'password_reset' and to_address = ?",
        email,
      );
    await eventually(async () => (await row())[0]?.status === "sent");
    expect(await row()).toEqual([{ status: "sent", attempts: 1, last_error: null }]);

    await app.scheduled();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await inbox.messagesTo(email, RESET_SUBJECT)).toHaveLength(1);
  });

  test("a referral's status change mails its verified connector at once; the row is sent on its first attempt", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    await app.query("update users set email_verified_at = ? where id = ?", Date.now(), connector.user.id);
    const { referral } = await referWithConsent(app, connector.client, owner.business.id);
    expect((await owner.client.patch(`/api/referrals/${referral.id}`, { status: "approved" })).status).toBe(200);

    const subject = `Your referral of ${referral.referredPersonName} is now Approved`;
    const started = Date.now();
    await inbox.waitFor(connector.payload.email, { subject });
    expect(Date.now() - started).toBeLessThan(5_000);
    await eventually(async () => {
      const rows = await app.query<Outbox>(
        "select status, attempts, last_error from mail_outbox where user_id = ? and kind = 'referral_updated'",
        connector.user.id,
      );
      return rows.length === 1 && rows[0]?.status === "sent";
    });
    expect(
      await app.query<Outbox>(
        "select status, attempts, last_error from mail_outbox where user_id = ? and kind = 'referral_updated'",
        connector.user.id,
      ),
    ).toEqual([{ status: "sent", attempts: 1, last_error: null }]);
  });

  test("with the mail server down the row waits, costs no attempt, and the clock sends it once when the server is back", async () => {
    const email = address("down");
    await signedUp(downMailApp, { email });
    const asked = await client(downMailApp).post("/api/auth/password-reset", { email }, { "CF-Connecting-IP": "203.0.113.72" });
    expect(asked.status).toBe(202);
    const row = () =>
      downMailApp.query<Outbox>(
        "select status, attempts, last_error from mail_outbox where kind = 'password_reset' and to_address = ?",
        email,
      );
    // The drain after the answer found no server: the row is due again, untouched but for its error.
    await eventually(async () => (await row())[0]?.last_error?.startsWith("SMTP connect failed") ?? false);
    expect(await row()).toMatchObject([{ status: "pending", attempts: 0 }]);

    ownCatcher = (await startMailCatcher(OWN_MAIL)) as Catcher;
    await downMailApp.scheduled();
    await ownInbox.waitFor(email, { subject: RESET_SUBJECT });
    expect(await row()).toEqual([{ status: "sent", attempts: 1, last_error: null }]);
    await downMailApp.scheduled();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await ownInbox.messagesTo(email, RESET_SUBJECT)).toHaveLength(1);
  });
});
