import { beforeAll, describe, expect, it } from "vitest";
import { appPerFile } from "./helpers/app";
import { answerIntro } from "./helpers/introductions";
import { refer } from "./helpers/marketplace";
import { type Business, type Connector, joinTeam, newBusiness, newConnector } from "./helpers/parties";
import { errorOf } from "./helpers/responses";

/**
 * The write side of the money ledger (issue 17, decision 063): what a referral's status and revenue
 * changes do to its commission, read from the stored rows.
 */
const app = appPerFile();
let business: Business, connector: Connector;

beforeAll(async () => {
  business = await newBusiness(app, { companyName: "Ledger Co" });
  connector = await newConnector(app, { name: "Ledger Connector" });
});

type CommissionRow = {
  id: number;
  referral_id: number;
  kind: string;
  status: string;
  currency: string;
  amount_minor: number;
  revenue_minor: number | null;
  hold_days: number;
  payable_at: number;
  created_at: number;
  superseded_at: number | null;
  reversal_reason: string | null;
  adjusts_commission_id: number | null;
};
type EntryRow = { commission_id: number; type: string; amount_minor: number; currency: string };

const commissionsOf = (referralId: number) =>
  app.query<CommissionRow>("select * from commissions where referral_id = ? order by id", referralId);
const entriesOf = (referralId: number) =>
  app.query<EntryRow>(
    "select e.commission_id, e.type, e.amount_minor, e.currency from commission_entries e join commissions c on c.id = e.commission_id where c.referral_id = ? order by e.id",
    referralId,
  );

async function consentedReferral(cashbackPercentage = 10) {
  const { referral } = await refer(connector.client, business.business.id, { cashbackPercentage });
  await answerIntro(app, referral.id);
  return referral.id;
}

const progress = (id: number, body: Record<string, unknown>) => business.client.patch(`/api/referrals/${id}`, body);

describe("a completed referral with revenue earns a commission", () => {
  it("1,234.50 SGD at 10% is 12,345 cents, pending for the business's 30-day hold", async () => {
    const id = await consentedReferral(10);
    const res = await progress(id, { status: "completed", revenueReceived: 1234.5, revenueCurrency: "SGD" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ feeAmount: 123.45 });
    const [commission, ...more] = await commissionsOf(id);
    expect(more).toEqual([]);
    expect(commission).toMatchObject({
      kind: "commission",
      status: "pending",
      currency: "SGD",
      amount_minor: 12345,
      revenue_minor: 123450,
      hold_days: 30,
      superseded_at: null,
    });
    expect(commission!.payable_at - commission!.created_at).toBe(30 * 24 * 60 * 60 * 1000);
    expect(await entriesOf(id)).toEqual([
      { commission_id: commission!.id, type: "commission", amount_minor: 12345, currency: "SGD" },
    ]);
  });

  it("a JPY referral keeps whole yen: 1,001 JPY at 12.5% is 125 yen (half-up), and the fee says so", async () => {
    // 12.5% against the business's 10% is a proposal (issue 33): accepted, the connector's rate pays.
    const id = await consentedReferral(12.5);
    const res = await progress(id, {
      status: "completed",
      revenueReceived: 1001,
      revenueCurrency: "JPY",
      cashbackProposal: "accept",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ feeAmount: 125 });
    expect(await commissionsOf(id)).toMatchObject([{ currency: "JPY", amount_minor: 125, revenue_minor: 1001 }]);
  });

  it("refuses yen with decimals, writing nothing", async () => {
    const id = await consentedReferral(10);
    const res = await progress(id, { status: "completed", revenueReceived: 1000.5, revenueCurrency: "JPY" });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).errors).toEqual({ revenueReceived: ["JPY amounts have no decimals"] });
    expect(await commissionsOf(id)).toEqual([]);
  });

  it("nothing for an approved referral with revenue, a completed one without, or a zero fee", async () => {
    const a = await consentedReferral(10);
    await progress(a, { status: "approved", revenueReceived: 500 });
    const b = await consentedReferral(10);
    await progress(b, { status: "completed" });
    // A 0% cashback is a proposal against the 10% fee (issue 33): accepted, the fee is zero.
    const c = await consentedReferral(0);
    await progress(c, { status: "completed", revenueReceived: 500, cashbackProposal: "accept" });
    for (const id of [a, b, c]) expect(await commissionsOf(id)).toEqual([]);
  });

  it("a business with a 0-day hold owes it at once", async () => {
    await app.query("update businesses set hold_days = 0 where id = ?", business.business.id);
    try {
      const id = await consentedReferral(10);
      await progress(id, { status: "completed", revenueReceived: 100 });
      expect(await commissionsOf(id)).toMatchObject([{ status: "payable", hold_days: 0, amount_minor: 1000 }]);
    } finally {
      await app.query("update businesses set hold_days = 30 where id = ?", business.business.id);
    }
  });

  it("saving the same revenue again (a note, a round trip) writes no new entry", async () => {
    const id = await consentedReferral(10);
    await progress(id, { status: "completed", revenueReceived: 200 });
    await progress(id, { status: "completed", revenueReceived: 200, statusNotes: "Invoice sent" });
    expect(await commissionsOf(id)).toHaveLength(1);
    expect(await entriesOf(id)).toHaveLength(1);
  });
});

describe("changes are entries, never edits", () => {
  it("an unpaid commission is reversed with its reason when the referral leaves completed", async () => {
    const id = await consentedReferral(10);
    await progress(id, { status: "completed", revenueReceived: 300 });
    const res = await progress(id, { status: "approved", revenueReceived: 300, statusNotes: "Refunded; reopening" });
    expect(res.status).toBe(200);
    const [reversed] = await commissionsOf(id);
    expect(reversed).toMatchObject({ status: "reversed", reversal_reason: "left_completed", amount_minor: 3000 });
    expect(reversed!.superseded_at).not.toBeNull();
    expect((await entriesOf(id)).map((e) => [e.type, e.amount_minor])).toEqual([
      ["commission", 3000],
      ["reversal", -3000],
    ]);
  });

  it("a revenue change reverses the old commission and creates the new one", async () => {
    const id = await consentedReferral(10);
    await progress(id, { status: "completed", revenueReceived: 300 });
    await progress(id, { status: "completed", revenueReceived: 450 });
    const rows = await commissionsOf(id);
    expect(rows.map((r) => [r.status, r.amount_minor, r.reversal_reason])).toEqual([
      ["reversed", 3000, "revenue_changed"],
      ["pending", 4500, null],
    ]);
    expect((await entriesOf(id)).map((e) => [e.type, e.amount_minor])).toEqual([
      ["commission", 3000],
      ["reversal", -3000],
      ["commission", 4500],
    ]);
  });

  it("a currency change is a revenue change", async () => {
    const id = await consentedReferral(10);
    await progress(id, { status: "completed", revenueReceived: 300, revenueCurrency: "SGD" });
    await progress(id, { status: "completed", revenueReceived: 300, revenueCurrency: "USD" });
    expect((await commissionsOf(id)).map((r) => [r.status, r.currency])).toEqual([
      ["reversed", "SGD"],
      ["pending", "USD"],
    ]);
  });

  it("a paid commission gets a negative adjustment, payable at once, and stays paid", async () => {
    const id = await consentedReferral(10);
    await progress(id, { status: "completed", revenueReceived: 300 });
    const [commission] = await commissionsOf(id);
    await markPaid(commission!.id);
    const res = await progress(id, { status: "rejected", rejectionReason: "other", statusNotes: "Chargeback" });
    expect(res.status).toBe(200);
    const rows = await commissionsOf(id);
    expect(rows.map((r) => [r.kind, r.status, r.amount_minor, r.adjusts_commission_id])).toEqual([
      ["commission", "paid", 3000, null],
      ["adjustment", "payable", -3000, commission!.id],
    ]);
    expect((await entriesOf(id)).map((e) => [e.type, e.amount_minor])).toEqual([
      ["commission", 3000],
      ["payout", -3000],
      ["adjustment", -3000],
    ]);
  });

  it("the database refuses editing or deleting an entry, and paying what is not payable", async () => {
    const id = await consentedReferral(10);
    await progress(id, { status: "completed", revenueReceived: 100 });
    const [commission] = await commissionsOf(id);
    await expect(
      app.query("update commission_entries set amount_minor = 1 where commission_id = ?", commission!.id),
    ).rejects.toThrow(/append_only/);
    await expect(app.query("delete from commission_entries where commission_id = ?", commission!.id)).rejects.toThrow(
      /append_only/,
    );
    // Pending: the hold has not passed.
    await expect(markPaid(commission!.id, { makePayable: false })).rejects.toThrow(/commission_not_payable/);
  });
});

describe("racing changes", () => {
  it("two updates at once never leave two standing commissions or a 500: the loser is told to reload (409)", async () => {
    for (let round = 0; round < 5; round++) {
      const id = await consentedReferral(10);
      const results = await Promise.all([
        progress(id, { status: "completed", revenueReceived: 100 }),
        progress(id, { status: "completed", revenueReceived: 200 }),
        progress(id, { status: "completed", revenueReceived: 300 }),
      ]);
      for (const res of results) expect([200, 409]).toContain(res.status);
      for (const res of results.filter((r) => r.status === 409))
        expect((await errorOf(res)).message).toBe(
          "This referral's commission changed while you were saving. Reload and try again.",
        );
      await expectLedgerAddsUp([id]);
    }
  });
});

/**
 * Pays a commission the way a payout does (the payout itself is tested with POST /api/payouts):
 * a payout row, the commission paid into it, and the payout entry.
 */
async function markPaid(commissionId: number, { makePayable = true } = {}) {
  const [c] = await app.query<CommissionRow & { business_id: number; connector_id: number }>(
    "select * from commissions where id = ?",
    commissionId,
  );
  if (makePayable) await app.query("update commissions set status = 'payable' where id = ?", commissionId);
  await app.query(
    "insert into payouts (business_id, connector_id, currency, amount_minor, method, reference, paid_at) values (?, ?, ?, ?, 'bank_transfer', 'TEST', ?)",
    c!.business_id,
    c!.connector_id,
    c!.currency,
    c!.amount_minor,
    Date.now(),
  );
  await app.query(
    "update commissions set status = 'paid', payout_id = (select max(id) from payouts), paid_at = ? where id = ?",
    Date.now(),
    commissionId,
  );
  await app.query(
    "insert into commission_entries (commission_id, connector_id, business_id, currency, type, amount_minor, payout_id, occurred_at) values (?, ?, ?, ?, 'payout', ?, (select max(id) from payouts), ?)",
    commissionId,
    c!.connector_id,
    c!.business_id,
    c!.currency,
    -c!.amount_minor,
    Date.now(),
  );
}

describe("every balance is the sum of its entries", () => {
  it("after a long random sequence of status and revenue changes (and payments), the ledger adds up at every step", async () => {
    // A small deterministic generator, so a failure replays.
    let seed = 17;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const ids = [await consentedReferral(10), await consentedReferral(7.5)];
    for (let step = 0; step < 40; step++) {
      const id = pick(ids);
      const status = pick(["pending", "approved", "completed", "completed", "rejected"] as const);
      const currency = pick(["SGD", "SGD", "JPY"] as const);
      const revenue = pick([null, 100, 250, currency === "JPY" ? 999 : 1234.56]);
      const body: Record<string, unknown> = {
        status,
        revenueReceived: revenue,
        revenueCurrency: currency,
        statusNotes: `step ${step}`,
      };
      if (status === "rejected") body.rejectionReason = "not_a_fit";
      const res = await progress(id, body);
      expect(res.status, `step ${step}: ${await res.clone().text()}`).toBe(200);
      // Now and then the hold passes and the business pays what stands.
      if (next() < 0.3) {
        const [standing] = await app.query<{ id: number }>(
          "select id from commissions where referral_id = ? and kind = 'commission' and superseded_at is null and status = 'pending'",
          id,
        );
        if (standing) await markPaid(standing.id);
      }
      await expectLedgerAddsUp(ids);
    }
  });
});

describe("the lifecycle's sequences keep the ledger whole (issue 33)", () => {
  it("consent withdrawals, proposals, flat fees and self-dealing attempts, at random: the ledger adds up at every step", {
    timeout: 180_000,
  }, async () => {
    let seed = 33;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    const percent = await newBusiness(app, { companyName: "Percent Partners", referralFee: "10%" });
    const flat = await newBusiness(app, { companyName: "Flat Fee Co", referralFee: "SGD 300" });
    const jane = await newConnector(app, { name: "Jane Sequence" });
    // A connector who later takes a seat in both businesses: their own referrals are never theirs to decide.
    const seated = await newConnector(app, { name: "Sid Seated" });
    const made: { id: number; owner: Business; own: boolean; declined: boolean }[] = [];
    for (const [business, who, cashback] of [
      [percent, jane, 10],
      [percent, jane, 25], // a proposal against 10%
      [flat, jane, 10],
      [percent, seated, 10],
      [flat, seated, 50],
    ] as const) {
      const { referral } = await refer(who.client, business.business.id, { cashbackPercentage: cashback });
      await answerIntro(app, referral.id);
      made.push({ id: referral.id, owner: business, own: who === seated, declined: false });
    }
    await joinTeam(app, percent.client, percent.business.id, seated, { name: "Sid Seated", role: "admin" });
    await joinTeam(app, flat.client, flat.business.id, seated, { name: "Sid Seated", role: "member" });
    const ids = made.map((m) => m.id);
    const state = async (id: number) =>
      (
        await app.query<{
          status: string;
          rejection_reason: string | null;
          consent_status: string;
          cashback_proposal: string | null;
        }>("select status, rejection_reason, consent_status, cashback_proposal from referrals where id = ?", id)
      )[0]!;
    for (let step = 0; step < 60; step++) {
      const referral = pick(made);
      const before = await state(referral.id);
      const roll = next();
      if (roll < 0.1 && !referral.declined) {
        // The person withdraws: before completion the referral closes and an unpaid commission goes.
        await answerIntro(app, referral.id, "decline");
        referral.declined = true;
      } else if (roll < 0.25) {
        // The seated connector tries to decide on a referral: refused on their own, whatever it asks.
        const res = await seated.client.patch(`/api/referrals/${referral.id}`, {
          status: "completed",
          revenueReceived: 1_000_000_000,
          revenueCurrency: "SGD",
          statusNotes: `step ${step}`,
        });
        if (referral.own) expect(res.status, `step ${step}: self-dealing`).toBe(403);
        else expect([200, 409], `step ${step}`).toContain(res.status);
      } else {
        const status = pick(["pending", "approved", "completed", "completed", "rejected"] as const);
        const currency = pick(["SGD", "SGD", "JPY", "USD"] as const);
        const body: Record<string, unknown> = {
          status,
          revenueReceived: pick([null, 100, 250, currency === "JPY" ? 1005 : 1234.56]),
          revenueCurrency: currency,
          statusNotes: `step ${step}`,
        };
        if (status === "rejected") body.rejectionReason = "not_a_fit";
        if (before.cashback_proposal === "proposed" && next() < 0.5) body.cashbackProposal = pick(["accept", "decline"]);
        const res = await referral.owner.client.patch(`/api/referrals/${referral.id}`, body);
        const closed = before.status === "rejected" && ["person_declined", "no_answer"].includes(before.rejection_reason ?? "");
        const consentGone = before.consent_status !== "given";
        const needsConsent = status !== before.status && status !== "rejected";
        const want = closed || (consentGone && needsConsent) ? 409 : 200;
        expect(res.status, `step ${step}: ${await res.clone().text()}`).toBe(want);
      }
      if (next() < 0.3) {
        const [standing] = await app.query<{ id: number }>(
          "select id from commissions where referral_id = ? and kind = 'commission' and superseded_at is null and status = 'pending'",
          referral.id,
        );
        if (standing) await markPaid(standing.id);
      }
      await expectEntriesSum(ids);
    }
    // Nothing ever stands for a referral its own connector tried to complete, unless the business did.
    const own = made.filter((m) => m.own).map((m) => m.id);
    const history = await app.query<{ n: number }>(
      `select count(*) as n from referral_status_changes where referral_id in (${own.join(", ")}) and changed_by_user_id = ?`,
      seated.user.id,
    );
    expect(history[0]?.n).toBe(2); // their two referrals' first rows, nothing after
  });
});

/**
 * What every ledger keeps whatever the terms: each commission's entries sum to what is still owed on
 * it, one commission stands exactly when a completed referral earns one, and the connectors' balances
 * are the sums of their entries.
 */
async function expectEntriesSum(referralIds: number[]) {
  for (const id of referralIds) {
    const [referral] = await app.query<{ status: string }>("select status from referrals where id = ?", id);
    const rows = await commissionsOf(id);
    const entries = await entriesOf(id);
    for (const row of rows) {
      const owed = row.status === "pending" || row.status === "payable" ? row.amount_minor : 0;
      const sum = entries.filter((e) => e.commission_id === row.id).reduce((total, e) => total + e.amount_minor, 0);
      expect(sum, `commission ${row.id} (${row.kind}, ${row.status})`).toBe(owed);
    }
    const standing = rows.filter((r) => r.kind === "commission" && r.superseded_at === null);
    if (referral!.status !== "completed") expect(standing, `referral ${id} (${referral!.status})`).toEqual([]);
    else expect(standing.length, `referral ${id}`).toBeLessThanOrEqual(1);
  }
  const balances = await app.query<{ entries: number; open: number }>(
    `select (select coalesce(sum(e.amount_minor), 0) from commission_entries e where e.connector_id = c.connector_id and e.currency = c.currency) as entries,
       sum(case when c.status in ('pending', 'payable') then c.amount_minor else 0 end) as open
     from commissions c where c.referral_id in (${referralIds.join(", ")}) group by c.connector_id, c.currency`,
  );
  for (const b of balances) expect(b.entries).toBe(b.open);
}

async function expectLedgerAddsUp(referralIds: number[]) {
  for (const id of referralIds) {
    const [referral] = await app.query<{ status: string; fee_amount: number | null; revenue_currency: string }>(
      "select status, fee_amount, revenue_currency from referrals where id = ?",
      id,
    );
    const rows = await commissionsOf(id);
    const entries = await entriesOf(id);
    const sumOf = (commissionId: number) =>
      entries.filter((e) => e.commission_id === commissionId).reduce((sum, e) => sum + e.amount_minor, 0);
    // Each commission's entries sum to what is still owed on it.
    for (const row of rows) {
      const owed = row.status === "pending" || row.status === "payable" ? row.amount_minor : 0;
      expect(sumOf(row.id), `commission ${row.id} (${row.kind}, ${row.status})`).toBe(owed);
    }
    // One commission stands, exactly when the referral earns one, and it is the fee.
    const standing = rows.filter((r) => r.kind === "commission" && r.superseded_at === null);
    const due = referral!.status === "completed" && referral!.fee_amount ? referral!.fee_amount : null;
    if (due === null) expect(standing).toEqual([]);
    else {
      expect(standing).toHaveLength(1);
      const minor = referral!.revenue_currency === "JPY" ? due / 100 : due;
      expect([standing[0]!.amount_minor, standing[0]!.currency]).toEqual([minor, referral!.revenue_currency]);
    }
  }
  // The connector's balance per currency: the sum of entries equals what is pending and payable.
  const balances = await app.query<{ currency: string; entries: number; open: number }>(
    `select c.currency,
       (select coalesce(sum(e.amount_minor), 0) from commission_entries e where e.connector_id = c.connector_id and e.currency = c.currency) as entries,
       sum(case when c.status in ('pending', 'payable') then c.amount_minor else 0 end) as open
     from commissions c where c.connector_id = ? group by c.currency`,
    connector.connectorId,
  );
  for (const b of balances) expect(b.entries, b.currency).toBe(b.open);
}
