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

/** Adds a team member as `c` (owner or team admin) and returns the created member. */
export async function addMember(
  c: Client,
  businessId: number,
  member: { name: string; email: string; role: "admin" | "member" },
): Promise<{ id: number; registered: boolean; role: string; email: string }> {
  const res = await c.post("/api/team-members", { ...member, businessId });
  if (res.status !== 201) throw new Error(`adding a team member failed: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ id: number; registered: boolean; role: string; email: string }>;
}
