import { describe, expect } from "vitest";
import { newUser } from "./helpers/app";
import { json, refusals } from "./helpers/bad-input";
import { businessRegistration } from "./helpers/fixtures";
import { referralFields } from "./helpers/marketplace";
import { HOOK_URL, type Principal, type WorldIds, worldPerFile } from "./helpers/world";

/**
 * Bad bodies to every /api endpoint that reads one: each is refused with a 4xx JSON
 * `{ message, errors? }` that shows no stack or SQL, and writes nothing (bad-input-all.*.test.ts cover
 * ids, pages, odd but valid text and forms; bad-input.test.ts has the detailed messages for the auth
 * endpoints; these files cover breadth).
 */

const { app, w } = worldPerFile();
const { refused, refusing } = refusals(app, w);

/** A business body stating its fee by its structured fields (issue 33), so each of them is tried too. */
function statedFee({ referralFee: _text, ...body }: Record<string, unknown>) {
  return { ...body, feeKind: "percentage", feePercentage: 5 };
}

type BodyEndpoint = {
  op: string;
  /** Someone allowed to call it, so refusals come from the input and not from the caller. */
  who: Principal;
  valid: (ids: WorldIds) => Record<string, unknown>;
  /** Its most free-form text field (where odd bytes have the best chance to slip through). */
  text?: string;
  /** Fields that may be null (optional ones); null elsewhere is a wrong type. */
  nullable?: string[];
  /**
   * What odd text gets: a 400 from validation, or for credentials any 4xx (a login with a NUL in the
   * username may just as well be a 401).
   */
  oddText?: "any 4xx";
};

const BODY_ENDPOINTS: BodyEndpoint[] = [
  {
    op: "POST /api/auth/login",
    text: "username",
    oddText: "any 4xx",
    who: "anonymous",
    valid: () => ({ username: w.people.connector.username, password: w.people.connector.password }),
  },
  { op: "POST /api/auth/signup", text: "name", who: "anonymous", valid: () => newUser() },
  {
    op: "POST /api/public/register-business",
    text: "name",
    who: "anonymous",
    valid: () => statedFee(businessRegistration()),
    nullable: ["description", "sector", "nature", "website"],
  },
  {
    op: "PATCH /api/users/{userA}",
    text: "name",
    who: "connector",
    valid: () => ({ name: "Connector A", email: w.people.connector.email, phone: w.people.connector.phone }),
    nullable: ["email", "phone"],
  },
  // B has no business yet, so a body that slipped through would show as a 201.
  {
    op: "POST /api/businesses",
    text: "companyName",
    who: "otherConnector",
    valid: () => statedFee({ ...w.x.fields, uen: "UENBADINPUT1" }),
    nullable: ["description", "sector", "nature", "website"],
  },
  {
    op: "PATCH /api/businesses/{businessX}",
    text: "companyName",
    who: "owner",
    valid: () => statedFee({ ...w.x.fields, responseWindowDays: 5, holdDays: 30 }),
    nullable: ["description", "sector", "nature", "website"],
  },
  {
    op: "POST /api/referrals",
    text: "referredPersonName",
    who: "connector",
    valid: (ids) => referralFields(ids.businessX),
    nullable: ["notes"],
  },
  {
    op: "PATCH /api/referrals/{referral}",
    text: "statusNotes",
    who: "owner",
    valid: () => ({
      status: "approved",
      revenueReceived: 100.5,
      revenueCurrency: "SGD",
      statusNotes: "Fine",
      rejectionReason: "not_a_fit",
    }),
    nullable: ["revenueReceived", "statusNotes", "rejectionReason"],
  },
  {
    op: "POST /api/team-members",
    text: "name",
    who: "owner",
    valid: (ids) => ({ businessId: ids.businessX, name: "Bad Input", email: `bad_${w.unique()}@example.com`, role: "member" }),
  },
  // Decision 055: the referred person's answer; Y's referral has the link token "{its id}" (world.ts).
  {
    op: "POST /api/intros/{intro}",
    text: "referredPersonName",
    who: "anonymous",
    valid: () => ({
      decision: "accept",
      referredPersonName: "Ann Lee",
      referredPersonEmail: "ann@example.com",
      referredPersonPhone: "+65 9000 1234",
    }),
  },
  { op: "POST /api/notifications", who: "connector", valid: (ids) => ({ id: ids.notification }), nullable: ["id"] },
  // Issue 16: a referral's conversation (authorized before the body is read; refusals count no message).
  { op: "POST /api/referrals/{referral}/messages", text: "body", who: "connector", valid: () => ({ body: "A message" }) },
  // Issue 33: only the email (dropping it leaves nothing to correct; the phone alone is as valid).
  {
    op: "POST /api/referrals/{awaiting}/correction",
    who: "connector",
    valid: () => ({ referredPersonEmail: "fixed@example.com" }),
  },
  // Decision 128: the connector's answer to a business's registration (A's own referral: a valid body is a 409).
  { op: "POST /api/referrals/{referral}/confirmation", who: "connector", valid: () => ({ decision: "confirm" }) },
  { op: "POST /api/admin/users/{userA}/suspension", who: "admin", valid: () => ({ suspended: true }) },
  {
    op: "POST /api/api-keys",
    text: "name",
    who: "owner",
    valid: (ids) => ({ name: "Bad input key", scopes: ["referrals:read"], businessId: ids.businessX }),
  },
  {
    op: "POST /api/webhooks",
    text: "description",
    who: "owner",
    valid: (ids) => ({ businessId: ids.businessX, url: `${HOOK_URL}/bad`, events: ["referral.created"], description: "Bad" }),
    nullable: ["description"],
  },
  // Issue 19: redeliver an event to an endpoint (decision 079).
  { op: "POST /api/webhooks/{webhook}/deliveries", text: "eventId", who: "owner", valid: () => ({ eventId: w.eventX }) },
  // Issue 17: a payout of a commission that does not exist (valid input answers 422 and writes nothing).
  {
    op: "POST /api/payouts",
    text: "reference",
    who: "owner",
    valid: (ids) => ({
      businessId: ids.businessX,
      connectorId: ids.connectorA,
      currency: "SGD",
      commissionIds: [999999999],
      method: "bank_transfer",
      reference: "Bad input",
      paidAt: "2026-11-20",
    }),
  },
  // Issue 38: a payout method on file, added and changed by its connector (the world's session is recent).
  {
    op: "POST /api/payout-methods",
    text: "accountHolder",
    who: "connector",
    valid: () => ({ kind: "wise", currency: "SGD", accountHolder: "Bad Input", email: "bad-input@example.com" }),
  },
  {
    op: "PATCH /api/payout-methods/{payoutMethodA}",
    text: "accountHolder",
    who: "connector",
    valid: () => ({ kind: "wise", currency: "SGD", accountHolder: "Bad Input", email: "bad-input@example.com" }),
  },
  // Issue 38 part 4: voiding X's planted payout (decision 187); every bad body is refused before it is voided.
  { op: "POST /api/payouts/{payout}/void", text: "reason", who: "owner", valid: () => ({ reason: "Bad input" }) },
  // Issue 38 part 2: B asks X, which owes B nothing (valid input answers 409 and writes nothing).
  { op: "POST /api/payout-requests", who: "otherConnector", valid: (ids) => ({ businessId: ids.businessX, currency: "SGD" }) },
  {
    op: "PATCH /api/businesses/{businessX}/payout-settings",
    who: "owner",
    valid: () => ({ payoutTermsDays: 14, minimums: { SGD: 5000 } }),
  },
];

/** The valid body with one field replaced by raw JSON text (for values JSON.stringify cannot write, like 1e309). */
const withRaw = (valid: Record<string, unknown>, field: string, raw: string) =>
  json({ ...valid, [field]: "\u0001" }).replace(`"${field}":"\\u0001"`, `"${field}":${raw}`);

/** Wrong values (raw JSON) for a field, by the type its valid value has. */
function wrongValues(value: unknown): string[] {
  if (typeof value === "string") return ["12345", '["a","b"]', '{"$ne":null}'];
  if (typeof value === "number") return ['"12"', "[1]", '{"n":1}'];
  if (typeof value === "boolean") return ['"true"', "1"];
  // A list of ids takes numbers: a string in it is the wrong type there.
  if (Array.isArray(value)) return [json(value[0]), "{}", typeof value[0] === "number" ? '["123"]' : "[123]"];
  return [];
}

/** 400 (validation), unless any refusal will do; an earlier slip (a 409 duplicate) must not pass for one. */
const oddTextStatus = (endpoint: BodyEndpoint) => (endpoint.oddText ? undefined : 400);

const stringFields = (valid: Record<string, unknown>) => Object.keys(valid).filter((k) => typeof valid[k] === "string");
const numberFields = (valid: Record<string, unknown>) => Object.keys(valid).filter((k) => typeof valid[k] === "number");

describe.each(BODY_ENDPOINTS)("$op with a bad body", (endpoint) => {
  refusing("malformed JSON is a 400", async () => {
    for (const body of ['{"a":', "{'a': 1}", "", "nul", "{\u0000}"]) {
      expect(await refused(endpoint, body, { status: 400 })).toContain("Malformed JSON in request body");
    }
  });

  refusing("JSON that is not an object is a 400", async () => {
    for (const body of ["[]", '"text"', "null", "42", json([endpoint.valid(w.ids)])]) {
      expect(await refused(endpoint, body, { status: 400 })).toContain("Request body must be a JSON object");
    }
  });

  refusing("a body that is not JSON by Content-Type is a 415", async () => {
    const valid = json(endpoint.valid(w.ids));
    const form = new URLSearchParams(endpoint.valid(w.ids) as Record<string, string>).toString();
    for (const [type, body] of [
      ["text/plain", valid],
      ["application/x-www-form-urlencoded", form],
      ["multipart/form-data; boundary=x", valid],
      ["application/xml", "<a/>"],
    ] as const) {
      await refused(endpoint, body, { status: 415, headers: { "Content-Type": type } });
    }
    // No Content-Type at all (a byte body gets none).
    await refused(endpoint, new TextEncoder().encode(valid), { status: 415, headers: {} });
  });

  refusing("a 5 MB body is a 413", async () => {
    const big = json({ ...endpoint.valid(w.ids), padding: "x".repeat(5 * 1024 * 1024) });
    expect(await refused(endpoint, big, { status: 413 })).toContain("Request body is too large");
  });

  refusing("a wrong type in any field is a 400 naming it", async () => {
    const valid = endpoint.valid(w.ids);
    for (const field of Object.keys(valid)) {
      const wrong = [...wrongValues(valid[field]), ...(endpoint.nullable?.includes(field) ? [] : ["null"])];
      for (const raw of wrong) await refused(endpoint, withRaw(valid, field, raw), { status: 400, field });
    }
  });

  refusing("a 100 KB string in any text field (or list) is a 400 naming it", async () => {
    const valid = endpoint.valid(w.ids);
    const long = "x".repeat(100 * 1024);
    for (const field of Object.keys(valid)) {
      const value = valid[field];
      if (typeof value === "string") await refused(endpoint, json({ ...valid, [field]: long }), { status: 400, field });
      if (Array.isArray(value)) await refused(endpoint, json({ ...valid, [field]: [long] }), { status: 400, field });
    }
  });

  refusing("huge, negative and fractional numbers are refused", async () => {
    const valid = endpoint.valid(w.ids);
    for (const field of numberFields(valid)) {
      // Ids must be whole and exist; percentages and revenue have at most one and two decimals.
      for (const raw of ["1e309", "-1e309", "9007199254740993", "-1", "1.5e300", "0.001"]) {
        await refused(endpoint, withRaw(valid, field, raw));
      }
    }
  });

  refusing("NUL bytes and lone surrogates in text are refused", async () => {
    const valid = endpoint.valid(w.ids);
    for (const field of stringFields(valid)) {
      const text = String(valid[field]);
      for (const raw of [json(`${text}\u0000x`), `"${text.replace(/"/g, "")}\\ud800x"`]) {
        await refused(endpoint, withRaw(valid, field, raw), { status: oddTextStatus(endpoint) });
      }
    }
  });

  refusing("bytes that are not UTF-8 are refused", async () => {
    if (!endpoint.text) return;
    const [head = "", tail = ""] = json({ ...endpoint.valid(w.ids), [endpoint.text]: "\u0001" }).split("\\u0001");
    const encoder = new TextEncoder();
    for (const bad of [[0xff, 0xfe], [0xc3], [0xed, 0xa0, 0x80], [0xc0, 0xaf]]) {
      const bytes = new Uint8Array([...encoder.encode(`${head}Ann`), ...bad, ...encoder.encode(`Lee${tail}`)]);
      await refused(endpoint, bytes, { status: oddTextStatus(endpoint) });
    }
  });
});
