import * as z from "zod";

const EnvSchema = z.object({
  SESSION_SECRET: z.string({ error: "SESSION_SECRET is not set" }).min(32, "SESSION_SECRET must be at least 32 characters"),
  PASSWORD_PEPPER: z.string({ error: "PASSWORD_PEPPER is not set" }).min(32, "PASSWORD_PEPPER must be at least 32 characters"),
  LIBSQL_URL: z.string().url().optional(),
  LIBSQL_AUTH_TOKEN: z.string().optional(),
});

const checked = new WeakSet<object>();

/** Fails fast, with a message naming the variable, when the Worker is misconfigured. */
export function requireSecrets(env: CloudflareEnv): { sessionSecret: string; passwordPepper: string } {
  if (!checked.has(env)) {
    const result = EnvSchema.safeParse(env);
    if (!result.success) {
      throw new Error(`Invalid environment: ${result.error.issues.map((i) => i.message).join("; ")}`);
    }
    checked.add(env);
  }
  return { sessionSecret: env.SESSION_SECRET, passwordPepper: env.PASSWORD_PEPPER };
}

export function isLocalRequest(request: Request): boolean {
  const host = new URL(request.url).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]";
}

/**
 * `ENVIRONMENT=development` marks local runs (`npm start`, the tests): it relaxes what only a developer's
 * machine needs (webhooks to localhost, Server-Timing, admin two-factor). Unset means production.
 */
export function isDevelopment(env: CloudflareEnv): boolean {
  return env.ENVIRONMENT === "development";
}
