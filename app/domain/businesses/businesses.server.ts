import { eq, type SQL, sql } from "drizzle-orm";
import { BUSINESS_PROFILE_FIELDS } from "../../../db/enums";
import { type Business, businesses, type User } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { AppError, conflict, isUniqueViolation, notFound } from "../../utils/errors.server";
import { hashPassword } from "../../utils/password.server";
import { assertPasswordAllowed } from "../../utils/password-strength.server";
import { assertWithinLimits } from "../../utils/rate-limit.server";
import { feeColumnsOf, formatReferralFee } from "../../utils/referral-fee";
import type { Requester } from "../../utils/requester.server";
import type { SessionUser } from "../../utils/session.server";
import {
  type BusinessInput,
  FEE_KIND_REQUIRED,
  type PublicBusinessRegistrationInput,
  statedFee,
} from "../../validation/business";
import { verificationInserts } from "../accounts/auth-tokens.server";
import { assertUsernameFree, findUserByUsername, USERNAME_TAKEN, userIdOf, userInsert } from "../accounts/users.server";
import { effectStatements } from "../effects/effects.server";
import { requireBusinessRole } from "../parties/access.server";
import { getBusinessById } from "./listing.server";

export const UEN_TAKEN = "This UEN is already registered";

export async function assertUenFree(db: Database, uen: string, exceptBusinessId?: number) {
  const existing = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.uen, uen)).get();
  if (existing && existing.id !== exceptBusinessId) throw conflict(UEN_TAKEN, { uen: [UEN_TAKEN] });
}

/**
 * The stored columns of the business form (optional fields stored as null). The fee is stored as
 * stated, and referralFee (the SPEC's display string) is derived from it (issue 33, decision 119).
 */
function businessColumns(input: BusinessInput | PublicBusinessRegistrationInput) {
  const fee = statedFee(input);
  // The schema refuses a form that states no fee; this only guards a caller that skipped it.
  if (!fee) throw new AppError(400, FEE_KIND_REQUIRED, { feeKind: [FEE_KIND_REQUIRED] });
  const columns = feeColumnsOf(fee);
  return {
    companyName: input.companyName,
    description: input.description ?? null,
    sector: input.sector ?? null,
    nature: input.nature ?? null,
    uen: input.uen,
    address: input.address,
    website: input.website ?? null,
    referralFee: formatReferralFee(fee),
    feeKind: columns.kind,
    feeBasisPoints: columns.basisPoints,
    feeAmountMinor: columns.amountMinor,
    feeCurrency: columns.currency,
    referralTerms: input.referralTerms,
    contactPerson: input.contactPerson,
    contactPhone: input.contactPhone,
    contactEmail: input.contactEmail,
    accountType: input.accountType,
    // Absent keeps what is stored (the column's default of 5 for a new business).
    ...("responseWindowDays" in input && input.responseWindowDays !== undefined
      ? { responseWindowDays: input.responseWindowDays }
      : {}),
    // Likewise the hold period (30 for a new business); commissions keep the hold they were made with.
    ...("holdDays" in input && input.holdDays !== undefined ? { holdDays: input.holdDays } : {}),
  };
}

/** Unexecuted insert of a business profile owned by `userId` (a number or a subquery in a batch). */
export function businessInsert(db: Database, userId: number | SQL, input: BusinessInput | PublicBusinessRegistrationInput) {
  const now = new Date();
  return db.insert(businesses).values({ userId, ...businessColumns(input), createdAt: now, updatedAt: now });
}

export function getBusinessByUserId(db: Database, userId: number): Promise<Business | undefined> {
  return db.select().from(businesses).where(eq(businesses.userId, userId)).get();
}

/** Public business registrations from one client (decision 047): a person registers one, a script dozens. */
export const REGISTRATIONS_PER_CLIENT = { limit: 3, windowMs: 24 * 60 * 60 * 1000 };
export const REGISTRATIONS_TOO_MANY = "Too many businesses were registered from your network today. Please try again tomorrow.";

/**
 * /register-business: a business account and its profile, written in one batch so neither can
 * exist without the other.
 */
export async function registerBusinessAccount(
  db: Database,
  input: PublicBusinessRegistrationInput,
  requester: Requester,
): Promise<User> {
  await assertWithinLimits(
    db,
    [[`register-business:client:${requester.client}`, REGISTRATIONS_PER_CLIENT]],
    REGISTRATIONS_TOO_MANY,
  );
  assertPasswordAllowed(input.password, input);
  await assertUsernameFree(db, input.username);
  await assertUenFree(db, input.uen);
  const passwordHash = await hashPassword(input.password, requester.pepper);
  const userId = userIdOf(input.username);
  try {
    await db.batch([
      userInsert(db, { ...input, accountType: "business" }, passwordHash),
      businessInsert(db, userId, input),
      ...effectStatements(db, {
        activity: [
          { action: "New user signed up", details: `${input.name} joined as a business`, activityType: "user_signup", userId },
          {
            action: "Business registered",
            details: `${input.companyName} registered (UEN ${input.uen})`,
            activityType: "business_registered",
            userId,
            businessId: sql<number>`(select id from businesses where uen = ${input.uen})`,
          },
        ],
      }),
      // The address is verified through its link, as at every signup (decision 044).
      ...verificationInserts(db, userId, input.email),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) {
      const taken = await findUserByUsername(db, input.username);
      if (taken) throw conflict(USERNAME_TAKEN, { username: [USERNAME_TAKEN] });
      throw conflict(UEN_TAKEN, { uen: [UEN_TAKEN] });
    }
    throw error;
  }
  const user = await findUserByUsername(db, input.username);
  if (!user) throw new Error("user vanished after registration");
  return user;
}

export const ONE_BUSINESS_PER_OWNER = "You already have a registered business";

/** /business/register and POST /api/businesses: a user may own one business. */
export async function createBusiness(db: Database, actor: SessionUser, input: BusinessInput): Promise<Business> {
  if (await getBusinessByUserId(db, actor.id)) throw conflict(ONE_BUSINESS_PER_OWNER);
  await assertUenFree(db, input.uen);
  try {
    await db.batch([
      businessInsert(db, actor.id, input),
      ...effectStatements(db, {
        activity: [
          {
            action: "Business registered",
            details: `${input.companyName} registered (UEN ${input.uen})`,
            activityType: "business_registered",
            userId: actor.id,
            businessId: sql<number>`last_insert_rowid()`,
          },
        ],
      }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) {
      if (await getBusinessByUserId(db, actor.id)) throw conflict(ONE_BUSINESS_PER_OWNER);
      throw conflict(UEN_TAKEN, { uen: [UEN_TAKEN] });
    }
    throw error;
  }
  const created = await getBusinessByUserId(db, actor.id);
  if (!created) throw new Error("business vanished after insert");
  return created;
}

/** The owner or a team admin edits the profile; everyone else gets 404 (or 403 for team members). */
export async function updateBusiness(db: Database, actor: SessionUser, id: number, input: BusinessInput): Promise<Business> {
  await requireBusinessRole(db, actor, id, "admin");
  // The stored profile is read with the UEN check (same round trip), for business.updated's changes.
  const [before] = await Promise.all([getBusinessById(db, id), assertUenFree(db, input.uen, id)]);
  if (!before) throw notFound("Business not found");
  const columns = businessColumns(input);
  const after: Business = { ...before, ...columns, updatedAt: new Date() };
  const changedFields = BUSINESS_PROFILE_FIELDS.filter((field) => before[field] !== after[field]);
  let updated: Business | undefined;
  try {
    const [rows] = await db.batch([
      db
        .update(businesses)
        .set({ ...columns, updatedAt: after.updatedAt })
        .where(eq(businesses.id, id))
        .returning(),
      ...effectStatements(db, {
        // Decision 080: a save that changes nothing is no event.
        events:
          changedFields.length > 0
            ? [{ businessId: id, type: "business.updated", data: { changedFields, ...businessWebhookData(after) } }]
            : [],
        activity: [
          {
            action: "Business profile updated",
            details: `${input.companyName} updated its profile`,
            activityType: "business_updated",
            userId: actor.id,
            businessId: id,
          },
        ],
      }),
    ]);
    updated = rows[0];
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(UEN_TAKEN, { uen: [UEN_TAKEN] });
    throw error;
  }
  if (!updated) throw notFound("Business not found");
  return updated;
}

/**
 * The profile as business.updated carries it (decision 080): what its owner and team see, contact
 * details included (the event goes only to the business's own endpoints and feed); no figures.
 */
function businessWebhookData(b: Business) {
  return {
    id: b.id,
    userId: b.userId,
    ...Object.fromEntries(BUSINESS_PROFILE_FIELDS.map((field) => [field, b[field]])),
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}
