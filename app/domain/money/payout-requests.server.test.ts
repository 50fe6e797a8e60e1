import { describe, expect, it } from "vitest";
import { dueDateOf, minimumOf, requestable, stateOf } from "./payout-requests.server";

describe("payout requests (issue 38 part 2, decision 191)", () => {
  it("a balance may be requested above zero and at least the minimum; 0 or absent is no minimum", () => {
    expect(minimumOf({ SGD: 5000 }, "SGD")).toBe(5000);
    expect(minimumOf({ SGD: 5000 }, "USD")).toBe(0);
    expect(minimumOf({}, "SGD")).toBe(0);
    expect(requestable(5000, 5000)).toBe(true);
    expect(requestable(4999, 5000)).toBe(false);
    expect(requestable(1, 0)).toBe(true);
    expect(requestable(0, 0)).toBe(false);
    expect(requestable(-100, 0)).toBe(false);
  });

  it("is due the payout terms after it is asked, overdue once past that unpaid, paid once a payout settles it", () => {
    const asked = new Date("2026-11-28T05:00:00.000Z");
    const due = dueDateOf(asked, 14);
    expect(due.toISOString()).toBe("2026-12-12T05:00:00.000Z");
    expect(stateOf({ payoutId: null, dueAt: due }, due.getTime() - 1)).toBe("open");
    expect(stateOf({ payoutId: null, dueAt: due }, due.getTime() + 1)).toBe("overdue");
    expect(stateOf({ payoutId: 3, dueAt: due }, due.getTime() + 1)).toBe("paid");
  });
});
