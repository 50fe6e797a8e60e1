import { describe, expect, it } from "vitest";
import {
  businessReputationText,
  connectorReputationText,
  decisionTime,
  disputesText,
  payablesOverdueText,
} from "./reputation-format";

describe("reputation in words (decision 061)", () => {
  it.each([
    [0.4, "under an hour"],
    [1.2, "1 hour"],
    [30, "30 hours"],
    [50, "2 days"],
  ])("says a median decision time of %d hours as %j (hours below two days, else days)", (hours, said) => {
    expect(decisionTime(hours)).toBe(said);
  });

  it("shows a rated business's three figures, and New below the threshold", () => {
    const rated = {
      status: "rated",
      referralCount: 12,
      decidedCount: 10,
      medianHoursToDecision: 52,
      acceptedShare: 0.8,
      decidedInTimeShare: 0.9,
      payablesOverdue: 0,
      payoutRequestsOverdue: 0,
      disputesAgainst: 0,
      disputesUpheld: 0,
    } as const;
    expect(businessReputationText(rated)).toBe("Decides in 2 days · 80% accepted · 90% on time");
    expect(
      businessReputationText({
        ...rated,
        status: "new",
        medianHoursToDecision: null,
        acceptedShare: null,
        decidedInTimeShare: null,
      }),
    ).toBe("New");
  });

  it("counts the commissions a business let sit payable for more than 30 days, and says nothing when none", () => {
    expect(payablesOverdueText(0)).toBeNull();
    expect(payablesOverdueText(1)).toBe("1 commission overdue");
    expect(payablesOverdueText(3)).toBe("3 commissions overdue");
  });

  it("shows a connector's completed share, and New below the threshold", () => {
    expect(
      connectorReputationText({ status: "rated", referralCount: 8, completedShare: 0.375, disputesRaised: 0, disputesUpheld: 0 }),
    ).toBe("38% of referrals completed");
    expect(
      connectorReputationText({ status: "new", referralCount: 4, completedShare: null, disputesRaised: 0, disputesUpheld: 0 }),
    ).toBe("New");
  });

  it("counts disputes (issue 38, decision 194), and says nothing when none", () => {
    expect(disputesText(0, 0)).toBeNull();
    expect(disputesText(1, 0)).toBe("1 dispute, none upheld");
    expect(disputesText(3, 2)).toBe("3 disputes, 2 upheld");
  });
});
