declare namespace Cloudflare {
  interface Env {
    /** Signs the session and toast cookies; at least 32 characters. */
    SESSION_SECRET: string;
    /** When set, the app uses libSQL (e.g. Turso) at this URL instead of the D1 binding. */
    LIBSQL_URL?: string;
    LIBSQL_AUTH_TOKEN?: string;
    /** "development" under `npm start` and the tests: webhooks may then point at localhost. */
    ENVIRONMENT?: string;
    /** Backoff base of webhook retries in ms (default 30000: 30 s, 1 min, 2 min, ...). */
    WEBHOOK_RETRY_BASE_MS?: string;
    /** How often a request may sweep due webhook retries, in ms per isolate (default 15000). */
    WEBHOOK_SWEEP_INTERVAL_MS?: string;
  }
}
