import { expect } from "vitest";
import { type client, signedUp, type TestApp } from "./app";

export type ErrorBody = { message: string; errors?: Record<string, string[]> };
export type Client = ReturnType<typeof client>;

export type BusinessBody = {
  id: number;
  userId: number;
  companyName: string;
  uen: string;
  contactVisible: boolean;
  contactPerson?: string;
  contactPhone?: string;
  contactEmail?: string;
  role?: string;
  [key: string]: unknown;
};

export type ReferralBody = {
  id: number;
  connectorId: number;
  businessId: number;
  referredPersonName: string;
  referredPersonEmail: string;
  referredPersonPhone: string;
  cashbackPercentage: number;
  notes: string | null;
  status: string;
  revenueReceived: number | null;
  revenueCurrency: string;
  statusNotes: string | null;
  feeAmount: number | null;
  businessName: string;
  connectorName: string;
  [key: string]: unknown;
};

let counter = 0;
function unique() {
  counter += 1;
  return `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

/** A UEN that is valid (9-20 uppercase letters and digits) and unique across the run. */
export function uniqueUen(): string {
  return `U${unique().toUpperCase()}`
    .replace(/[^A-Z0-9]/g, "")
    .padEnd(9, "0")
    .slice(0, 20);
}

/** A valid POST/PATCH /api/businesses body (BusinessSchema fields) with unique UEN and contacts. */
export function businessFields(overrides: Record<string, unknown> = {}) {
  const suffix = unique();
  return {
    companyName: `Acme ${suffix}`,
    description: "We make the finest widgets in Singapore.",
    sector: "Manufacturing",
    nature: "B2B widgets",
    uen: uniqueUen(),
    address: "1 Raffles Place, #20-01, Singapore 048616",
    website: "https://acme.example.com",
    referralFee: "5%",
    referralTerms: "Paid within 30 days of the customer's first invoice.",
    contactPerson: `Contact ${suffix}`,
    contactPhone: "+65 6123 9999",
    contactEmail: `contact_${suffix}@example.com`,
    accountType: "company",
    ...overrides,
  };
}

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

/** A valid POST /api/referrals body for `businessId` with a unique referred person. */
export function referralFields(businessId: number, overrides: Record<string, unknown> = {}) {
  const suffix = unique();
  counter += 1;
  return {
    businessId,
    referredPersonName: `Referred ${suffix}`,
    referredPersonEmail: `referred_${suffix}@example.com`,
    referredPersonPhone: `+65 8${String(counter).padStart(3, "0")} ${String(Date.now() % 10000).padStart(4, "0")}`,
    cashbackPercentage: 10,
    notes: "Met at a trade fair",
    ...overrides,
  };
}

/** Makes a referral as `c` and returns it (fails the test on any other status than 201). */
export async function refer(c: Client, businessId: number, overrides: Record<string, unknown> = {}) {
  const body = referralFields(businessId, overrides);
  const res = await c.post("/api/referrals", body);
  if (res.status !== 201) throw new Error(`referral failed: ${res.status} ${await res.text()}`);
  return { referral: (await res.json()) as ReferralBody, body };
}

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

/** A list response: its status, JSON array and X-Total-Count. */
export async function list<T = Record<string, unknown>>(c: Client, path: string) {
  const res = await c.get(path);
  const text = await res.text();
  const body = text ? (JSON.parse(text) as T[]) : ([] as T[]);
  return { status: res.status, body, text, total: res.headers.get("X-Total-Count"), res };
}

export async function errorOf(res: Response): Promise<ErrorBody> {
  expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
  return (await res.json()) as ErrorBody;
}

/** Polls `check` until it returns true, for work done after the response (waitUntil). */
export async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(await check(), "condition still false after polling").toBe(true);
}

export async function activityRows(app: TestApp, type: string, businessId?: number) {
  return businessId === undefined
    ? app.query<{ user_id: number | null; business_id: number | null; details: string | null }>(
        "select user_id, business_id, details from activity_logs where activity_type = ? order by id",
        type,
      )
    : app.query<{ user_id: number | null; business_id: number | null; details: string | null }>(
        "select user_id, business_id, details from activity_logs where activity_type = ? and business_id = ? order by id",
        type,
        businessId,
      );
}
