import { asc } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { activityLogs, businesses, users } from "../../../db/schema";
import {
  countRows,
  freshDbEachTest,
  insertUser,
  TEST_PASSWORD_PEPPER,
  testRequester,
  withRaceBeforeBatch,
} from "../../../tests/unit-helpers/db";
import { appError } from "../../../tests/unit-helpers/errors";
import { ACME, ACME_REGISTRATION } from "../../../tests/unit-helpers/fixtures";
import type { Database } from "../../utils/db.server";
import { verifyPassword } from "../../utils/password.server";
import type { PublicBusinessRegistrationInput } from "../../validation/business";
import { authenticate } from "../accounts/users.server";
import { assertUenFree, getBusinessByUserId, registerBusinessAccount, UEN_TAKEN } from "./businesses.server";

let db: Database;
freshDbEachTest((fresh) => (db = fresh), { quiet: ["info"] });

const registration: PublicBusinessRegistrationInput = {
  ...ACME_REGISTRATION,
  nature: undefined,
  accountType: "freelancer",
};

describe("registerBusinessAccount", () => {
  test("writes a business user, its business profile and two activity rows", async () => {
    const user = await registerBusinessAccount(db, registration, testRequester());

    expect(user).toMatchObject({
      username: "acme_sales",
      name: "Acme Owner",
      email: "owner@acme.example.com",
      phone: "+65 9123 4567",
      accountType: "business",
      isAdmin: false,
    });
    await expect(verifyPassword("Kettle-Harbor-29", user.passwordHash, TEST_PASSWORD_PEPPER)).resolves.toBe(true);
    await expect(
      authenticate(db, { username: "ACME_SALES", password: "Kettle-Harbor-29" }, testRequester()),
    ).resolves.toMatchObject({
      id: user.id,
    });

    const rows = await db.select().from(businesses);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: user.id,
      ...ACME,
      nature: null,
      accountType: "freelancer",
    });

    const activity = await db.select().from(activityLogs).orderBy(asc(activityLogs.id));
    expect(activity).toHaveLength(2);
    expect(activity[0]).toMatchObject({
      action: "New user signed up",
      details: "Acme Owner joined as a business",
      activityType: "user_signup",
      userId: user.id,
      businessId: null,
    });
    expect(activity[1]).toMatchObject({
      action: "Business registered",
      details: "Acme Pte Ltd registered (UEN 201912345A)",
      activityType: "business_registered",
      userId: user.id,
      businessId: rows[0]!.id,
    });

    // Business accounts get a connector profile only when they first make referrals.
    expect(await countRows(db, "connectors")).toBe(0);
  });

  test("writes everything in a single batch", async () => {
    const batch = vi.spyOn(db, "batch");
    await registerBusinessAccount(db, registration, testRequester());
    expect(batch).toHaveBeenCalledTimes(1);
    // user, business, two activity entries, the verification token and its mail
    expect(batch.mock.calls[0]?.[0]).toHaveLength(6);
  });

  test("a registered UEN is refused with 409 and no user is left behind", async () => {
    await registerBusinessAccount(db, registration, testRequester());
    const error = await appError(
      registerBusinessAccount(
        db,
        { ...registration, username: "other_co", companyName: "Other Co", email: "o@other.example" },
        testRequester(),
      ),
    );
    expect(error.status).toBe(409);
    expect(error.message).toBe("This UEN is already registered");
    expect(error.errors).toEqual({ uen: ["This UEN is already registered"] });
    expect(UEN_TAKEN).toBe("This UEN is already registered");
    expect((await db.select({ username: users.username }).from(users)).map((u) => u.username)).toEqual(["acme_sales"]);
    expect(await countRows(db, "businesses")).toBe(1);
    expect(await countRows(db, "activity_logs")).toBe(2);
  });

  test("a taken username (any case) is refused with 409 and no business is written", async () => {
    await insertUser(db, { username: "Acme_Sales" });
    const error = await appError(registerBusinessAccount(db, registration, testRequester()));
    expect(error.status).toBe(409);
    expect(error.errors).toEqual({ username: ["Username is already taken"] });
    expect(await countRows(db, "users")).toBe(1);
    expect(await countRows(db, "businesses")).toBe(0);
    expect(await countRows(db, "activity_logs")).toBe(0);
  });

  test("a UEN taken by a concurrent registration rolls the whole batch back: no user, no activity", async () => {
    const racer = await insertUser(db, { username: "racer" });
    const racing = withRaceBeforeBatch(db, () =>
      db.insert(businesses).values({
        userId: racer.id,
        companyName: "Racer Co",
        uen: "201912345A",
        address: "2 Race Street, Singapore",
        referralFee: "1%",
        referralTerms: "Racing terms long enough.",
        contactPerson: "Racer",
        contactPhone: "+65 6000 0000",
        contactEmail: "racer@example.com",
      }),
    );
    const error = await appError(registerBusinessAccount(racing, registration, testRequester()));
    expect(error.status).toBe(409);
    expect(error.errors).toEqual({ uen: ["This UEN is already registered"] });
    expect((await db.select({ username: users.username }).from(users)).map((u) => u.username)).toEqual(["racer"]);
    expect(await countRows(db, "businesses")).toBe(1);
    expect(await countRows(db, "activity_logs")).toBe(0);
  });

  test("a username taken by a concurrent signup is reported on username, not uen", async () => {
    const racing = withRaceBeforeBatch(db, () => insertUser(db, { username: "ACME_SALES" }));
    const error = await appError(registerBusinessAccount(racing, registration, testRequester()));
    expect(error.status).toBe(409);
    expect(error.errors).toEqual({ username: ["Username is already taken"] });
    expect(await countRows(db, "users")).toBe(1);
    expect(await countRows(db, "businesses")).toBe(0);
  });
});

describe("assertUenFree", () => {
  test("passes for a new UEN and for the business's own UEN, fails for another's", async () => {
    const user = await registerBusinessAccount(db, registration, testRequester());
    const business = await getBusinessByUserId(db, user.id);
    expect(business?.uen).toBe("201912345A");

    await expect(assertUenFree(db, "T08LL1234A")).resolves.toBeUndefined();
    await expect(assertUenFree(db, "201912345A", business!.id)).resolves.toBeUndefined();
    const error = await appError(assertUenFree(db, "201912345A", business!.id + 1));
    expect(error.status).toBe(409);
    expect(error.errors).toEqual({ uen: ["This UEN is already registered"] });
  });
});

describe("getBusinessByUserId", () => {
  test("is undefined for a user without a business", async () => {
    const user = await insertUser(db);
    await expect(getBusinessByUserId(db, user.id)).resolves.toBeUndefined();
  });
});
