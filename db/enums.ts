/**
 * The enumerations of the schema, in a module without Drizzle so that browser code (validation,
 * screens) can import them without pulling the ORM into the client bundle.
 */
export const ACCOUNT_TYPES = ["individual", "business"] as const;
export const BUSINESS_ACCOUNT_TYPES = ["company", "freelancer"] as const;
export const REFERRAL_STATUSES = ["pending", "approved", "completed", "rejected"] as const;
export const CURRENCIES = ["SGD", "USD", "EUR", "GBP", "AUD", "JPY", "CNY", "HKD", "MYR", "IDR"] as const;
export const TEAM_ROLES = ["admin", "member"] as const;
/** How a business states its referral fee (issue 33): a percentage of the revenue, or a flat amount in a currency. */
export const FEE_KINDS = ["percentage", "flat"] as const;
/**
 * A connector's cashback that differs from the business's percentage fee is a proposal (issue 33):
 * open until the business accepts or declines it; only an accepted one changes what the referral earns.
 */
export const CASHBACK_PROPOSAL_STATUSES = ["proposed", "accepted", "declined"] as const;
export const CASHBACK_PROPOSAL_ANSWERS = ["accept", "decline"] as const;
export const ACTIVITY_TYPES = [
  "user_signup",
  "business_registered",
  "referral_created",
  "referral_completed",
  "payment_processed",
  "team_member_added",
  "referral_approved",
  "referral_rejected",
  "business_updated",
  "team_member_removed",
  // Admin actions (not in the SPEC's list): every one is logged with the admin's id.
  "user_suspended",
  "user_reinstated",
  "referral_reminder",
  // Issue 38 part 2: a connector asked a business to pay what it owes them.
  "payout_requested",
  // A payout recorded in error, voided (issue 38 part 4, decision 187).
  "payment_voided",
] as const;
/** What an API key may do (SPEC issue 6). A business key may hold any; a personal key only referral scopes. */
export const API_SCOPES = [
  "referrals:read",
  "referrals:write",
  "team:read",
  // The money ledger (issue 17): read commissions and payouts; record payouts (a business key only).
  "commissions:read",
  "payouts:write",
] as const;
export const WEBHOOK_EVENT_TYPES = [
  "referral.created",
  "referral.status_changed",
  "referral.consent_changed",
  "team_member.added",
  "team_member.removed",
  // The money ledger (issue 17).
  "commission.created",
  "commission.payable",
  "commission.reversed",
  "payout.recorded",
  // Issue 38 part 2 (decision 191): a connector asks to be paid.
  "payout.requested",
  // Issue 38 part 4 (decision 187): a payout recorded in error, voided within 7 days.
  "payout.voided",
  // Every state change is an event (issue 19, decision 080).
  "referral.updated",
  "referral.message_posted",
  "team_member.invitation_resent",
  "team_member.joined",
  "business.updated",
  // A connector's dispute of a rejection or a completion (issue 38, part 5; decision 194).
  "dispute.opened",
  "dispute.answered",
  "dispute.resolved",
] as const;
/**
 * The payload version of each event type (decision 080): the envelope's `version`. Adding a field is
 * not a new version; removing, renaming or retyping one, or changing when the event fires, is.
 */
export const WEBHOOK_EVENT_VERSIONS: { readonly [T in WebhookStoredEventType]: number } = {
  "referral.created": 1,
  "referral.status_changed": 1,
  "referral.consent_changed": 1,
  "referral.updated": 1,
  "referral.message_posted": 1,
  "team_member.added": 1,
  "team_member.removed": 1,
  "team_member.invitation_resent": 1,
  "team_member.joined": 1,
  "business.updated": 1,
  "commission.created": 1,
  "commission.payable": 1,
  "commission.reversed": 1,
  "payout.recorded": 1,
  "payout.requested": 1,
  "dispute.opened": 1,
  "dispute.answered": 1,
  "dispute.resolved": 1,
  "payout.voided": 1,
  // The test event (decision 079).
  ping: 1,
};
/** The fields a progress update changes besides the status, as referral.updated's changedFields names them. */
export const REFERRAL_UPDATED_FIELDS = [
  "revenueReceived",
  "revenueCurrency",
  "statusNotes",
  "feeAmount",
  "rejectionReason",
  // A business's registration confirmed by its connector (decision 128).
  "connectorConfirmation",
] as const;
/** The profile fields a business edits, as business.updated's changedFields names them. */
export const BUSINESS_PROFILE_FIELDS = [
  "companyName",
  "description",
  "sector",
  "nature",
  "uen",
  "address",
  "website",
  "referralFee",
  "referralTerms",
  "contactPerson",
  "contactPhone",
  "contactEmail",
  "accountType",
  "responseWindowDays",
  "holdDays",
] as const;
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
/**
 * The test event "Send test event" delivers (issue 19, decision 079). Not in WEBHOOK_EVENT_TYPES: no
 * endpoint subscribes to it and the event feed never lists it; it goes to the one endpoint tested.
 */
export const WEBHOOK_PING_TYPE = "ping";
/** Every type a stored event (webhook_events.type) may have. */
export const WEBHOOK_STORED_EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, WEBHOOK_PING_TYPE] as const;
/**
 * Why a delivery exists (decision 079): an event its endpoint subscribes to, a test event, or an event
 * redelivered to the endpoint by hand. Derived, not stored (see toDeliveryDto).
 */
export const WEBHOOK_DELIVERY_TRIGGERS = ["event", "test", "redelivery"] as const;
/**
 * How an endpoint's deliveries are signed (issue 19, decision 077): Standard Webhooks, or the
 * `t=…,v1=<hex>` scheme every endpoint used before it (kept for those until their owners switch).
 */
export const WEBHOOK_SIGNATURE_SCHEMES = ["standard", "legacy"] as const;
/**
 * Mail the outbox carries. NOTIFICATION_MAIL_KINDS are notification mail each person may turn off in
 * Settings (and by one-click unsubscribe); the rest are transactional and always sent.
 */
export const NOTIFICATION_MAIL_KINDS = [
  "referral_received",
  "referral_updated",
  "referral_reminder",
  // Issue 16: the referred person's answer (or its lapse), a new message in a referral's thread,
  // and a referral whose review window has passed.
  "referral_consent",
  "referral_message",
  "referral_review_due",
  // Issue 38 (decision 201): a dispute opened, answered or decided, to the side that did not act.
  "referral_dispute",
] as const;
export const MAIL_KINDS = [
  ...NOTIFICATION_MAIL_KINDS,
  // To the referred person (no account): the introduction and its consent link (issue 16).
  "introduction",
  // To a corrected address the person gave when accepting: its confirmation link (issue 33, decision 123).
  "introduction_email_confirm",
  "verify_email",
  "email_changed",
  "password_reset",
  "team_invitation",
  // To the connector when a business records a payout to them (issue 17): a receipt, always sent.
  "payout_recorded",
  // To the connector when a payout method of theirs is added, changed, made default or removed (issue 38).
  "payout_method_changed",
  // To the business's owner and team admins when a connector requests a payout (issue 38): always sent.
  "payout_requested",
  // To the connector when the business voids a payout to them (issue 38, decision 187): always sent.
  "payout_voided",
] as const;
/**
 * Whether the referred person agreed to be introduced (issue 16), a dimension of its own beside the
 * SPEC's four statuses: asked at creation, answered on /intro/{token}, lapsed after 14 days.
 */
export const CONSENT_STATUSES = ["awaiting", "given", "declined", "expired", "cancelled"] as const;
/** Why a business rejected a referral (issue 16); "other" needs a note. */
export const BUSINESS_REJECTION_REASONS = ["not_a_fit", "already_a_customer", "could_not_reach", "duplicate", "other"] as const;
/**
 * Why the lifecycle itself closed a referral (issue 33): the person declined or withdrew, nobody
 * answered, the connector withdrew it, or the connector never confirmed a business-registered one.
 */
export const LIFECYCLE_REJECTION_REASONS = ["person_declined", "no_answer", "withdrawn", "not_confirmed"] as const;
export const REJECTION_REASONS = [...BUSINESS_REJECTION_REASONS, ...LIFECYCLE_REJECTION_REASONS] as const;
/**
 * Who registered a referral (issue 33, part 5; decision 128): its connector, or the business (a
 * business key) for a connector who introduced the person offline, which that connector must confirm,
 * or the person themself through the connector's personal link (issue 37, decision 180).
 */
export const REFERRAL_REGISTRANTS = ["connector", "business", "person"] as const;
/** Whether the connector a referral credits has made or confirmed it (as referral-lifecycle.ts CONFIRMATIONS). */
export const REFERRAL_CONFIRMATIONS = ["confirmed", "awaiting"] as const;
/**
 * A connector's dispute (issue 38, part 5; decision 194): of a rejection or of a completion's revenue,
 * why, and where it stands. Open until the business answers (accepts: settled as upheld; disagrees)
 * or its response window passes; then a platform admin upholds or dismisses it.
 */
export const DISPUTE_SUBJECTS = ["rejection", "completion"] as const;
export const DISPUTE_REASONS = ["customer_signed", "revenue_understated", "wrong_rejection_reason", "other"] as const;
export const DISPUTE_STATUSES = ["open", "business_accepted", "business_disagreed", "upheld", "dismissed"] as const;
export type DisputeSubject = (typeof DISPUTE_SUBJECTS)[number];
export type DisputeReason = (typeof DISPUTE_REASONS)[number];
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
/** Who wrote a message in a referral's thread. */
export const MESSAGE_SIDES = ["connector", "business"] as const;
/**
 * The money ledger (issue 17). A commission is pending through its business's hold period, then
 * payable, then paid by a payout; an unpaid one that no longer stands is reversed. A paid one that no
 * longer stands keeps its status and gets an adjustment: a commission of kind "adjustment" with a
 * negative amount, payable at once, which the next payout nets off.
 */
export const COMMISSION_STATUSES = ["pending", "payable", "paid", "reversed"] as const;
export const COMMISSION_KINDS = ["commission", "adjustment"] as const;
/** Why a commission stopped standing: its referral left completed, or its revenue (or currency) changed. */
export const COMMISSION_REVERSAL_REASONS = ["left_completed", "revenue_changed"] as const;
/**
 * The ledger's append-only entries; every balance is a sum of them. A commission accrues (+), a
 * reversal takes it back (-), an adjustment claws back a paid one (-), and a payout settles what it
 * pays (- for a commission, + for an adjustment it nets off); a voided payout's entries reverse its
 * payout entries (decision 187).
 */
export const LEDGER_ENTRY_TYPES = ["commission", "reversal", "adjustment", "payout", "payout_voided"] as const;
export const PAYOUT_METHODS = ["bank_transfer", "paynow", "paypal", "wise", "cheque", "cash", "other"] as const;
export const MAIL_STATUSES = ["pending", "sent", "skipped", "failed"] as const;
export const AUTH_TOKEN_PURPOSES = ["verify_email", "password_reset"] as const;
export type NotificationMailKind = (typeof NOTIFICATION_MAIL_KINDS)[number];
export type MailKind = (typeof MAIL_KINDS)[number];
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[number];
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];
export type RejectionReason = (typeof REJECTION_REASONS)[number];
export type MessageSide = (typeof MESSAGE_SIDES)[number];
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
export type Currency = (typeof CURRENCIES)[number];
export type FeeKind = (typeof FEE_KINDS)[number];
export type CashbackProposalStatus = (typeof CASHBACK_PROPOSAL_STATUSES)[number];
export type CashbackProposalAnswer = (typeof CASHBACK_PROPOSAL_ANSWERS)[number];
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export type ApiScope = (typeof API_SCOPES)[number];
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];
export type CommissionKind = (typeof COMMISSION_KINDS)[number];
export type CommissionReversalReason = (typeof COMMISSION_REVERSAL_REASONS)[number];
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export type WebhookStoredEventType = (typeof WEBHOOK_STORED_EVENT_TYPES)[number];
export type WebhookDeliveryTrigger = (typeof WEBHOOK_DELIVERY_TRIGGERS)[number];
export type WebhookSignatureScheme = (typeof WEBHOOK_SIGNATURE_SCHEMES)[number];
