import { appPerFile, madeInBeforeAll, signedUp, type TestApp } from "./app";
import { newAdmin } from "./fixtures";
import { giveConsent } from "./introductions";
import { type Client, refer } from "./marketplace";
import { joinTeam, newBusiness, newConnector, tokenHash } from "./parties";
import { plantedPayoutMethod } from "./payout-methods";
import { worldCallers } from "./world-callers";
import { disputeFixtures, freshResources, invitedSeat, json } from "./world-fresh";

/**
 * The parties of the authorization matrix. "X" is the business under test: its owner, a team member
 * and a team admin belong to it; connector A referred someone to it; B and the other owner (of
 * business Y) are strangers to it; the platform admin runs the console.
 */
export const ROLES = [
  "anonymous",
  "connector",
  "otherConnector",
  "owner",
  "otherOwner",
  "teamMember",
  "teamAdmin",
  "admin",
] as const;
export type Role = (typeof ROLES)[number];

/** API-key callers: X's business key with every scope (made by the owner), and A's personal key. */
export const KEY_PRINCIPALS = ["businessKey", "personalKey"] as const;
export type KeyPrincipal = (typeof KEY_PRINCIPALS)[number];
export type Principal = Role | KeyPrincipal;

type Person = {
  id: number;
  username: string;
  password: string;
  name: string;
  email: string;
  phone: string;
  cookie: string;
  client: Client;
};

/** Ids of the shared fixtures, named as the matrix's path templates name them (`{referral}`). */
export type WorldIds = {
  businessX: number;
  businessY: number;
  userA: number;
  connectorA: number;
  connectorB: number;
  ownerX: number;
  referral: number;
  referralY: number;
  memberSeat: number;
  adminSeat: number;
  /** A pending invitation to X (nobody holds the seat). */
  pendingSeat: number;
  /** The link token of another pending invitation to X: the seat's id, planted as its token's hash. */
  invitation: number;
  /** The introduction link token of Y's referral, planted as its token's hash (issue 16): 43 URL-safe characters, as a real link's. */
  intro: string;
  businessKeyId: number;
  personalKeyId: number;
  webhook: number;
  delivery: number;
  notification: number;
  /** A commission A earned at X, and one B earned at Y (planted rows: the ledger is tested elsewhere). */
  commission: number;
  commissionY: number;
  /** A's referral to X still awaiting the person's answer (issue 33: correct, resend, withdraw). */
  awaiting: number;
  /** A payout method of A's on file (issue 38), not the default: planted. */
  payoutMethodA: number;
  /** Issue 38 (decision 194): A's referral X rejected, an open dispute of X's to answer, and one X disagreed with. */
  rejected: number;
  dispute: number;
  disagreedDispute: number;
  /** A payout X recorded to A (planted, settling nothing): what a void names (issue 38, decision 187). */
  payout: number;
};

export type World = Awaited<ReturnType<typeof buildWorld>>;

/** A payable commission of 10.00 SGD on the referral, with its entry, written as the ledger writes one. */
export async function plantedCommission(app: TestApp, referralId: number) {
  const now = Date.now();
  const [row] = await app.query<{ id: number }>(
    `insert into commissions (referral_id, connector_id, business_id, kind, status, currency, amount_minor, revenue_minor, cashback_basis_points, hold_days, payable_at, created_at)
     select id, connector_id, business_id, 'commission', 'payable', 'SGD', 1000, 10000, 1000, 0, ?, ? from referrals where id = ? returning id`,
    now,
    now,
    referralId,
  );
  if (!row) throw new Error("the world's commission was not planted");
  await app.query(
    `insert into commission_entries (commission_id, connector_id, business_id, currency, type, amount_minor, occurred_at)
     select id, connector_id, business_id, currency, 'commission', amount_minor, created_at from commissions where id = ?`,
    row.id,
  );
  return row.id;
}

/** A payout of 10.00 SGD from the business to the connector, recorded now and settling nothing (planted). */
export async function plantedPayout(app: TestApp, businessId: number, connectorId: number) {
  const now = Date.now();
  const [row] = await app.query<{ id: number }>(
    `insert into payouts (business_id, connector_id, currency, amount_minor, method, reference, paid_at, created_at)
     values (?, ?, 'SGD', 1000, 'paynow', 'PLANTED', ?, ?) returning id`,
    businessId,
    connectorId,
    now - (now % 86_400_000),
    now,
  );
  if (!row) throw new Error("the world's payout was not planted");
  return row.id;
}

/** A path template with the world's ids filled in: `/api/referrals/{referral}` → `/api/referrals/7`. */
export const fill = (template: string, ids: WorldIds) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => String(ids[name as keyof WorldIds]));

/** Where the world's webhooks point. */
export const HOOK_URL = "http://127.0.0.1:9";

/**
 * Builds every party and shared resource once (one beforeAll): businesses X and Y, referral R from A
 * to X (already approved, so A has a notification), team seats, X's business key and A's personal
 * key, a webhook endpoint of X with a delivery in its log.
 */
export async function buildWorld(app: TestApp) {
  const person = (p: Awaited<ReturnType<typeof signedUp>>): Person => ({
    id: p.user.id,
    username: p.user.username,
    password: p.payload.password as string,
    name: p.payload.name as string,
    email: p.payload.email as string,
    phone: p.payload.phone as string,
    cookie: p.client.cookieHeader(),
    client: p.client,
  });

  const x = await newBusiness(app, { companyName: "Business X Pte Ltd" });
  const y = await newBusiness(app, { companyName: "Business Y Pte Ltd" });
  const a = await newConnector(app, { name: "Connector A" });
  const b = await newConnector(app, { name: "Connector B" });
  const member = await signedUp(app, { name: "Member Of X" });
  const teamAdmin = await signedUp(app, { name: "Admin Of X" });
  const admin = await newAdmin(app, { name: "Platform Admin" });
  // Admins made by `npm run admin:create` have no connector profile; neither does this one.
  await app.query("delete from connectors where user_id = ?", admin.user.id);

  // The webhook first, so the team changes below leave deliveries in its log. It points at a closed
  // local port (allowed while ENVIRONMENT=development): sends fail at once, without DNS or network.
  const webhook = await json<{ id: number; secret: string }>(
    await x.client.post("/api/webhooks", {
      businessId: x.business.id,
      url: `${HOOK_URL}/in`,
      events: ["team_member.added", "team_member.removed", "referral.created", "referral.status_changed"],
      description: "X's CRM",
    }),
    201,
  );
  const memberSeat = await joinTeam(app, x.client, x.business.id, member, { name: "Member Of X", role: "member" });
  const adminSeat = await joinTeam(app, x.client, x.business.id, teamAdmin, { name: "Admin Of X", role: "admin" });

  const pendingSeat = await invitedSeat(app, x);
  const invitation = await invitedSeat(app, x);

  const { referral } = await refer(a.client, x.business.id);
  const { referral: referralY } = await refer(b.client, y.business.id);
  const intro = `world-intro-${referralY.id}`.padEnd(43, "x");
  await app.query("update referrals set consent_token_hash = ? where id = ?", tokenHash(intro), referralY.id);
  // Approving needs the person's consent (issue 33): both referrals have it.
  await giveConsent(app, referralY.id);
  await giveConsent(app, referral.id);
  await json(await x.client.patch(`/api/referrals/${referral.id}`, { status: "approved", statusNotes: "Looks promising" }), 200);
  const { referral: awaiting } = await refer(a.client, x.business.id);

  const businessKey = await json<{ id: number; key: string }>(
    await x.client.post("/api/api-keys", {
      name: "X all scopes",
      scopes: ["referrals:read", "referrals:write", "team:read", "commissions:read"],
      businessId: x.business.id,
    }),
    201,
  );
  const personalKey = await json<{ id: number; key: string }>(
    await a.client.post("/api/api-keys", {
      name: "A's sheet",
      scopes: ["referrals:read", "referrals:write", "commissions:read"],
    }),
    201,
  );

  const [notification] = await app.query<{ id: number }>("select id from notifications where user_id = ? order by id", a.user.id);
  const [delivery] = await app.query<{ id: number; eventId: string }>(
    "select id, event_id as eventId from webhook_deliveries where endpoint_id = ? order by id",
    webhook.id,
  );
  if (!notification || !delivery) throw new Error("the world has no notification or webhook delivery");
  const commission = await plantedCommission(app, referral.id);
  const commissionY = await plantedCommission(app, referralY.id);
  const payoutMethodA = await plantedPayoutMethod(app, a.connectorId);
  const payout = await plantedPayout(app, x.business.id, a.connectorId);

  const people = {
    connector: person(a),
    otherConnector: person(b),
    owner: person(x),
    otherOwner: person(y),
    teamMember: person(member),
    teamAdmin: person(teamAdmin),
    admin: person(admin),
  } satisfies Record<Exclude<Role, "anonymous">, Person>;

  const disputes = disputeFixtures(app, x, a);
  const ids: WorldIds = {
    businessX: x.business.id,
    businessY: y.business.id,
    userA: a.user.id,
    connectorA: a.connectorId,
    connectorB: b.connectorId,
    ownerX: x.user.id,
    referral: referral.id,
    referralY: referralY.id,
    memberSeat: memberSeat.id,
    adminSeat: adminSeat.id,
    pendingSeat,
    invitation,
    intro,
    businessKeyId: businessKey.id,
    personalKeyId: personalKey.id,
    webhook: webhook.id,
    delivery: delivery.id,
    notification: notification.id,
    commission,
    commissionY,
    awaiting: awaiting.id,
    payoutMethodA,
    rejected: await disputes.rejected(),
    dispute: await disputes.dispute(),
    disagreedDispute: await disputes.disagreedDispute(),
    payout,
  };

  const keys: Record<KeyPrincipal, string> = { businessKey: businessKey.key, personalKey: personalKey.key };

  /**
   * What X, R and A keep to themselves: none of it may appear in an answer to someone refused, nor
   * in a page shown to someone outside X.
   */
  const secrets = {
    referredEmail: referral.referredPersonEmail,
    contactEmail: x.fields.contactEmail,
    webhookSecret: webhook.secret,
    businessKey: businessKey.key,
    personalKey: personalKey.key,
  };

  const { request, form, sessionCookie } = worldCallers(app, people, keys);

  let seq = 0;
  const unique = () => `${Date.now().toString(36)}${++seq}`;
  const fresh = freshResources(app, { x, a, delivery, unique });

  /** The event of the world's delivery: what a redelivery to X's endpoints names (issue 19). */
  const eventX = delivery.eventId;

  return { app, people, ids, keys, secrets, x, y, eventX, request, form, sessionCookie, fresh, unique };
}

/**
 * The file's app and the world built in it. Nothing leaves the outboxes without the scheduled job,
 * which these tests never run, so a refused request must leave every row as it was.
 */
export function worldPerFile() {
  const app = appPerFile();
  return { app, w: madeInBeforeAll(() => buildWorld(app)) };
}
