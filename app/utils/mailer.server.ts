import * as z from "zod";
import { bodyLines, extraHeaders, headerText, mailboxHeader, smtpAddress } from "./mail-headers.server";

/** A message ready for the wire: the outbox renders it, the mailer only carries it. */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
};

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

const MailEnvSchema = z.object({
  SMTP_HOST: z.string().min(1),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535),
  // none: plain SMTP (the local catcher); starttls: upgrade on 587; tls: implicit TLS on 465.
  SMTP_SECURITY: z.enum(["none", "starttls", "tls"]).default("starttls"),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().min(3),
  MAIL_REPLY_TO: z.string().optional(),
});

export type MailSettings = z.infer<typeof MailEnvSchema>;

/** The SMTP settings from the environment, or null when mail is not configured (rows then wait). */
export function mailSettings(env: CloudflareEnv): MailSettings | null {
  if (!env.SMTP_HOST) return null;
  const parsed = MailEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid mail settings: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
  }
  return parsed.data;
}

type Mailbox = { name?: string; email: string };

/** "Name <address>" or a bare address (MAIL_FROM, MAIL_REPLY_TO). */
function mailbox(value: string): Mailbox {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(value);
  return match ? { name: match[1] || undefined, email: match[2] as string } : { email: value.trim() };
}

/**
 * One SMTP session over Cloudflare's TCP sockets (worker-mailer), reused for every message of a
 * scheduled run. Imported lazily: it needs `cloudflare:sockets`, which only workerd has.
 */
export async function connectMailer(settings: MailSettings): Promise<Mailer> {
  const { LogLevel, WorkerMailer } = await import("worker-mailer");
  const credentials =
    settings.SMTP_USER && settings.SMTP_PASSWORD ? { username: settings.SMTP_USER, password: settings.SMTP_PASSWORD } : undefined;
  const mailer = await WorkerMailer.connect({
    host: settings.SMTP_HOST,
    port: settings.SMTP_PORT,
    secure: settings.SMTP_SECURITY === "tls",
    startTls: settings.SMTP_SECURITY === "starttls",
    credentials,
    authType: credentials ? ["plain", "login"] : [],
    socketTimeoutMs: 10_000,
    responseTimeoutMs: 10_000,
    logLevel: LogLevel.WARN,
  });
  const from = mailbox(settings.MAIL_FROM);
  const reply = settings.MAIL_REPLY_TO ? mailbox(settings.MAIL_REPLY_TO) : undefined;
  return {
    send: async (mail) => mailer.send(wireMessage(mail, from, reply)),
    close: () => mailer.close(),
  };
}

/**
 * What worker-mailer is given (decision 106): every header it would build from our values is built
 * here, one line each (encoded words where a value is not plain ASCII), so it writes them as they
 * are; addresses are checked before they reach `MAIL FROM`/`RCPT TO`; bodies have LF endings only,
 * which its quoted-printable makes CRLF before it dot-stuffs.
 */
export function wireMessage(mail: OutgoingMail, from: Mailbox, reply?: Mailbox) {
  const to = smtpAddress(mail.to);
  const subject = headerText(mail.subject);
  return {
    from: { email: smtpAddress(from.email) },
    to: { email: to },
    subject,
    text: bodyLines(mail.text),
    html: bodyLines(mail.html),
    headers: {
      From: mailboxHeader(from),
      To: to,
      ...(reply ? { "Reply-To": mailboxHeader(reply) } : {}),
      Subject: subject,
      // Every mail we send is machine-made (RFC 3834): auto-responders and vacation replies leave it alone.
      "Auto-Submitted": "auto-generated",
      ...extraHeaders(mail.headers),
    },
  };
}
