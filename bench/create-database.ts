/**
 * How long `createDatabase` takes per request with and without Drizzle's relational schema
 * (issue 13). Run: `npx tsx bench/create-database.ts [calls]`. Timings in µs per call.
 */
import { drizzle as drizzleD1 } from "drizzle-orm/d1";
import { createDatabase } from "../app/utils/db.server";
import * as schema from "../db/schema";

const DB = {
  prepare() {},
  batch() {},
  exec() {},
  dump() {},
  withSession() {
    return DB;
  },
} as unknown as D1Database;
const n = Number(process.argv[2] ?? 20000);

function time(label: string, fn: () => unknown) {
  const first = process.hrtime.bigint();
  fn();
  const cold = Number(process.hrtime.bigint() - first) / 1000;
  const start = process.hrtime.bigint();
  for (let i = 0; i < 99; i++) fn();
  const early = Number(process.hrtime.bigint() - start) / 1000 / 99;
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) fn();
    runs.push(Number(process.hrtime.bigint() - t0) / 1000 / n);
  }
  runs.sort((a, b) => a - b);
  console.log(
    `${label}  first ${cold.toFixed(1)}  next 99 ${early.toFixed(1)}  warm median ${runs[2]?.toFixed(2)} (min ${runs[0]?.toFixed(2)}, max ${runs[4]?.toFixed(2)})`,
  );
}

const which = process.argv[3] ?? "all";
if (which === "all" || which === "schema") time("drizzleD1(DB, { schema })", () => drizzleD1(DB, { schema }));
if (which === "all" || which === "plain") time("drizzleD1(DB)            ", () => drizzleD1(DB));
if (which === "all" || which === "create") time("createDatabase({ DB })   ", () => createDatabase({ DB } as CloudflareEnv));
