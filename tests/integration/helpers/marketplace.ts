import type { client, TestApp } from "./app";

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
    // As an older client sends it (read as 10%, issue 33): the default cashback below takes these terms.
    referralFee: "10%",
    referralTerms: "Paid within 30 days of the customer's first invoice.",
    contactPerson: `Contact ${suffix}`,
    contactPhone: "+65 6123 9999",
    contactEmail: `contact_${suffix}@example.com`,
    accountType: "company",
    ...overrides,
  };
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

/** One referral's stored columns (`columns` is the select list), to check what a move wrote. */
export async function referralRow<T>(app: TestApp, id: number, columns: string): Promise<T> {
  const [row] = await app.query<T>(`select ${columns} from referrals where id = ?`, id);
  if (!row) throw new Error(`no referral ${id}`);
  return row;
}
