import { describe, expect, it } from "vitest";
import {
  CONNECTOR_MOVES,
  type ConnectorMove,
  clientOf,
  expectedConnectorMove,
  HANDS,
  type Hand,
  lifecycleWalk,
  walkMoves,
} from "./helpers/lifecycle-walk";

// Issue 33: the referral lifecycle, walked exhaustively through the API. Every state (status ×
// consent × rejection reason) meets every hand (the connector, each seat, the business's key, the
// connector holding a seat, a platform admin, the link holder, the scheduled job) and every move it
// could try; each answer and the row after it must be what docs/ARCHITECTURE.md's table says. The
// oracle is that table written out again on purpose (helpers/lifecycle-walk.ts).

lifecycleWalk();

describe("the connector's moves: every state × hand × move through their endpoints", () => {
  const request = (hand: Hand, id: number, move: ConnectorMove, n: number) => {
    const c = clientOf(hand);
    switch (move) {
      case "confirm":
      case "disown":
        return c.post(`/api/referrals/${id}/confirmation`, { decision: move });
      case "correct":
        // Both, unique: every clone shares the template's phone, which would be a duplicate.
        return c.post(`/api/referrals/${id}/correction`, {
          referredPersonEmail: `corrected_${n}_${id}@example.org`,
          referredPersonPhone: `+65 7${String(id).padStart(7, "0")}`,
        });
      default:
        return c.post(`/api/referrals/${id}/${move}`);
    }
  };
  for (const hand of HANDS) {
    it(`${hand}: answers and writes what the table says`, { timeout: 180_000 }, async () => {
      const walked = await walkMoves(hand, CONNECTOR_MOVES, ({ move, id, n }) => request(hand, id, move, n));
      const mismatches: string[] = [];
      for (const { state, move, was, now, got, what } of walked) {
        const want = expectedConnectorMove(state, hand, move);
        const consent = now.consent_status === "awaiting" && state.consent === "expired" ? "expired" : now.consent_status;
        if (got.status !== want.http) mismatches.push(`${what}: HTTP ${got.status} (${got.message}), want ${want.http}`);
        else if (now.status !== want.status || now.rejection_reason !== want.reason || consent !== want.consent)
          mismatches.push(
            `${what}: ${now.status}/${now.rejection_reason}/${consent}, want ${want.status}/${want.reason}/${want.consent}`,
          );
        else if (want.http !== 200 && (now.updated_at !== was.updated_at || now.history !== was.history))
          mismatches.push(`${what}: a refusal wrote to the referral or its history`);
        else if (want.http === 200 && move === "confirm" && now.connector_confirmation !== "confirmed")
          mismatches.push(`${what}: still ${now.connector_confirmation}`);
        else if (want.http === 200 && (move === "withdraw" || move === "disown") && now.email !== null)
          mismatches.push(`${what}: the details were not erased`);
      }
      expect(mismatches).toEqual([]);
    });
  }
});
