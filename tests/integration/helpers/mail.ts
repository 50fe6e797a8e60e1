import { mailInbox } from "../../shared/mail-inbox";
import type { TestApp } from "./app";

/** The mail catcher every integration test file shares (started by global-setup.ts). */
// Ports can be moved (INTEGRATION_SMTP_PORT, INTEGRATION_MAIL_WEB_PORT) so two runs can share a machine.
export const INTEGRATION_MAIL = {
  smtpPort: Number(process.env.INTEGRATION_SMTP_PORT ?? 1325),
  webPort: Number(process.env.INTEGRATION_MAIL_WEB_PORT ?? 1380),
};
export const inbox = mailInbox(`http://127.0.0.1:${INTEGRATION_MAIL.webPort}`);

/** Runs the scheduled job until the mail outbox holds nothing due (each run sends at most 50), `runs` times at most. */
export async function drainMailOutbox(app: TestApp, runs: number) {
  for (let run = 0; run < runs; run++) {
    await app.scheduled();
    const [due] = await app.query<{ n: number }>(
      "select count(*) as n from mail_outbox where status = 'pending' and next_attempt_at <= ?",
      Date.now(),
    );
    if (!due?.n) return;
  }
}
