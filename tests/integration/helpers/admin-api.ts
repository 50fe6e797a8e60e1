import { expect } from "vitest";
import { appPerFile, client, partsMadeInBeforeAll, type TestApp } from "./app";
import { expectNoInternals, newAdmin } from "./fixtures";
import { referWithConsent } from "./introductions";
import type { Client, ReferralBody } from "./marketplace";
import { addMember, newBusiness, newConnector, newSeat } from "./parties";

export type Totals = {
  counts: { total: number; pending: number; approved: number; completed: number; rejected: number };
  completed: { currency: string; revenue: number; fees: number }[];
};
export type ConnectorRow = Totals & {
  id: number;
  userId: number;
  name: string;
  email: string | null;
  phone: string | null;
  username: string;
  accountType: string;
  createdAt: string;
  suspended: boolean;
  suspendedAt: string | null;
};
export type BusinessRow = Totals & {
  id: number;
  companyName: string;
  uen: string;
  sector: string | null;
  ownerId: number;
  ownerName: string;
  ownerUsername: string;
  teamSize: number;
};

/** Every cell is quoted (issue 15, finding 7), so a spreadsheet splitting on any separator keeps it whole. */
export const quoted = (...cells: string[]) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(",");
export const CONNECTOR_CSV_HEADER = quoted(
  ..."Name,Username,Email,Phone,Account type,Suspended,Referrals,Pending,Approved,Completed,Rejected,Completed revenue,Fees earned".split(
    ",",
  ),
);
export const BUSINESS_CSV_HEADER = quoted(
  ..."Company,UEN,Sector,Owner,Owner username,Team size,Referrals received,Completed,Completed revenue".split(","),
);

/** The cells of one CSV line (RFC 4180 quoting). */
export function cellsOf(line: string | undefined): string[] {
  const cells: string[] = [];
  const pattern = /"((?:[^"]|"")*)"(?:,|$)|([^,]*)(?:,|$)/gy;
  const text = line ?? "";
  while (pattern.lastIndex < text.length) {
    const match = pattern.exec(text);
    if (!match) break;
    cells.push(match[1] !== undefined ? match[1].replace(/""/g, '"') : (match[2] ?? ""));
  }
  if (text.endsWith(",")) cells.push("");
  return cells;
}

export async function setStatus(
  owner: Client,
  id: number,
  status: string,
  revenueReceived: number | null = null,
  currency = "SGD",
) {
  const res = await owner.patch(`/api/referrals/${id}`, {
    status,
    revenueReceived,
    revenueCurrency: currency,
    statusNotes: `set to ${status}`,
    // A rejection names its reason (issue 16, decision 058).
    ...(status === "rejected" ? { rejectionReason: "not_a_fit" } : {}),
  });
  if (res.status !== 200) throw new Error(`PATCH referral failed: ${res.status} ${await res.text()}`);
}

/** 401 for anonymous, 403 (and no data) for a regular user. */
export async function expectAdminOnly(
  app: TestApp,
  regular: Client,
  path: string,
  method: "GET" | "POST" = "GET",
  body?: unknown,
) {
  const anon = client(app);
  const anonRes = method === "GET" ? await anon.get(path) : await anon.post(path, body);
  expect(anonRes.status, `${method} ${path} anonymous`).toBe(401);
  const res = method === "GET" ? await regular.get(path) : await regular.post(path, body);
  expect(res.status, `${method} ${path} regular user`).toBe(403);
  const text = await res.text();
  expectNoInternals(text);
  expect(JSON.parse(text)).toEqual({ message: "Admin access required" });
}

export async function csvOf(c: Client, path: string) {
  const res = await c.get(path);
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toMatch(/^text\/csv/);
  expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="[\w.-]+\.csv"$/);
  const text = await res.text();
  expect(text.endsWith("\r\n")).toBe(true);
  return text.slice(0, -2).split("\r\n");
}

export const sortedCompleted = (t: Totals["completed"]) => [...t].sort((a, b) => a.currency.localeCompare(b.currency));

/**
 * The admin API's shared world (admin-api.*.test.ts): its app, an admin, a regular connector, two
 * businesses (a team member and a seat without an account on A), Carol's five referrals and Evil's one.
 */
export function adminApiWorld() {
  const app = appPerFile();
  const parts = partsMadeInBeforeAll(async () => {
    const referralsOf: Record<string, ReferralBody[]> = { carol: [], evil: [] };
    const admin = await newAdmin(app, { name: "Platform Admin" });
    const regular = await newConnector(app, { name: "Regular Rita" });
    const bizA = await newBusiness(app, { companyName: "Zeta Foods", sector: "Food" }, { name: "Zed Owner" });
    const bizB = await newBusiness(app, { companyName: "Alpha Tech", sector: "Technology" }, { name: "Amy Owner" });
    const teamMember = await newSeat(app, bizA, { name: "Tina Team", role: "member" }, { name: "Tina Team" });
    // A seat for someone without an account: counted in team size, never notified.
    await addMember(bizA.client, bizA.business.id, { name: "Nobody Yet", email: "nobody-yet@example.com", role: "admin" });
    const carol = await newConnector(app, { name: "Carol Connector" });
    const evil = await newConnector(app, { name: "=1+2 Evil" });
    // A business-type account with a connector profile (the accountType filter's other value).
    await app.query(
      "insert into connectors (user_id, name, email, phone) values (?, 'Bea Business', ?, '+65 6000 0000')",
      bizB.user.id,
      bizB.payload.email,
    );
    const [row] = await app.query<{ id: number }>("select id from connectors where user_id = ?", bizB.user.id);
    const bizBConnector = { id: row?.id ?? 0 };

    for (let i = 0; i < 3; i += 1)
      referralsOf.carol?.push((await referWithConsent(app, carol.client, bizA.business.id)).referral);
    for (let i = 0; i < 2; i += 1)
      referralsOf.carol?.push((await referWithConsent(app, carol.client, bizB.business.id)).referral);
    referralsOf.evil?.push((await referWithConsent(app, evil.client, bizA.business.id)).referral);
    const [c0, c1, c2, c3, c4] = referralsOf.carol as ReferralBody[];
    const [e0] = referralsOf.evil as ReferralBody[];
    // cashbackPercentage is 10 for every referral: the fee is 10% of the revenue.
    await setStatus(bizA.client, c0?.id ?? 0, "completed", 1000, "SGD");
    await setStatus(bizA.client, c1?.id ?? 0, "completed", 200, "USD");
    await setStatus(bizA.client, c2?.id ?? 0, "approved");
    await setStatus(bizB.client, c3?.id ?? 0, "rejected");
    void c4; // stays pending
    await setStatus(bizA.client, e0?.id ?? 0, "completed", 500, "SGD");
    return { admin, regular, bizA, bizB, teamMember, carol, evil, bizBConnector, referralsOf };
  });
  return { app, parts };
}
