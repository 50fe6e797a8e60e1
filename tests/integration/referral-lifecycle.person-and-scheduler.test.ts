import { describe, expect, it } from "vitest";
import { client } from "./helpers/app";
import { introToken } from "./helpers/introductions";
import { expectedAccept, expectedConsentEnd, label, lifecycleWalk, plantMany, rowsOf, STATES } from "./helpers/lifecycle-walk";

// Issue 33: the referral lifecycle, walked exhaustively through the API. Every state (status ×
// consent × rejection reason) meets every hand (the connector, each seat, the business's key, the
// connector holding a seat, a platform admin, the link holder, the scheduled job) and every move it
// could try; each answer and the row after it must be what docs/ARCHITECTURE.md's table says. The
// oracle is that table written out again on purpose (helpers/lifecycle-walk.ts).

const app = lifecycleWalk();

describe("the person's answers: every state through POST /api/intros/{token}", () => {
  it("accept and decline answer and write what the table says", { timeout: 180_000 }, async () => {
    const cases = STATES.flatMap((state) => (["accept", "decline"] as const).map((decision) => ({ state, decision })));
    const ids = await plantMany(cases.map((c) => c.state));
    const answers: number[] = [];
    for (const [n, { decision }] of cases.entries()) {
      const token = await introToken(app, ids[n] ?? 0);
      answers.push((await client(app).post(`/api/intros/${token}`, { decision })).status);
    }
    const after = await rowsOf(ids);
    const mismatches: string[] = [];
    for (const [n, { state, decision }] of cases.entries()) {
      const now = after.get(ids[n] ?? 0);
      if (!now) throw new Error("a referral vanished");
      const status = answers[n];
      const what = `${label(state)} ${decision}`;
      if (decision === "accept") {
        const want = expectedAccept(state);
        if (status !== want) mismatches.push(`${what}: HTTP ${status}, want ${want}`);
        if (want === 200 && now.consent_status !== "given") mismatches.push(`${what}: consent ${now.consent_status}`);
        if (want !== 200 && now.status !== state.status) mismatches.push(`${what}: status moved to ${now.status}`);
        continue;
      }
      const want = expectedConsentEnd(state, "decline");
      if (status !== want.http) mismatches.push(`${what}: HTTP ${status}, want ${want.http}`);
      else if (now.status !== want.status || now.rejection_reason !== want.reason)
        mismatches.push(`${what}: ${now.status}/${now.rejection_reason}, want ${want.status}/${want.reason}`);
      else if (want.http === 200 && (now.email !== null || now.consent_status !== "declined"))
        mismatches.push(`${what}: not erased (${now.consent_status})`);
      if (want.http === 200 && want.status === "rejected" && now.standing !== 0)
        mismatches.push(`${what}: a commission still stands`);
    }
    expect(mismatches).toEqual([]);
  });
});

describe("the scheduled job's lapse: every state", () => {
  it("lapses what is due, closes what is open, keeps what is decided", { timeout: 120_000 }, async () => {
    const ids = await plantMany(STATES);
    // The sweep takes a bounded number per run: run it until nothing is left to lapse.
    const due = async () =>
      (
        await app.query<{ n: number }>(
          "select count(*) as n from referrals where consent_status = 'awaiting' and consent_expires_at <= ?",
          Date.now(),
        )
      )[0]?.n ?? 0;
    for (let run = 0; run < 100 && (await due()) > 0; run += 1) await app.scheduled();
    expect(await due()).toBe(0);
    const mismatches: string[] = [];
    const rows = await rowsOf(ids);
    for (const [n, state] of STATES.entries()) {
      const after = rows.get(ids[n] ?? 0);
      if (!after) throw new Error("a referral vanished");
      const want = expectedConsentEnd(state, "lapse");
      if (want.http !== 200) {
        if (after.status !== state.status || after.rejection_reason !== state.reason)
          mismatches.push(`${label(state)}: moved to ${after.status}/${after.rejection_reason}`);
        continue;
      }
      if (after.status !== want.status || after.rejection_reason !== want.reason || after.consent_status !== "expired")
        mismatches.push(
          `${label(state)}: ${after.status}/${after.rejection_reason}/${after.consent_status}, want ${want.status}/${want.reason}/expired`,
        );
    }
    expect(mismatches).toEqual([]);
  });
});
