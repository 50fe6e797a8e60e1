import { sql } from "drizzle-orm";
import { mailInsert } from "../app/domain/effects/mail-outbox.server";
import { earningColumnsOf, feeAmountOf } from "../app/domain/money/commission";
import { introductionMailInsert } from "../app/domain/referrals/introductions.server";
import { proposalOf } from "../app/domain/referrals/lifecycle";
import type { Database } from "../app/utils/db.server";
import { erasedKey } from "../app/utils/keyed-hash.server";
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
} from "./schema";
import { seedLedger } from "./seed-ledger";

/** The demo accounts listed in the README. */
export const DEMO_ACCOUNTS = {
  admin: { username: "admin", password: "Admin1234" },
  business: { username: "acme", password: "Business1234" },
  connector: { username: "jane", password: "Connector1234" },
} as const;

type SeedUser = {
  username: string;
  password: string;
  name: string;
  email: string;
  phone: string;
  accountType: "individual" | "business";
  isAdmin?: boolean;
};

const PEOPLE: SeedUser[] = [
  {
    username: "admin",
    password: "Admin1234",
    name: "Platform Admin",
    email: "admin@warmintros.example",
    phone: "+65 6000 0000",
    accountType: "individual",
    isAdmin: true,
  },
  {
    username: "acme",
    password: "Business1234",
    name: "Acme Holdings",
    email: "owner@acme.example",
    phone: "+65 6123 4567",
    accountType: "business",
  },
  {
    username: "jane",
    password: "Connector1234",
    name: "Jane Tan",
    email: "jane.tan@example.com",
    phone: "+65 9123 4567",
    accountType: "individual",
  },
  {
    username: "raj",
    password: "Connector1234",
    name: "Raj Kumar",
    email: "raj.kumar@example.com",
    phone: "+65 9234 5678",
    accountType: "individual",
  },
  {
    username: "mei",
    password: "Connector1234",
    name: "Mei Ling Wong",
    email: "meiling@example.com",
    phone: "+65 9345 6789",
    accountType: "individual",
  },
  {
    username: "oliver",
    password: "Connector1234",
    name: "Oliver Smith",
    email: "oliver.smith@example.co.uk",
    phone: "+44 7700 900123",
    accountType: "individual",
  },
  {
    username: "brightpath",
    password: "Business1234",
    name: "BrightPath Consulting",
    email: "hello@brightpath.example",
    phone: "+65 6234 5678",
    accountType: "business",
  },
  {
    username: "harbourlegal",
    password: "Business1234",
    name: "Harbour Legal LLP",
    email: "contact@harbourlegal.example",
    phone: "+65 6345 6789",
    accountType: "business",
  },
  {
    username: "greenleaf",
    password: "Business1234",
    name: "GreenLeaf Solar",
    email: "sales@greenleaf.example",
    phone: "+61 2 9876 5432",
    accountType: "business",
  },
  {
    username: "pixelforge",
    password: "Business1234",
    name: "PixelForge Studio",
    email: "studio@pixelforge.example",
    phone: "+852 2345 6789",
    accountType: "business",
  },
  {
    username: "kl_wellness",
    password: "Business1234",
    name: "KL Wellness Clinic",
    email: "care@klwellness.example",
    phone: "+60 3 2345 6789",
    accountType: "business",
  },
  {
    username: "sam_lee",
    password: "Member1234",
    name: "Sam Lee",
    email: "sam.lee@acme.example",
    phone: "+65 9456 7890",
    accountType: "individual",
  },
];

const BUSINESSES = [
  {
    owner: "acme",
    companyName: "Acme Corporation",
    sector: "Technology",
    nature: "B2B software and IT services",
    uen: "201912345K",
    address: "1 Raffles Place, #20-01, Singapore 048616",
    website: "https://acme.example",
    referralFee: "10%",
    referralTerms: "10% of the first-year contract value, paid within 30 days of the client's first invoice.",
    contactPerson: "Alice Lim",
    contactPhone: "+65 6123 4567",
    contactEmail: "partners@acme.example",
    description: "Acme builds inventory and invoicing software for growing SMEs across Southeast Asia.",
  },
  {
    owner: "brightpath",
    companyName: "BrightPath Consulting",
    sector: "Professional Services",
    nature: "Management consulting",
    uen: "201823456M",
    address: "80 Robinson Road, #10-01, Singapore 068898",
    website: "https://brightpath.example",
    referralFee: "$500",
    referralTerms: "A flat SGD 500 for every referred client who signs an engagement of at least three months.",
    contactPerson: "Daniel Goh",
    contactPhone: "+65 6234 5678",
    contactEmail: "referrals@brightpath.example",
    description: "Strategy and operations consulting for family businesses preparing to scale or sell.",
  },
  {
    owner: "harbourlegal",
    companyName: "Harbour Legal LLP",
    sector: "Legal",
    nature: "Corporate and commercial law",
    uen: "T19LL1234A",
    address: "10 Collyer Quay, #15-02, Singapore 049315",
    website: "https://harbourlegal.example",
    referralFee: "7.5%",
    referralTerms: "7.5% of professional fees billed in the first twelve months for each introduced client.",
    contactPerson: "Priya Nair",
    contactPhone: "+65 6345 6789",
    contactEmail: "bd@harbourlegal.example",
    description: "Corporate, employment and dispute resolution advice for startups and mid-sized firms.",
  },
  {
    owner: "greenleaf",
    companyName: "GreenLeaf Solar",
    sector: "Energy",
    nature: "Commercial solar installation",
    uen: "202045678N",
    address: "12 George Street, Sydney NSW 2000, Australia",
    website: "https://greenleaf.example",
    referralFee: "5%",
    referralTerms: "5% of the installed system value once the installation is commissioned and paid.",
    contactPerson: "Liam Walker",
    contactPhone: "+61 2 9876 5432",
    contactEmail: "partners@greenleaf.example",
    description: "Design and installation of rooftop solar for warehouses, offices and farms.",
  },
  {
    owner: "pixelforge",
    companyName: "PixelForge Studio",
    sector: "Marketing",
    nature: "Branding and web design",
    uen: "202156789P",
    address: "88 Queensway, Admiralty, Hong Kong",
    website: "https://pixelforge.example",
    referralFee: "12%",
    referralTerms: "12% of the first project invoice for every new client who completes a paid project.",
    contactPerson: "Chloe Chan",
    contactPhone: "+852 2345 6789",
    contactEmail: "hello@pixelforge.example",
    description: "Brand identities, websites and campaigns for consumer brands in Asia.",
  },
  {
    owner: "kl_wellness",
    companyName: "KL Wellness Clinic",
    sector: "Healthcare",
    nature: "Corporate health screening",
    uen: "202267890Q",
    address: "Jalan Ampang 150, 50450 Kuala Lumpur, Malaysia",
    website: "https://klwellness.example",
    referralFee: "8%",
    referralTerms: "8% of the screening package value for corporate clients with at least 20 employees.",
    contactPerson: "Dr. Aisyah Rahman",
    contactPhone: "+60 3 2345 6789",
    contactEmail: "corporate@klwellness.example",
    description: "Health screening and wellness programmes for companies in the Klang Valley.",
  },
];

const CONNECTOR_USERS = ["jane", "raj", "mei", "oliver"];
const REFERRED = [
  ["Marcus Teo", "marcus.teo@example.com", "+65 8111 2233"],
  ["Siti Aminah", "siti.aminah@example.com", "+65 8222 3344"],
  ["Kenji Sato", "kenji.sato@example.jp", "+81 90 1234 5678"],
  ["Emily Clarke", "emily.clarke@example.co.uk", "+44 7700 900456"],
  ["Wei Jie Lim", "weijie.lim@example.com", "+65 8333 4455"],
  ["Arjun Mehta", "arjun.mehta@example.in", "+91 98765 43210"],
  ["Sofia Rossi", "sofia.rossi@example.it", "+39 312 345 6789"],
  ["Nurul Huda", "nurul.huda@example.my", "+60 12 345 6789"],
  ["Jack Thompson", "jack.thompson@example.com.au", "+61 412 345 678"],
  ["Grace Ho", "grace.ho@example.hk", "+852 9123 4567"],
  ["David Ng", "david.ng@example.com", "+65 8444 5566"],
  ["Hannah Park", "hannah.park@example.kr", "+82 10 1234 5678"],
];
const STATUSES: ReferralStatus[] = ["pending", "approved", "completed", "rejected"];
const CURRENCY_OF: Record<string, Currency> = { greenleaf: "AUD", pixelforge: "HKD", kl_wellness: "MYR" };

const DAY = 24 * 60 * 60 * 1000;

/** Fills an empty database with the demo accounts and enough data for every screen. Idempotent. */
export async function seed(db: Database, pepper: Pepper, log: (line: string) => void = console.log): Promise<boolean> {
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

  await db.insert(teamMembers).values([
    {
      businessId: businessIds.get("acme") as number,
      name: "Sam Lee",
      email: "sam.lee@acme.example",
      role: "admin",
      userId: id("sam_lee"),
      createdAt: new Date(now - 90 * DAY),
    },
    {
      businessId: businessIds.get("acme") as number,
      name: "Nora Tan",
      email: "nora.tan@acme.example",
      role: "member",
      // A pending invitation (decision 045): its mail waits in the outbox for the first scheduled run.
      invitedByUserId: id("acme"),
      invitationExpiresAt: new Date(now + 7 * DAY),
      createdAt: new Date(now - 60 * DAY),
    },
    {
      businessId: businessIds.get("brightpath") as number,
      name: "Ethan Koh",
      email: "ethan.koh@brightpath.example",
      role: "member",
      invitedByUserId: id("brightpath"),
      invitationExpiresAt: new Date(now + 7 * DAY),
      createdAt: new Date(now - 50 * DAY),
    },
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
    const history: (typeof referralStatusChanges.$inferInsert)[] = [
      {
        referralId: row.id,
        fromStatus: null,
        toStatus: "pending",
        note: null,
        changedByUserId: id(i < 4 ? "jane" : referrer),
        createdAt,
      },
    ];
    if (status !== "pending") {
      const by = id(businessOwner);
      if (status === "completed") {
        history.push({
          referralId: row.id,
          fromStatus: "pending",
          toStatus: "approved",
          note: "Intro call scheduled.",
          changedByUserId: by,
          createdAt: new Date(createdAt.getTime() + DAY),
        });
        history.push({
          referralId: row.id,
          fromStatus: "approved",
          toStatus: "completed",
          note: statusNotes,
          changedByUserId: by,
          createdAt: new Date(createdAt.getTime() + 3 * DAY),
        });
      } else {
        history.push({
          referralId: row.id,
          fromStatus: "pending",
          toStatus: status,
          note: statusNotes,
          changedByUserId: by,
          createdAt: new Date(createdAt.getTime() + 3 * DAY),
        });
      }
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
  activity.push({
    action: "Team member added",
    details: "Sam Lee joined Acme Corporation as admin",
    activityType: "team_member_added",
    userId: id("acme"),
    businessId: businessIds.get("acme") as number,
    createdAt: new Date(now - 90 * DAY),
  });
  activity.push({
    action: "Business profile updated",
    details: "Acme Corporation updated its referral terms",
    activityType: "business_updated",
    userId: id("acme"),
    businessId: businessIds.get("acme") as number,
    createdAt: new Date(now - 30 * DAY),
  });
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

// `npm run db:seed` (tsx db/seed.ts): seed the configured database.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { openDatabase } = await import("../scripts/lib/database");
  const { db, close, where, pepper } = await openDatabase();
  try {
    console.log(`Seeding ${where}`);
    await seed(db, pepper);
  } finally {
    await close();
  }
}

/**
 * Issue 16's consent states beside the grandfathered referrals above (decision 055): two recent
 * referrals to Acme still awaiting the person's answer (their introduction mail waits in the outbox for
 * the first scheduled run, like the invitations), and one the person declined, erased to keyed hashes.
 */
async function seedIntroductions(
  db: Database,
  pepper: Pepper,
  refs: {
    connectorIds: Map<string, number>;
    businessIds: Map<string, number>;
    userIds: (username: string) => number;
    terms: { referralFee: string; referralTerms: string } | undefined;
  },
) {
  const now = Date.now();
  const businessId = refs.businessIds.get("acme") as number;
  const terms = parseReferralFee(refs.terms?.referralFee ?? "");
  const frozen = feeColumnsOf(terms);
  const people = [
    { name: "Priya Nair", email: "priya.nair@example.com", phone: "+65 8333 4411", by: "jane", daysAgo: 1, consent: "awaiting" },
    { name: "Daniel Ong", email: "daniel.ong@example.com", phone: "+65 8333 4422", by: "jane", daysAgo: 3, consent: "awaiting" },
    { name: "Farah Aziz", email: "farah.aziz@example.com", phone: "+65 8333 4433", by: "jane", daysAgo: 5, consent: "declined" },
  ] as const;
  for (const p of people) {
    const createdAt = new Date(now - p.daysAgo * DAY);
    const emailKey = p.email.toLowerCase();
    const phoneKey = p.phone.replace(/\D/g, "");
    const declined = p.consent === "declined";
    const row = await db
      .insert(referrals)
      .values({
        connectorId: refs.connectorIds.get(p.by) as number,
        businessId,
        referredPersonName: p.name,
        referredPersonEmail: declined ? null : p.email,
        referredPersonPhone: declined ? null : p.phone,
        referredEmailKey: declined ? await erasedKey(pepper, "email", emailKey) : emailKey,
        referredPhoneKey: declined ? await erasedKey(pepper, "phone", phoneKey) : phoneKey,
        cashbackBasisPoints: 1000,
        notes: "We met at a founders' breakfast; she is looking for a new supplier.",
        // A decline closes the referral (issue 33, decision 122): rejected, for the person's own reason.
        status: declined ? "rejected" : "pending",
        rejectionReason: declined ? "person_declined" : null,
        consentStatus: p.consent,
        consentExpiresAt: new Date(createdAt.getTime() + 14 * DAY),
        consentDecidedAt: declined ? new Date(createdAt.getTime() + DAY) : null,
        termsReferralFee: refs.terms?.referralFee ?? "",
        termsReferralTerms: refs.terms?.referralTerms ?? "",
        termsFeeKind: frozen.kind,
        termsFeeBasisPoints: frozen.basisPoints,
        termsFeeAmountMinor: frozen.amountMinor,
        termsFeeCurrency: frozen.currency,
        cashbackProposal: proposalOf(terms, 1000),
        termsCapturedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: referrals.id })
      .get();
    await db.insert(referralStatusChanges).values({
      referralId: row.id,
      fromStatus: null,
      toStatus: "pending",
      note: null,
      changedByUserId: refs.userIds(p.by),
      createdAt,
    });
    if (declined) {
      // Closed by the person's answer: a history row by no one, a day later.
      await db.insert(referralStatusChanges).values({
        referralId: row.id,
        fromStatus: "pending",
        toStatus: "rejected",
        note: null,
        changedByUserId: null,
        createdAt: new Date(createdAt.getTime() + DAY),
      });
    }
    if (!declined) await introductionMailInsert(db, row.id);
  }
}
