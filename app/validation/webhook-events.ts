import type { WebhookEventType } from "../../db/enums";

export type WebhookEventOption = { value: WebhookEventType; description: string };

/**
 * Every webhook event type, grouped by what it is about, with when it fires in a few words: the
 * subscription checkboxes on /business/api and the catalogue on /api/docs (decision 080). Browser-safe.
 */
export const WEBHOOK_EVENT_GROUPS: ReadonlyArray<{ label: string; events: readonly WebhookEventOption[] }> = [
  {
    label: "Referrals",
    events: [
      { value: "referral.created", description: "A connector refers someone to the business" },
      { value: "referral.consent_changed", description: "The person accepts or declines, or the introduction lapses" },
      { value: "referral.status_changed", description: "A referral's status changes" },
      { value: "referral.updated", description: "Revenue or notes change without a status change" },
      { value: "referral.message_posted", description: "Someone writes in a referral's conversation" },
    ],
  },
  {
    label: "Team",
    events: [
      { value: "team_member.added", description: "Someone is invited to the team" },
      { value: "team_member.invitation_resent", description: "An invitation is sent again" },
      { value: "team_member.joined", description: "Someone accepts an invitation" },
      { value: "team_member.removed", description: "Someone is removed, or an invitation revoked" },
    ],
  },
  {
    label: "Business",
    events: [{ value: "business.updated", description: "The business profile changes" }],
  },
  {
    label: "Money",
    events: [
      { value: "commission.created", description: "A completed referral earns a commission" },
      { value: "commission.payable", description: "A commission's hold period ends" },
      { value: "commission.reversed", description: "A commission no longer stands" },
      { value: "payout.recorded", description: "A payout to a connector is recorded" },
      { value: "payout.requested", description: "A connector requests a payout" },
      { value: "payout.voided", description: "A payout recorded in error is voided" },
    ],
  },
  {
    label: "Disputes",
    events: [
      { value: "dispute.opened", description: "A connector disputes a rejection or a completion's revenue" },
      { value: "dispute.answered", description: "The business accepts or disagrees with a dispute" },
      { value: "dispute.resolved", description: "A platform admin upholds or dismisses a dispute" },
    ],
  },
];

/** The group an event type is listed under. */
export function webhookEventGroupOf(type: string): string | null {
  return WEBHOOK_EVENT_GROUPS.find((g) => g.events.some((e) => e.value === type))?.label ?? null;
}
