import { isDevelopment } from "./env.server";

/**
 * Platform admins must sign in with two-factor outside development (decision 050). One who has
 * not set it up yet may reach only the setup: Settings on screens, and these API paths.
 */
export const ADMIN_TWO_FACTOR_REQUIRED =
  "Platform administrators must turn on two-factor authentication first: set it up in Settings or with POST /api/auth/two-factor.";
export const TWO_FACTOR_SETUP_SCREEN = "/settings";
const SETUP_API_PATHS = new Set(["/api/auth/me", "/api/auth/logout", "/api/auth/two-factor", "/api/auth/two-factor/confirm"]);

export function mustSetUpTwoFactor(user: { isAdmin: boolean; twoFactorEnabledAt: Date | null }, env: CloudflareEnv): boolean {
  return user.isAdmin && user.twoFactorEnabledAt === null && !isDevelopment(env);
}

export const isTwoFactorSetupScreen = (request: Request) => new URL(request.url).pathname === TWO_FACTOR_SETUP_SCREEN;
export const isTwoFactorSetupApi = (request: Request) => SETUP_API_PATHS.has(new URL(request.url).pathname.replace(/\/+$/, ""));
