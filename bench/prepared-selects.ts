/**
 * What a prepared select (decisions 034, 042) saves per call against the same select written as plain
 * Drizzle, on the Node and Drizzle the project runs (issue 34 asks to re-measure each speed mechanism).
 * Both run the same SQL on the same SQLite (libSQL, in memory), so the difference is Drizzle's building
 * and row mapping. Run: `npx tsx bench/prepared-selects.ts [calls]`. Timings in CPU µs per call.
 */
import { desc, eq } from "drizzle-orm";
import { referralQuery } from "../app/domain/referrals/dto.server";
import { referralPageQuery } from "../app/domain/referrals/list.server";
import { referrals } from "../db/schema";
import { createTestDb, insertReferralParties } from "../tests/unit-helpers/db";

const calls = Number(process.argv[2] ?? 3000);
const PAGE = 25;

const t = await createTestDb();
const { business, connector } = await insertReferralParties(t.db);
for (let i = 1; i < PAGE; i++) {
  await t.db.insert(referrals).values({
    connectorId: connector.id,
    businessId: business.id,
    referredPersonName: `Person ${i}`,
    referredPersonEmail: `p${i}@example.com`,
    referredPersonPhone: "+65 9000 0002",
    referredEmailKey: `p${i}@example.com`,
    referredPhoneKey: "6590000002",
    cashbackBasisPoints: 500,
    termsReferralFee: "5%",
    termsReferralTerms: "Paid within 30 days of the first invoice.",
    termsCapturedAt: new Date(),
  });
}

/**
 * Warm median of five rounds of `calls` sequential calls, in µs of this process's CPU per call (CPU
 * rather than wall time, so other work on the machine does not count).
 */
async function time(fn: () => PromiseLike<unknown> | unknown) {
  for (let i = 0; i < 200; i++) await fn();
  const rounds: number[] = [];
  for (let r = 0; r < 5; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < calls; i++) await fn();
    const used = process.cpuUsage(start);
    rounds.push((used.user + used.system) / calls);
  }
  rounds.sort((a, b) => a - b);
  return rounds[2]!;
}

const scope = { businessId: business.id };
const plain = () =>
  referralQuery(t.db)
    .where(eq(referrals.businessId, business.id))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(PAGE)
    .offset(0);
const prepared = () => referralPageQuery(t.db, scope, { limit: PAGE, offset: 0 });

const [a, b] = [await plain(), await prepared()];
if (a.length !== PAGE || b.length !== PAGE) throw new Error(`expected ${PAGE} rows, got ${a.length} and ${b.length}`);

const rows = {
  "build only: plain Drizzle (toSQL)": await time(() => plain().toSQL()),
  "build only: prepared (bind)": await time(() => prepared().getQuery()),
  [`build, run, map ${PAGE} rows: plain Drizzle`]: await time(() => plain()),
  [`build, run, map ${PAGE} rows: prepared`]: await time(() => prepared()),
};
console.log(`Node ${process.version}, ${calls} calls per round, warm median of 5 rounds (CPU µs per call)`);
for (const [name, us] of Object.entries(rows)) console.log(`${name.padEnd(44)} ${us.toFixed(1)}`);
t.dispose();
