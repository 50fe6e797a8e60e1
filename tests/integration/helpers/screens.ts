import type { ServerBuild } from "@remix-run/cloudflare";
import { signedUp, type TestApp } from "./app";
import { newAdmin } from "./fixtures";
import { type Client, refer } from "./marketplace";
import { addMember, newBusiness, tokenHash } from "./parties";
import { matchesIn } from "./server-build";

export type ScreenRole = "visitor" | "connector" | "owner" | "admin";

/**
 * Every screen of the build as the user it is for: [path ({name}: a fixture's id), as whom, status,
 * D1 round trips]. The round-trip test pins the last figure; the accessibility test reads each page.
 * `screensMissingFrom` fails when a screen of the build is not listed, so a new screen must be added here.
 */
export const SCREENS: [string, ScreenRole, number, number][] = [
  ["/login", "visitor", 200, 0],
  ["/register-business", "visitor", 200, 0],
  ["/admin/login", "visitor", 200, 0],
  ["/verify-email", "visitor", 200, 0],
  ["/forgot-password", "visitor", 200, 0],
  // Without a token the link is invalid before any read.
  ["/reset-password", "visitor", 400, 0],
  ["/api/docs", "visitor", 200, 0],
  ["/refer/{business}", "visitor", 200, 1],
  ["/invitations/{token}", "visitor", 200, 1],
  // The look is counted (per-client throttle) in the same batch as the lookup.
  ["/intro/{intro}", "visitor", 200, 1],
  // A corrected address's confirmation link: the same, one batch (decision 123).
  ["/intro/confirm/{confirm}", "visitor", 200, 1],
  // Without a signed link: the page says the link is not valid, before any database read.
  ["/unsubscribe", "visitor", 400, 0],
  ["/", "connector", 200, 1],
  ["/my-referrals", "connector", 200, 1],
  ["/earnings", "connector", 200, 1],
  ["/earnings/statements/2026-11?currency=SGD", "connector", 200, 1],
  // A bad month is refused before the statement's reads: only the session lookup.
  ["/earnings/statements/2026-13?currency=SGD", "connector", 400, 1],
  ["/create-referral", "connector", 200, 3],
  ["/refer/{business}", "connector", 200, 4],
  ["/invitations/{token}", "connector", 200, 3],
  ["/businesses", "connector", 200, 1],
  ["/referrals/{referral}", "connector", 200, 4],
  ["/notifications", "connector", 200, 2],
  ["/settings", "connector", 200, 1],
  ["/settings/api-keys", "connector", 200, 3],
  ["/no/such/page", "connector", 404, 1],
  ["/business/referrals", "owner", 200, 1],
  ["/business/profile", "owner", 200, 2],
  ["/business/register", "owner", 302, 2],
  ["/business/update", "owner", 200, 3],
  ["/business/team", "owner", 200, 5],
  ["/business/share", "owner", 200, 2],
  ["/business/api", "owner", 200, 6],
  ["/business/api/events", "owner", 200, 4],
  // The session (with the layout's count), then one batch: the workplace and seat, what is owed, the history.
  ["/business/payouts", "owner", 200, 2],
  ["/admin", "admin", 200, 2],
  ["/admin?tab=payables", "admin", 200, 2],
  ["/admin/referrals", "admin", 200, 2],
  ["/admin/connectors", "admin", 200, 2],
  ["/admin/businesses", "admin", 200, 2],
  ["/admin/connectors/{connector}", "admin", 200, 4],
  ["/admin/businesses/{business}", "admin", 200, 4],
];

/**
 * The users and fixtures the screens need: a business with an invitation, a connector's referral to
 * it with its introduction and a corrected address awaiting confirmation, a platform admin.
 */
export async function screenFixtures(app: TestApp) {
  const owner = await newBusiness(app);
  const connector = await signedUp(app);
  const { referral } = await refer(connector.client, owner.business.id);
  const admin = await newAdmin(app, { name: "Screens Admin" });
  const visitor = { get: (path: string) => app.fetch(path) };
  const clients: Record<ScreenRole, Pick<Client, "get">> = {
    visitor,
    connector: connector.client,
    owner: owner.client,
    admin: admin.client,
  };
  const seat = await addMember(owner.client, owner.business.id, {
    name: "Invitee",
    email: "screens-invitee@example.com",
    role: "member",
  });
  await app.query("update team_members set invitation_token_hash = ? where id = ?", tokenHash("screens-token"), seat.id);
  await app.query("update referrals set consent_token_hash = ? where id = ?", tokenHash("screens-intro"), referral.id);
  await app.query(
    "update referrals set pending_person_email = 'screens-corrected@example.com', pending_email_token_hash = ? where id = ?",
    tokenHash("screens-confirm"),
    referral.id,
  );
  const ids: Record<string, number | string> = {
    intro: "screens-intro",
    confirm: "screens-confirm",
    business: owner.business.id,
    referral: referral.id,
    connector: referral.connectorId,
    token: "screens-token",
  };
  const pathOf = (template: string) => template.replace(/\{(\w+)\}/g, (_, key: string) => String(ids[key]));
  return { clients, pathOf, owner, connector, admin, referral };
}

/** The build's screens (routes with a page) that SCREENS does not reach. */
export function screensMissingFrom(build: ServerBuild): string[] {
  const listed = new Set(SCREENS.map(([template]) => matchesIn(build, template.replace(/\{\w+\}/g, "1")).at(-1)?.id));
  return Object.values(build.routes)
    .filter((route) => route.module.default && (route.index || route.path) && route.id !== "root")
    .map((route) => route.id)
    .filter((id) => !listed.has(id));
}
