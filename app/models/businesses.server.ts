import { eq, type SQL, sql } from "drizzle-orm";
import { type Business, businesses, type User } from "../../db/schema";
import type { Database } from "../utils/db.server";
import { conflict, isUniqueViolation } from "../utils/errors.server";
import { hashPassword } from "../utils/password.server";
import type { BusinessInput, PublicBusinessRegistrationInput } from "../validation/business";
import { activityInsert } from "./activity.server";
import { assertUsernameFree, findUserByUsername, USERNAME_TAKEN, userIdOf, userInsert } from "./users.server";

export const UEN_TAKEN = "This UEN is already registered";

export async function assertUenFree(db: Database, uen: string, exceptBusinessId?: number) {
  const existing = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.uen, uen)).get();
  if (existing && existing.id !== exceptBusinessId) throw conflict(UEN_TAKEN, { uen: [UEN_TAKEN] });
}

/** Unexecuted insert of a business profile owned by `userId` (a number or a subquery in a batch). */
export function businessInsert(db: Database, userId: number | SQL, input: BusinessInput) {
  const now = new Date();
  return db.insert(businesses).values({
    userId,
    companyName: input.companyName,
    description: input.description ?? null,
    sector: input.sector ?? null,
    nature: input.nature ?? null,
    uen: input.uen,
    address: input.address,
    website: input.website ?? null,
    referralFee: input.referralFee,
    referralTerms: input.referralTerms,
    contactPerson: input.contactPerson,
    contactPhone: input.contactPhone,
    contactEmail: input.contactEmail,
    accountType: input.accountType,
    createdAt: now,
    updatedAt: now,
  });
}

export function getBusinessByUserId(db: Database, userId: number): Promise<Business | undefined> {
  return db.select().from(businesses).where(eq(businesses.userId, userId)).get();
}

/**
 * /register-business: a business account and its profile, written in one batch so neither can
 * exist without the other.
 */
export async function registerBusinessAccount(db: Database, input: PublicBusinessRegistrationInput): Promise<User> {
  await assertUsernameFree(db, input.username);
  await assertUenFree(db, input.uen);
  const passwordHash = await hashPassword(input.password);
  const userId = userIdOf(input.username);
  try {
    await db.batch([
      userInsert(db, { ...input, accountType: "business" }, passwordHash),
      businessInsert(db, userId, input),
      activityInsert(db, {
        action: "New user signed up",
        details: `${input.name} joined as a business`,
        activityType: "user_signup",
        userId,
      }),
      activityInsert(db, {
        action: "Business registered",
        details: `${input.companyName} registered (UEN ${input.uen})`,
        activityType: "business_registered",
        userId,
        businessId: sql<number>`(select id from businesses where uen = ${input.uen})`,
      }),
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
