import { describe, expect, it } from "vitest";
import {
  business,
  clientOf,
  expectedProgress,
  HANDS,
  lifecycleWalk,
  moveOf,
  PROGRESS,
  planted,
  progressBody,
  seated,
  seatedTemplate,
  standing,
  walkMoves,
} from "./helpers/lifecycle-walk";

// Issue 33: the referral lifecycle, walked exhaustively through the API. Every state (status ×
// consent × rejection reason) meets every hand (the connector, each seat, the business's key, the
// connector holding a seat, a platform admin, the link holder, the scheduled job) and every move it
// could try; each answer and the row after it must be what docs/ARCHITECTURE.md's table says. The
// oracle is that table written out again on purpose (helpers/lifecycle-walk.ts).

lifecycleWalk();

describe("the business's moves: every state × hand × move through PATCH /api/referrals/{id}", () => {
  for (const hand of HANDS) {
    it(`${hand}: answers and writes what the table says`, { timeout: 180_000 }, async () => {
      const walked = await walkMoves(hand, PROGRESS, ({ state, move, id }) =>
        clientOf(hand).patch(`/api/referrals/${id}`, progressBody(state, move)),
      );
      const mismatches: string[] = [];
      for (const { state, move, was, now, got, what } of walked) {
        const want = expectedProgress(state, hand, moveOf(state, move));
        if (got.status !== want.http) mismatches.push(`${what}: HTTP ${got.status} (${got.message}), want ${want.http}`);
        else if (now.status !== want.status) mismatches.push(`${what}: status ${now.status}, want ${want.status}`);
        else if (want.http !== 200) {
          if (typeof got.message !== "string" || got.message.length === 0) mismatches.push(`${what}: no message`);
          if (now.updated_at !== was.updated_at || now.history !== was.history)
            mismatches.push(`${what}: a refusal wrote to the referral or its history`);
        } else {
          if (now.history !== was.history + 1) mismatches.push(`${what}: no history row`);
          const earns = want.status === "completed" ? 1 : 0;
          if (now.standing !== earns) mismatches.push(`${what}: standing commissions ${now.standing}, want ${earns}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  it("says why: the texts of the refusals", async () => {
    const awaiting = await planted({ status: "pending", consent: "awaiting", reason: null, confirmation: "confirmed" });
    const res = await business.client.patch(`/api/referrals/${awaiting}`, { status: "completed", revenueReceived: 100 });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: "The referred person has not agreed to be introduced yet: it can be approved or completed once they accept",
    });
    const declined = await planted({
      status: "rejected",
      consent: "declined",
      reason: "person_declined",
      confirmation: "confirmed",
    });
    const again = await business.client.patch(`/api/referrals/${declined}`, { status: "pending", statusNotes: "Try again" });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "The referred person declined or did not answer: this referral is closed" });
    // The seated connector decides on others' referrals like any admin, never on their own.
    const others = await planted({ status: "pending", consent: "given", reason: null, confirmation: "confirmed" });
    expect((await seated.client.patch(`/api/referrals/${others}`, { status: "approved" })).status).toBe(200);
    const ownReferral = await planted(
      { status: "pending", consent: "given", reason: null, confirmation: "confirmed" },
      seatedTemplate,
    );
    const self = await seated.client.patch(`/api/referrals/${ownReferral}`, {
      status: "completed",
      revenueReceived: 1_000_000_000,
    });
    expect(self.status).toBe(403);
    expect(await self.json()).toEqual({
      message: "You cannot act on a referral you made: another member of the business must decide on it",
    });
    expect(await standing(ownReferral)).toBe(0);
  });
});
