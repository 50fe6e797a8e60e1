import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { coreFunctionsWithoutActor, functionsWithoutActor } from "./domain-actors";

const DOMAIN = fileURLToPath(new URL("../../app/domain", import.meta.url));

/**
 * Exported core functions that still read or write data with no acting party, each safe today only
 * because its route (or another core function) checked first: the debt decision 147 pays down. The
 * list only shrinks: a new function without an actor fails, and so does an entry that no longer needs
 * to be here (remove it). Public steps whose credential is a token, a password or an API key (sign-in,
 * reset, verification, an introduction's or an invitation's link) are the bulk of it; the rest are
 * lookups whose route still checks first.
 */
const NOT_YET = new Set([
  "accounts/auth-tokens.server.ts verifyEmail",
  "accounts/auth-tokens.server.ts requestPasswordReset",
  "accounts/auth-tokens.server.ts resetTokenIsLive",
  "accounts/auth-tokens.server.ts resetPassword",
  "accounts/login-throttle.server.ts throttledPasswordCheck",
  "accounts/reauthentication.server.ts confirmPassword",
  "accounts/two-factor.server.ts createLoginChallenge",
  "accounts/two-factor.server.ts completeLoginChallenge",
  "accounts/users.server.ts findUserByUsername",
  "accounts/users.server.ts findUserById",
  "accounts/users.server.ts assertUsernameFree",
  "accounts/users.server.ts signup",
  "accounts/users.server.ts authenticate",
  "accounts/users.server.ts checkCurrentPassword",
  "businesses/businesses.server.ts assertUenFree",
  "businesses/businesses.server.ts getBusinessByUserId",
  "businesses/businesses.server.ts registerBusinessAccount",
  "businesses/listing.server.ts getBusinessById",
  "effects/activity-queries.server.ts listActivity",
  "integrations/api-keys.server.ts apiKeyLookup",
  "integrations/api-keys.server.ts touchApiKey",
  "mail/preferences.server.ts unsubscribeByLink",
  // Issue 38: its signature is shared with the bank-file work; its callers check the payout manager first.
  "money/paying-methods.server.ts loadPayingMethods",
  // Issue 38: the bank-file links read loadPayingMethods for the payouts screen, after its seat check.
  "money/bank-files/bank-files.server.ts bankFileLinks",
  "parties/reputation-view.server.ts getBusinessReputation",
  "referrals/access.server.ts getReferralRow",
  "referrals/introduction-view.server.ts assertIntroductionPace",
  "referrals/introduction-view.server.ts rowByToken",
  "referrals/introduction-view.server.ts findIntroduction",
  "referrals/introduction-view.server.ts findEmailConfirmation",
  "referrals/introductions.server.ts answerIntroduction",
  "referrals/introductions.server.ts confirmIntroductionEmail",
  "referrals/referrals.server.ts referralHistory",
  "teams/invitations.server.ts findInvitation",
]);

const named = (fns: { file: string; name: string }[]) => fns.map((fn) => `${fn.file} ${fn.name}`);

describe("the core's functions take the acting party (decision 147)", () => {
  it("every exported function that takes the database takes an actor, or is a building block or a system job", () => {
    const missing = named(coreFunctionsWithoutActor(DOMAIN));
    expect(missing.filter((fn) => !NOT_YET.has(fn))).toEqual([]);
    expect([...NOT_YET].filter((fn) => !missing.includes(fn))).toEqual([]);
  });

  it("fails on a planted function that reads data with no actor, and passes the three ways out", () => {
    const text = `
      export async function plantedRead(db: Database, businessId: number) { return db.select(); }
      export const plantedArrow = async (db: Database, id: number) => id;
      export async function checkedRead(db: Database, actor: SessionUser, businessId: number) { return businessId; }
      export function plantedQuery(db: Database, businessId: number) { return db.select(); }
      export async function plantedJob(db: Database, system: SystemActor, now = Date.now()) { return now; }
      export function pureHelper(amount: number) { return amount; }
      function notExported(db: Database) { return db; }
    `;
    expect(named(functionsWithoutActor([{ file: "planted/planted.server.ts", text }]))).toEqual([
      "planted/planted.server.ts plantedRead",
      "planted/planted.server.ts plantedArrow",
    ]);
  });
});
