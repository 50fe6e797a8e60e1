declare namespace Cloudflare {
  interface Env {
    /** Signs the session and toast cookies; at least 32 characters. */
    SESSION_SECRET: string;
    /** Keys the HMAC taken of every password before PBKDF2 (decision 048); at least 32 characters. */
    PASSWORD_PEPPER: string;
    /** When set, the app uses libSQL (e.g. Turso) at this URL instead of the D1 binding. */
    LIBSQL_URL?: string;
    LIBSQL_AUTH_TOKEN?: string;
    /** "development" under `npm start` and the tests: webhooks may then point at localhost. */
    ENVIRONMENT?: string;
    /** Backoff base of webhook retries in ms (default 30000: 30 s, 1 min, 2 min, ...). */
    WEBHOOK_RETRY_BASE_MS?: string;
    /** DNS-over-HTTPS JSON endpoint webhook names are resolved with (default https://cloudflare-dns.com/dns-query). */
    WEBHOOK_DOH_URL?: string;
    /** The app's public origin, e.g. https://warm-intros.example: every link in mail starts with it. */
    APP_URL?: string;
    /** SMTP server for outgoing mail; unset: mail waits in the outbox (README, "Mail"). */
    SMTP_HOST?: string;
    SMTP_PORT?: string;
    /** none | starttls (default) | tls */
    SMTP_SECURITY?: string;
    SMTP_USER?: string;
    SMTP_PASSWORD?: string;
    /** The From of every message, e.g. "Warm Intros <hello@warm-intros.example>". */
    MAIL_FROM?: string;
    /** Where replies go, if not to MAIL_FROM. */
    MAIL_REPLY_TO?: string;
    /** Backoff base of mail retries in ms (default 60000). */
    MAIL_RETRY_BASE_MS?: string;
  }
}
