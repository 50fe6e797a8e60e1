import { describe, expect, test } from "vitest";
import { WEBHOOK_EVENT_TYPES } from "../../db/enums";
import { WEBHOOK_EVENT_GROUPS, webhookEventGroupOf } from "./webhook-events";

describe("the webhook event groups", () => {
  test("list every event type exactly once, so a new type cannot be missing from the subscription form", () => {
    const listed = WEBHOOK_EVENT_GROUPS.flatMap((g) => g.events.map((e) => e.value));
    expect(listed).toHaveLength(new Set(listed).size);
    expect([...listed].sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
  });

  test("name each type's group by its noun", () => {
    expect(webhookEventGroupOf("referral.message_posted")).toBe("Referrals");
    expect(webhookEventGroupOf("team_member.joined")).toBe("Team");
    expect(webhookEventGroupOf("business.updated")).toBe("Business");
    expect(webhookEventGroupOf("payout.recorded")).toBe("Money");
    expect(webhookEventGroupOf("ping")).toBeNull();
  });
});
