import { createHash, randomBytes } from "node:crypto";
import { signedUp, type TestApp } from "./app";
import { type BusinessBody, businessFields, type Client } from "./marketplace";

/** A fresh business-type user who registered a business through POST /api/businesses. */
export async function newBusiness(app: TestApp, overrides: Record<string, unknown> = {}, userOverrides = {}) {
  const owner = await signedUp(app, { accountType: "business", name: "Owner Person", ...userOverrides });
  const fields = businessFields(overrides);
  const res = await owner.client.post("/api/businesses", fields);
  if (res.status !== 201) throw new Error(`business registration failed: ${res.status} ${await res.text()}`);
  const business = (await res.json()) as BusinessBody;
  return { ...owner, business, fields };
}

/** A fresh individual (who has a connector profile from signup), with that profile's id. */
export async function newConnector(app: TestApp, overrides: Record<string, unknown> = {}) {
  const person = await signedUp(app, { accountType: "individual", ...overrides });
  const [row] = await app.query<{ id: number }>("select id from connectors where user_id = ?", person.user.id);
  if (!row) throw new Error("individual signup made no connector profile");
  return { ...person, connectorId: row.id };
}

export type Business = Awaited<ReturnType<typeof newBusiness>>;
export type Connector = Awaited<ReturnType<typeof newConnector>>;

export type AddedMember = { id: number; registered: boolean; role: string; email: string; status: string };

/** POST /api/team-members as `c`: the raw answer, for tests about refusals and limits. */
export const postMember = (c: Client, businessId: number, member: { name: string; email: string; role: string }) =>
  c.post("/api/team-members", { ...member, businessId });

/** Invites a team member as `c` (owner or team admin) and returns the created (pending) member. */
export async function addMember(
  c: Client,
  businessId: number,
  member: { name: string; email: string; role: "admin" | "member" },
): Promise<AddedMember> {
  const res = await postMember(c, businessId, member);
  if (res.status !== 201) throw new Error(`adding a team member failed: ${res.status} ${await res.text()}`);
  return res.json() as Promise<AddedMember>;
}

/** Invites `name` at a fresh address (`<emailPrefix>_<now>@example.com`) to `owner`'s business, as its owner. */
export function inviteFresh(owner: Business, name: string, emailPrefix: string, role: "admin" | "member" = "member") {
  return addMember(owner.client, owner.business.id, { name, email: `${emailPrefix}_${Date.now()}@example.com`, role });
}

/** The SHA-256 (hex) of a link token, as the app stores it. */
export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** Marks a user's address verified (setup: verification is tested where it is built). */
export async function verifyEmailOf(app: TestApp, userId: number) {
  await app.query("update users set email_verified_at = ? where id = ? and email_verified_at is null", Date.now(), userId);
}

/**
 * Gives `person` a seat the only way there is: `c` (owner or team admin) invites their address and
 * they accept the invitation through the API. The link token is planted as the scheduled job would
 * store it (the mail path itself is tested in team-api.invitations.test.ts); the person's address is verified.
 */
export async function joinTeam(
  app: TestApp,
  c: Client,
  businessId: number,
  person: { client: Client; user: { id: number }; payload: { email: unknown } },
  member: { name: string; role: "admin" | "member"; email?: string },
): Promise<AddedMember> {
  const seat = await addMember(c, businessId, { email: String(person.payload.email), ...member });
  const token = randomBytes(32).toString("base64url");
  await app.query("update team_members set invitation_token_hash = ? where id = ?", tokenHash(token), seat.id);
  await verifyEmailOf(app, person.user.id);
  const res = await person.client.post(`/api/team-invitations/${token}/accept`);
  if (res.status !== 200) throw new Error(`accepting the invitation failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { member: AddedMember }).member;
}

/** Someone who signs up (with `signUpAs`) and takes `member`'s seat on `owner`'s business (see joinTeam). */
export async function newSeat(
  app: TestApp,
  owner: Business,
  member: { name: string; role: "admin" | "member" },
  signUpAs: Record<string, unknown> = {},
) {
  const person = await signedUp(app, signUpAs);
  await joinTeam(app, owner.client, owner.business.id, person, member);
  return person;
}
