import { sql } from "drizzle-orm";
import { mailInsert } from "../app/domain/effects/mail-outbox.server";
import { earningColumnsOf, feeAmountOf } from "../app/domain/money/commission";
import type { Database } from "../app/utils/db.server";
import { hashPassword, type Pepper } from "../app/utils/password.server";
import { feeColumnsOf, parseReferralFee } from "../app/utils/referral-fee";
import {
  type ActivityType,
  activityLogs,
  businesses,
  type Currency,
  connectors,
  type ReferralStatus,
  referralStatusChanges,
  referrals,
  teamMembers,
  users,
} from "../db/schema";
import { BUSINESSES, CONNECTOR_USERS, CURRENCY_OF, DAY, DEMO_ACCOUNTS, PEOPLE, REFERRED, STATUSES } from "./seed-data";
import { seedIntroductions } from "./seed-introductions";
import { seedLedger } from "./seed-ledger";
import { seedPayoutMethods } from "./seed-payout-methods";

/** Fills an empty database with the demo accounts and enough data for every screen. Idempotent. */
export async function seed(
  db: Database,
  secrets: { pepper: Pepper; sessionSecret: string | null },
  log: (line: string) => void = console.log,
): Promise<boolean> {
  const { pepper } = secrets;
  const existing = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = 'admin'`).get();
  if (existing) {
    log("Seed: demo data already present, nothing to do.");
    return false;
  }
  const now = Date.now();
  const userIds = new Map<string, number>();
  for (const [i, p] of PEOPLE.entries()) {
    const createdAt = new Date(now - (120 - i) * DAY);
    const row = await db
      .insert(users)
      .values({
        username: p.username,
        passwordHash: await hashPassword(p.password, pepper),
        name: p.name,
        email: p.email,
        phone: p.phone,
        accountType: p.accountType,
        isAdmin: p.isAdmin ?? false,
        // Demo addresses count as verified, so the demo's notification mail goes out.
        emailVerifiedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: users.id })
      .get();
    userIds.set(p.username, row.id);
  }
  const id = (username: string) => {
    const value = userIds.get(username);
    if (value === undefined) throw new Error(`unknown seed user ${username}`);
    return value;
  };

  const businessIds = new Map<string, number>();
  for (const [i, b] of BUSINESSES.entries()) {
    const { owner, ...fields } = b;
    const createdAt = new Date(now - (110 - i) * DAY);
    // Stated as structured terms (issue 33): "12%" a percentage, "$500" a flat USD amount.
    const fee = feeColumnsOf(parseReferralFee(b.referralFee));
    const row = await db
      .insert(businesses)
      .values({
        ...fields,
        feeKind: fee.kind,
        feeBasisPoints: fee.basisPoints,
        feeAmountMinor: fee.amountMinor,
        feeCurrency: fee.currency,
        userId: id(owner),
        accountType: "company",
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: businesses.id })
      .get();
    businessIds.set(owner, row.id);
  }

  // Individuals have connector profiles; Acme's owner also refers (a business connector).
  const connectorIds = new Map<string, number>();
  for (const username of [...CONNECTOR_USERS, "sam_lee", "acme"]) {
    const person = PEOPLE.find((p) => p.username === username);
    if (!person) continue;
    const row = await db
      .insert(connectors)
      .values({
        userId: id(username),
        name: person.name,
        email: person.email,
        phone: person.phone,
        createdAt: new Date(now - 100 * DAY),
        updatedAt: new Date(now - 100 * DAY),
      })
      .returning({ id: connectors.id })
      .get();
    connectorIds.set(username, row.id);
  }

  // Pending invitations (decision 045): their mail waits in the outbox for the first scheduled run.
  const invitation = (owner: string, name: string, email: string, daysAgo: number) => ({
    businessId: businessIds.get(owner) as number,
    name,
    email,
    role: "member" as const,
    invitedByUserId: id(owner),
    invitationExpiresAt: new Date(now + 7 * DAY),
    createdAt: new Date(now - daysAgo * DAY),
  });
  await db.insert(teamMembers).values([
    {
      businessId: businessIds.get("acme") as number,
      name: "Sam Lee",
      email: "sam.lee@acme.example",
      role: "admin",
      userId: id("sam_lee"),
      createdAt: new Date(now - 90 * DAY),
    },
    invitation("acme", "Nora Tan", "nora.tan@acme.example", 60),
    invitation("brightpath", "Ethan Koh", "ethan.koh@brightpath.example", 50),
  ]);
  const invited = await db
    .select({ id: teamMembers.id, email: teamMembers.email })
    .from(teamMembers)
    .where(sql`${teamMembers.userId} is null`);
  for (const seat of invited) {
    await mailInsert(db, { kind: "team_invitation", toAddress: seat.email, payload: { memberId: seat.id } });
  }

  const TERMS_OF = new Map(BUSINESSES.map((b) => [b.owner, b]));
  // 40 referrals: every status, several currencies, spread over the last three months.
  const owners = BUSINESSES.map((b) => b.owner);
  const referrers = [...CONNECTOR_USERS, "acme"];
  const activity: (typeof activityLogs.$inferInsert)[] = [];
  for (let i = 0; i < 40; i++) {
    const referrer = referrers[i % referrers.length] as string;
    let owner = owners[(i * 7 + 3) % owners.length] as string;
    if (referrer === "acme" && owner === "acme") owner = "brightpath";
    const [name, email, phone] = REFERRED[i % REFERRED.length] as [string, string, string];
    // The jane -> acme pair is always there so the demo accounts see each other's referrals.
    const businessOwner = i < 4 ? "acme" : owner;
    const status = STATUSES[i % 4] as ReferralStatus;
    const bps = [500, 750, 1000, 1200, 800][i % 5] as number;
    const createdAt = new Date(now - (90 - i * 2) * DAY - (i % 5) * 3600_000);
    const currency: Currency = CURRENCY_OF[businessOwner] ?? (i % 6 === 0 ? "USD" : "SGD");
    const revenue = status === "completed" ? 150_000 + i * 12_345 : status === "approved" && i % 3 === 0 ? 80_000 : null;
    const statusNotes =
      status === "rejected"
        ? "Not a fit for our services right now."
        : status === "completed"
          ? "Contract signed and first invoice paid."
          : status === "approved"
            ? "Intro call scheduled."
            : null;
    const connectorId = connectorIds.get(i < 4 ? "jane" : referrer) as number;
    const row = await db
      .insert(referrals)
      .values({
        connectorId,
        businessId: businessIds.get(businessOwner) as number,
        referredPersonName: name,
        referredPersonEmail: `${i}.${email}`,
        referredPersonPhone: phone.replace(/\d{2}$/, String(10 + i)),
        referredEmailKey: `${i}.${email}`.toLowerCase(),
        referredPhoneKey: phone.replace(/\d{2}$/, String(10 + i)).replace(/\D/g, ""),
        cashbackBasisPoints: bps,
        notes: i % 3 === 0 ? "Met at a industry meetup; keen to talk this quarter." : null,
        status,
        revenueReceived: revenue,
        revenueCurrency: currency,
        statusNotes,
        // The demo's history predates structured terms: its frozen fee is free text, so the
        // connector's percentage pays (decision 119), through the one formula.
        feeAmount: feeAmountOf(
          earningColumnsOf({
            termsFeeKind: null,
            termsFeeBasisPoints: null,
            termsFeeAmountMinor: null,
            termsFeeCurrency: null,
            cashbackBasisPoints: bps,
            cashbackProposal: null,
          }),
          revenue,
          currency,
        ),
        consentStatus: "given",
        consentDecidedAt: new Date(createdAt.getTime() + DAY / 2),
        termsReferralFee: TERMS_OF.get(businessOwner)?.referralFee ?? "",
        termsReferralTerms: TERMS_OF.get(businessOwner)?.referralTerms ?? "",
        termsCapturedAt: createdAt,
        // Decisions with reasons (issue 16, decision 058): the seeded rejections are "Not a fit".
        rejectionReason: status === "rejected" ? "not_a_fit" : null,
        // Decided a day and a half after consent, so the demo businesses have reputations (decision 061).
        firstDecidedAt: status === "pending" ? null : new Date(createdAt.getTime() + 2 * DAY),
        createdAt,
        updatedAt: new Date(createdAt.getTime() + (status === "pending" ? 0 : 3 * DAY)),
      })
      .returning({ id: referrals.id })
      .get();
    // Each change of its status, `days` after the referral was made.
    const change = (
      fromStatus: ReferralStatus | null,
      toStatus: ReferralStatus,
      note: string | null,
      changedByUserId: number,
      days: number,
    ): typeof referralStatusChanges.$inferInsert => ({
      referralId: row.id,
      fromStatus,
      toStatus,
      note,
      changedByUserId,
      createdAt: new Date(createdAt.getTime() + days * DAY),
    });
    const history = [change(null, "pending", null, id(i < 4 ? "jane" : referrer), 0)];
    const by = id(businessOwner);
    if (status === "completed") {
      history.push(
        change("pending", "approved", "Intro call scheduled.", by, 1),
        change("approved", "completed", statusNotes, by, 3),
      );
    } else if (status !== "pending") {
      history.push(change("pending", status, statusNotes, by, 3));
    }
    await db.insert(referralStatusChanges).values(history);
    activity.push({
      action: "Referral created",
      details: `${name} referred to ${BUSINESSES.find((b) => b.owner === businessOwner)?.companyName}`,
      activityType: "referral_created",
      userId: id(i < 4 ? "jane" : referrer),
      businessId: businessIds.get(businessOwner) as number,
      createdAt,
    });
    if (status !== "pending") {
      const type: ActivityType =
        status === "approved" ? "referral_approved" : status === "rejected" ? "referral_rejected" : "referral_completed";
      activity.push({
        action: `Referral ${status}`,
        details: `${name}: ${statusNotes ?? ""}`.trim(),
        activityType: type,
        userId: id(businessOwner),
        businessId: businessIds.get(businessOwner) as number,
        createdAt: new Date(createdAt.getTime() + 3 * DAY),
      });
    }
  }
  await seedIntroductions(db, pepper, { connectorIds, businessIds, userIds: id, terms: TERMS_OF.get("acme") });
  const ledger = await seedLedger(db, now, id("acme"));
  log(`Seed: commissions ${ledger.pending} pending, ${ledger.payable} payable, ${ledger.paid} paid (issue 17).`);
  // Sealed with the Worker's own secret, or they could not be opened: none without it.
  if (secrets.sessionSecret) log(`Seed: ${await seedPayoutMethods(db, secrets.sessionSecret, now)} payout methods (issue 38).`);
  else log("Seed: no SESSION_SECRET, so no payout methods (they are sealed with it).");
  for (const p of PEOPLE) {
    activity.push({
      action: "New user signed up",
      details: `${p.name} joined`,
      activityType: "user_signup",
      userId: id(p.username),
      createdAt: new Date(now - 120 * DAY),
    });
  }
  for (const b of BUSINESSES) {
    activity.push({
      action: "Business registered",
      details: `${b.companyName} registered (UEN ${b.uen})`,
      activityType: "business_registered",
      userId: id(b.owner),
      businessId: businessIds.get(b.owner) as number,
      createdAt: new Date(now - 110 * DAY),
    });
  }
  // Acme's own moves: Sam Lee joined its team, and it updated its terms.
  for (const [activityType, action, details, daysAgo] of [
    ["team_member_added", "Team member added", "Sam Lee joined Acme Corporation as admin", 90],
    ["business_updated", "Business profile updated", "Acme Corporation updated its referral terms", 30],
  ] as const) {
    activity.push({
      action,
      details,
      activityType,
      userId: id("acme"),
      businessId: businessIds.get("acme") as number,
      createdAt: new Date(now - daysAgo * DAY),
    });
  }
  // D1 caps bound parameters per statement, so the log goes in small chunks.
  for (let i = 0; i < activity.length; i += 10) await db.insert(activityLogs).values(activity.slice(i, i + 10));

  const count = await db.select({ n: sql<number>`count(*)` }).from(referrals).get();
  log(
    `Seed: ${PEOPLE.length} users, ${BUSINESSES.length} businesses, ${count?.n ?? 0} referrals, ${activity.length} activity entries.`,
  );
  log(
    `Seed: demo logins admin/${DEMO_ACCOUNTS.admin.password}, acme/${DEMO_ACCOUNTS.business.password}, jane/${DEMO_ACCOUNTS.connector.password}.`,
  );
  return true;
}

// `npm run db:seed` (tsx scripts/seed.ts): seed the configured database.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { openDatabase } = await import("./lib/database");
  const { db, close, where, pepper, sessionSecret } = await openDatabase();
  try {
    console.log(`Seeding ${where}`);
    await seed(db, { pepper, sessionSecret });
  } finally {
    await close();
  }
}
