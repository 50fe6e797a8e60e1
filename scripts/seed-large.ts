// `npm run db:seed:large -- --referrals 10000 [--businesses 1000] [--connectors 1000] [--hot 10000]`
// Adds a large synthetic data set to the configured database (local D1 by default, PERSIST_TO for
// another directory, LIBSQL_URL for libSQL), generated inside SQLite with recursive CTEs so 100,000
// referrals take seconds. The first `--hot` referrals all go to bench_owner_1's business from
// bench_connector_1, so one business and one connector carry the load. Logins: bench_owner_1,
// bench_connector_1 (password Bench1234). The bench's third size (decision 075):
// `--referrals 1000000 --businesses 100000 --connectors 100000` took 316 s and 479 MB peak RSS on a
// busy 2-core machine and left an 848 MB local D1.
import { sql } from "drizzle-orm";
import { hashPassword } from "../app/utils/password.server";
import { openDatabase } from "./lib/database";

function arg(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
}

const referrals = arg("referrals", 10_000);
const businessCount = Math.max(1, arg("businesses", 1_000));
const connectorCount = Math.max(1, arg("connectors", 1_000));
const hot = Math.min(referrals, arg("hot", Math.min(referrals, 10_000)));
const CHUNK = 20_000;
// Referral ids per ledger insert (see seedLedger).
const LEDGER_CHUNK = 100_000;

const { db, close, where, pepper } = await openDatabase();
const started = Date.now();
try {
  const existing = await db.get<{ n: number }>(sql`select count(*) as n from users where username = 'bench_owner_1'`);
  if ((existing?.n ?? 0) > 0) {
    console.log(`Large data set already present in ${where}; nothing to do.`);
    process.exit(0);
  }
  const hash = await hashPassword("Bench1234", pepper);
  const now = Date.now();
  await db.run(sql`
    with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${businessCount})
    insert into users (username, password_hash, name, email, phone, account_type, is_admin, created_at, updated_at)
    select 'bench_owner_' || n, ${hash}, 'Bench Owner ' || n, 'owner' || n || '@bench.example', '+65 6' || printf('%07d', n), 'business', 0, ${now}, ${now} from seq`);
  await db.run(sql`
    with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${connectorCount})
    insert into users (username, password_hash, name, email, phone, account_type, is_admin, created_at, updated_at)
    select 'bench_connector_' || n, ${hash}, 'Bench Connector ' || n, 'connector' || n || '@bench.example', '+65 9' || printf('%07d', n), 'individual', 0, ${now}, ${now} from seq`);
  const sectors = ["Technology", "Finance", "Legal", "Healthcare", "Energy", "Marketing", "Education", "Logistics"];
  const sectorCase = `case id % ${sectors.length} ${sectors.map((name, i) => `when ${i} then '${name}'`).join(" ")} end`;
  await db.run(
    sql.raw(`
    insert into businesses (user_id, company_name, description, sector, nature, uen, address, website, referral_fee, referral_terms, contact_person, contact_phone, contact_email, account_type, created_at, updated_at)
    select id, 'Bench Company ' || substr(username, 13), 'A synthetic business for load testing the referral marketplace.',
      ${sectorCase},
      'Services', 'BENCH' || printf('%09d', id), '1 Bench Street, Singapore 000001', 'https://bench.example', ((id % 15) + 1) || '%',
      'Paid on completion of the first contract with the referred client.', 'Bench Contact', '+65 61234567', 'contact' || id || '@bench.example', 'company', ${now}, ${now}
    from users where substr(username, 1, 12) = 'bench_owner_'`),
  );
  await db.run(sql`
    insert into connectors (user_id, name, email, phone, created_at, updated_at)
    select id, name, email, phone, ${now}, ${now} from users where substr(username, 1, 16) = 'bench_connector_'`);
  const b0 = await db.get<{ id: number }>(sql`select min(id) as id from businesses where substr(uen, 1, 5) = 'BENCH'`);
  const c0 = await db.get<{ id: number }>(
    sql`select min(c.id) as id from connectors c join users u on u.id = c.user_id where substr(u.username, 1, 16) = 'bench_connector_'`,
  );
  if (!b0?.id || !c0?.id) throw new Error("bench businesses or connectors missing");
  for (let from = 0; from < referrals; from += CHUNK) {
    const to = Math.min(referrals, from + CHUNK) - 1;
    await db.run(sql`
      -- D1 binds every JS number as a REAL: cast, so n is an integer and the fee's division is too.
      with recursive seq(n) as (select cast(${from} as integer) union all select n + 1 from seq where n < ${to})
      insert into referrals (connector_id, business_id, referred_person_name, referred_person_email, referred_person_phone,
        referred_email_key, referred_phone_key, cashback_basis_points, status, revenue_received, revenue_currency, fee_amount,
        consent_status, consent_decided_at, terms_referral_fee, terms_referral_terms, terms_captured_at, first_decided_at,
        created_at, updated_at)
      select
        case when n < ${hot} then ${c0.id} else ${c0.id} + (n * 7) % ${connectorCount} end,
        case when n < ${hot} then ${b0.id} else ${b0.id} + (n * 13) % ${businessCount} end,
        'Person ' || n, 'person' || n || '@bench.example', '+65 8' || printf('%07d', n),
        'person' || n || '@bench.example', '658' || printf('%07d', n),
        500 + (n % 10) * 100,
        case n % 4 when 0 then 'pending' when 1 then 'approved' when 2 then 'completed' else 'rejected' end,
        case when n % 4 = 2 then 100000 + (n % 1000) * 100 end,
        case n % 5 when 0 then 'USD' else 'SGD' end,
        case when n % 4 = 2 then ((100000 + (n % 1000) * 100) * (500 + (n % 10) * 100) + 5000) / 10000 end,
        -- One in ten still awaits the person's answer (issue 16); the rest consented an hour in.
        case when n % 40 = 0 then 'awaiting' else 'given' end,
        case when n % 40 = 0 then null else ${now} - n * 60000 + 3600000 end,
        '10%', 'Ten percent of the first invoice, paid within 30 days of the customer paying it.',
        ${now} - n * 60000,
        case when n % 4 = 0 then null else ${now} - n * 60000 + 86400000 end,
        ${now} - n * 60000, ${now} - n * 60000
      from seq`);
  }
  await db.run(sql`
    insert into activity_logs (action, details, activity_type, user_id, business_id, created_at)
    select 'Referral created', 'Bench referral ' || id, 'referral_created', null, business_id, created_at
    from referrals where id % 10 = 0 and substr(referred_email_key, -14) = '@bench.example'`);
  const ledger = await seedLedger(now);
  console.log(
    `Added ${businessCount} businesses, ${connectorCount} connectors and ${referrals} referrals (${hot} to bench_owner_1 from bench_connector_1), ${ledger.commissions} commissions and ${ledger.payouts} payouts to ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await close();
}

/**
 * The money ledger (issue 17, decision 063) of the completed bench referrals with revenue, as the
 * app writes it: a commission of the fee (SGD and USD: minor units are the stored hundredths) with
 * its `commission` entry. By referral id, a third are paid (one payout per business, connector and
 * currency, with a `payout` entry per commission), a third were payable at once (a 0-day hold), and
 * a third wait out a 30-day hold (pending until it passes, then payable).
 */
async function seedLedger(now: number) {
  const day = 24 * 60 * 60 * 1000;
  const bench = sql.raw(
    "r.status = 'completed' and r.fee_amount > 0 and r.revenue_received is not null and substr(r.referred_email_key, -14) = '@bench.example'",
  );
  // When the referral was completed: its first decision (the seed's referrals are decided a day in).
  const completedAt = sql.raw("coalesce(r.first_decided_at, r.created_at)");
  await db.run(sql`
    insert into payouts (business_id, connector_id, currency, amount_minor, method, reference, paid_at, recorded_by_user_id, created_at)
    select r.business_id, r.connector_id, r.revenue_currency, sum(r.fee_amount), 'bank_transfer', 'BENCH-' || min(r.id),
      max(${completedAt}) + 3600000, null, max(${completedAt}) + 3600000
    from referrals r where ${bench} and r.id % 3 = 0
    group by r.business_id, r.connector_id, r.revenue_currency`);
  // By ranges of referral ids: one statement over a million referrals outlasts what local D1 lets a
  // query run (wrangler 4.164's workerd closed the connection on the first ledger insert).
  const bounds = await db.get<{ lo: number | null; hi: number | null }>(sql`select min(id) as lo, max(id) as hi from referrals`);
  for (let lo = bounds?.lo ?? 1; lo <= (bounds?.hi ?? 0); lo += LEDGER_CHUNK) {
    const hi = lo + LEDGER_CHUNK - 1;
    const inRange = sql`r.id between ${lo} and ${hi}`;
    await db.run(sql`
      insert into commissions (referral_id, connector_id, business_id, kind, status, currency, amount_minor, revenue_minor,
        cashback_basis_points, hold_days, payable_at, payout_id, paid_at, created_at)
      select r.id, r.connector_id, r.business_id, 'commission',
        case when r.id % 3 = 0 then 'paid'
          when r.id % 3 = 1 or ${completedAt} + ${30 * day} <= ${now} then 'payable' else 'pending' end,
        r.revenue_currency, r.fee_amount, r.revenue_received, r.cashback_basis_points,
        case when r.id % 3 = 2 then 30 else 0 end,
        ${completedAt} + case when r.id % 3 = 2 then ${30 * day} else 0 end,
        p.id, p.paid_at, ${completedAt}
      from referrals r
      left join payouts p on r.id % 3 = 0 and p.business_id = r.business_id and p.connector_id = r.connector_id
        and p.currency = r.revenue_currency and substr(p.reference, 1, 6) = 'BENCH-'
      where ${bench} and ${inRange}
      order by r.id`);
    await db.run(sql`
      insert into commission_entries (commission_id, connector_id, business_id, currency, type, amount_minor, payout_id, occurred_at, created_at)
      select c.id, c.connector_id, c.business_id, c.currency, 'commission', c.amount_minor, null, c.created_at, c.created_at
      from commissions c join referrals r on r.id = c.referral_id where ${bench} and ${inRange}
      order by c.id`);
    await db.run(sql`
      insert into commission_entries (commission_id, connector_id, business_id, currency, type, amount_minor, payout_id, occurred_at, created_at)
      select c.id, c.connector_id, c.business_id, c.currency, 'payout', -c.amount_minor, c.payout_id, c.paid_at, c.paid_at
      from commissions c join referrals r on r.id = c.referral_id where ${bench} and ${inRange} and c.status = 'paid'
      order by c.id`);
  }
  const counts = await db.get<{ commissions: number; payouts: number }>(sql`
    select (select count(*) from commissions) as commissions, (select count(*) from payouts) as payouts`);
  return { commissions: counts?.commissions ?? 0, payouts: counts?.payouts ?? 0 };
}
