import { describe, expect, test } from "vitest";
import { eventSubject } from "./event-subject";

describe("eventSubject: what an event on /business/api/events is about", () => {
  test("names the kind of thing with its id", () => {
    expect(eventSubject("referral.created", { id: 41 })).toBe("Referral #41");
    expect(eventSubject("commission.payable", { id: 3, referralId: 41 })).toBe("Commission #3");
    expect(eventSubject("payout.recorded", { id: 2 })).toBe("Payout #2");
    expect(eventSubject("team_member.joined", { id: 5 })).toBe("Team member #5");
    expect(eventSubject("business.updated", { id: 1 })).toBe("Business #1");
  });

  test("a message is about its referral, not its own id", () => {
    expect(eventSubject("referral.message_posted", { id: 900, referralId: 41 })).toBe("Referral #41");
  });

  test("no id, no subject", () => {
    expect(eventSubject("referral.created", {})).toBeNull();
    expect(eventSubject("referral.created", undefined)).toBeNull();
  });
});
