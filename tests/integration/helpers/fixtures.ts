import { expect } from "vitest";
import { type Person, signedUp, type TestApp } from "./app";

const COUNTED_TABLES = ["users", "sessions", "connectors", "businesses", "activity_logs"] as const;
export type TableCounts = Record<(typeof COUNTED_TABLES)[number], number>;

/** Row counts of the tables a mutation can write, to prove that a refused request wrote nothing. */
export async function tableCounts(app: TestApp): Promise<TableCounts> {
  const [row] = await app.query<TableCounts>(
    `select ${COUNTED_TABLES.map((t) => `(select count(*) from ${t}) as ${t}`).join(", ")}`,
  );
  if (!row) throw new Error("count query returned nothing");
  return row;
}

let counter = 0;
/** A unique, valid /api/public/register-business payload (account and business fields). */
export function businessRegistration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const suffix = `${Date.now().toString(36)}${counter}`;
  return {
    username: `biz_${suffix}`,
    password: "Kettle-Harbor-29",
    name: "Alice Owner",
    email: `owner_${suffix}@example.com`,
    phone: "+65 6123 4567",
    companyName: "Acme Widgets Pte Ltd",
    description: "We make the finest widgets in Singapore.",
    sector: "Manufacturing",
    nature: "B2B widgets",
    uen: `UEN${suffix.toUpperCase()}`.slice(0, 20),
    address: "1 Raffles Place, #20-01, Singapore 048616",
    website: "https://acme.example.com",
    referralFee: "5%",
    referralTerms: "Paid within 30 days of the customer's first invoice.",
    contactPerson: "Bob Contact",
    contactPhone: "+65 6123 9999",
    contactEmail: `contact_${suffix}@example.com`,
    accountType: "company",
    ...overrides,
  };
}

/** Makes a user a platform admin (public signup can never do that). */
export async function makeAdmin(app: TestApp, userId: number) {
  await app.query("update users set is_admin = 1 where id = ?", userId);
}

/** A signed-up user made platform admin. */
export async function newAdmin(app: TestApp, overrides: Record<string, unknown> = {}): Promise<Person> {
  const admin = await signedUp(app, overrides);
  await makeAdmin(app, admin.user.id);
  return admin;
}

/** A response body must never show internals: stack frames, SQL or driver errors. */
export function expectNoInternals(body: string) {
  expect(body).not.toMatch(/\bat .+\(.*:\d+:\d+\)/);
  // SQL statements, not the word "select" of messages such as "Please select a business".
  expect(body).not.toMatch(/\b(select\s+[\w"*.,\s]+?\s+from|insert into|update \w+ set|delete from)\b/i);
  expect(body).not.toMatch(/SQLITE|D1_ERROR|UNIQUE constraint|password_hash|passwordHash/i);
}

/** The `Set-Cookie` header for `name`, or undefined. */
export function setCookieFor(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

/** The token inside a signed Remix cookie value (`base64(JSON).signature`). */
export function tokenOfSignedCookie(value: string): string {
  const decoded = decodeURIComponent(value);
  const payload = decoded.slice(0, decoded.lastIndexOf("."));
  const json = decodeURIComponent(escape(atob(payload)));
  return JSON.parse(json) as string;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

export type PublicUserBody = {
  id: number;
  username: string;
  name: string;
  email: string | null;
  phone: string | null;
  accountType: string;
  isAdmin: boolean;
  profilePhoto: string | null;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
};

export const PUBLIC_USER_KEYS = [
  "accountType",
  "createdAt",
  "email",
  "emailVerified",
  "id",
  "isAdmin",
  "name",
  "phone",
  "profilePhoto",
  "twoFactorEnabled",
  "username",
];

/** A live reset link's token for `userId`, written as the scheduled job would (only its hash is kept). */
export async function resetTokenFor(app: TestApp, userId: number, email: string) {
  const token = `reset-${crypto.randomUUID()}`;
  const now = Date.now();
  await app.query(
    "insert into auth_tokens (purpose, user_id, email, token_hash, expires_at, created_at) values ('password_reset', ?, ?, ?, ?, ?)",
    userId,
    email,
    await sha256Hex(token),
    now + 60 * 60 * 1000,
    now,
  );
  return token;
}

/** The stored password hash of `userId`, to prove a refused change kept it. */
export const passwordHashOf = async (app: TestApp, userId: number) =>
  (await app.query<{ password_hash: string }>("select password_hash from users where id = ?", userId))[0]?.password_hash;
