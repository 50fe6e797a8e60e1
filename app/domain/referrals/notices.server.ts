import type { Currency, ReferralStatus } from "../../../db/schema";
import { formatAmount } from "../../utils/money";
import type { ActivityEntry } from "../effects/activity.server";

// The words of a referral's life, apart from the workflows that decide when they are said, so a
// change of wording does not touch the batches in referrals.server.ts.

const STATUS_ACTIVITY = {
  approved: { type: "referral_approved", action: "Referral approved" },
  rejected: { type: "referral_rejected", action: "Referral rejected" },
  completed: { type: "referral_completed", action: "Referral completed" },
} as const;

const STATUS_LABEL: Record<ReferralStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  completed: "Completed",
  rejected: "Rejected",
};

type ActivityText = Pick<ActivityEntry, "action" | "details" | "activityType">;

export function referralCreatedActivity(connectorName: string, referredPersonName: string, businessName: string): ActivityText {
  return {
    action: "Referral created",
    details: `${connectorName} referred ${referredPersonName} to ${businessName}`,
    activityType: "referral_created",
  };
}

/** The business team's notification of a new referral (their mail says the same in its own words). */
export function referralReceivedNotice(connectorName: string, referredPersonName: string, businessName: string) {
  return {
    title: `New referral: ${referredPersonName}`,
    body: `${connectorName} referred ${referredPersonName} to ${businessName}.`,
  };
}

/** A move back to pending is not logged: only the business's decisions are. */
export function statusChangeActivity(
  status: keyof typeof STATUS_ACTIVITY,
  referredPersonName: string,
  connectorName: string,
): ActivityText {
  const activity = STATUS_ACTIVITY[status];
  return {
    action: activity.action,
    details: `${referredPersonName} (referred by ${connectorName}) is now ${STATUS_LABEL[status]}`,
    activityType: activity.type,
  };
}

/** The connector's notification of a progress update; their email has the same subject and body. */
export function progressNotice(update: {
  businessName: string;
  referredPersonName: string;
  from: ReferralStatus;
  to: ReferralStatus;
  /** In hundredths, as stored. */
  fee: number | null;
  currency: Currency;
  note: string | null;
  /** "Reason: Not a fit" when the referral was rejected (issue 16). */
  reason?: string | null;
}) {
  const { businessName, referredPersonName, from, to, fee, currency, note, reason } = update;
  const title =
    to === from
      ? `${businessName} updated your referral of ${referredPersonName}`
      : `Your referral of ${referredPersonName} is now ${STATUS_LABEL[to]}`;
  const body = [
    `${businessName}: ${STATUS_LABEL[from]} → ${STATUS_LABEL[to]}`,
    fee !== null ? `Fee: ${currency} ${formatAmount(fee)}` : null,
    reason ?? null,
    note ? `Note: ${note}` : null,
  ]
    .filter(Boolean)
    .join(". ");
  return { title, body };
}

/** What a consent change tells the connector and the business's team (in the app and by mail). */
export function consentNotices(
  change: "given" | "declined" | "withdrawn" | "expired",
  name: string,
  businessName: string,
  /** The change closed the referral (issue 33): it was not completed, and now never will be. */
  closed = false,
) {
  const closing = closed ? " The referral is closed." : "";
  switch (change) {
    case "given":
      return {
        connector: {
          title: `${name} accepted your introduction`,
          body: `${name} agreed to be introduced to ${businessName}. The business can now see their email and phone.`,
        },
        business: {
          title: `${name} accepted the introduction`,
          body: `${name} agreed to be introduced to ${businessName}. Their email and phone are now on the referral.`,
        },
      };
    case "declined":
    case "withdrawn": {
      const verb = change === "declined" ? "declined" : "withdrew their consent to";
      const body = `${name} ${verb} the introduction to ${businessName}. Their email and phone have been erased.${closing}`;
      return {
        connector: { title: `${name} ${change === "declined" ? "declined" : "withdrew from"} your introduction`, body },
        business: { title: `${name} ${change === "declined" ? "declined" : "withdrew from"} the introduction`, body },
      };
    }
    case "expired": {
      const body = `${name} did not answer the introduction to ${businessName} within 14 days. Their email and phone have been erased.${closing}`;
      return {
        connector: { title: `${name} did not answer your introduction`, body },
        business: { title: `The introduction of ${name} lapsed`, body },
      };
    }
  }
}
