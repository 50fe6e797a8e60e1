import { mailInbox } from "../../shared/mail-inbox";

/** The mail catcher every integration test file shares (started by global-setup.ts). */
// Ports can be moved (INTEGRATION_SMTP_PORT, INTEGRATION_MAIL_WEB_PORT) so two runs can share a machine.
export const INTEGRATION_MAIL = {
  smtpPort: Number(process.env.INTEGRATION_SMTP_PORT ?? 1325),
  webPort: Number(process.env.INTEGRATION_MAIL_WEB_PORT ?? 1380),
};
export const inbox = mailInbox(`http://127.0.0.1:${INTEGRATION_MAIL.webPort}`);
