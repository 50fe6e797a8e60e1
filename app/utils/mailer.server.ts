import * as z from "zod";

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

/** "Name <address>" or a bare address, as worker-mailer wants it. */
function mailbox(value: string): { name?: string; email: string } {
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
    send: (mail) =>
      mailer.send({ from, reply, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers }),
    close: () => mailer.close(),
  };
}
