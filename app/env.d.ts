declare namespace Cloudflare {
  interface Env {
    /** Signs the session and toast cookies; at least 32 characters. */
    SESSION_SECRET: string;
    /** When set, the app uses libSQL (e.g. Turso) at this URL instead of the D1 binding. */
    LIBSQL_URL?: string;
    LIBSQL_AUTH_TOKEN?: string;
  }
}
