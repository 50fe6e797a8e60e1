import type { WebhookEventType } from "../../../db/enums";

const KINDS: Record<string, string> = {
  referral: "Referral",
  commission: "Commission",
  payout: "Payout",
  team_member: "Team member",
  business: "Business",
  dispute: "Dispute",
};

/**
 * What an event is about, for people reading the events screen: "Referral #41". The data's `id` is
 * its own object's, except a message's, which is shown by the referral it belongs to (decision 080).
 */
export function eventSubject(type: WebhookEventType, data: { id?: unknown; referralId?: unknown } | undefined): string | null {
  const [noun] = type.split(".");
  const id = type === "referral.message_posted" ? data?.referralId : data?.id;
  if (typeof id !== "number" || !noun) return null;
  return `${KINDS[noun] ?? noun} #${id}`;
}
