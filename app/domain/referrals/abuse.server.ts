import { sql } from "drizzle-orm";
import { businesses, connectors, teamMembers, users } from "../../../db/schema";
import type { Database } from "../../utils/db.server";
import { AppError } from "../../utils/errors.server";
import { preparedSelect } from "../../utils/prepared-select.server";

/**
 * Signals of abuse on a new referral (issue 16, decision 062): a connector who refers themself, or
 * someone on the business's own team, earns a fee for an introduction that is none.
 */
export const SELF_REFERRAL = "You cannot refer yourself";
export const TEAM_REFERRAL = "This is the contact of someone on this business's team";

type Contact = { email: string | null; phone: string | null };
export type ContactMatch = { field: "referredPersonEmail" | "referredPersonPhone"; message: string };

/**
 * Which of the referred person's details match a contact, compared normalised (the same keys the
 * duplicate check uses). Empty keys never match: a phone of no digits is nobody's.
 */
export function contactMatches(
  person: { emailKey: string; phoneKey: string },
  contacts: Contact[],
  message: string,
  normalise: { email: (s: string) => string; phone: (s: string) => string },
): ContactMatch[] {
  const matches: ContactMatch[] = [];
  const emailMatch =
    person.emailKey !== "" && contacts.some((c) => c.email !== null && normalise.email(c.email) === person.emailKey);
  const phoneMatch =
    person.phoneKey !== "" && contacts.some((c) => c.phone !== null && normalise.phone(c.phone) === person.phoneKey);
  if (emailMatch) matches.push({ field: "referredPersonEmail", message });
  if (phoneMatch) matches.push({ field: "referredPersonPhone", message });
  return matches;
}

/** The rows of selfOrTeamContactsQuery: whose contact (the connector's, or the business's team's). */
export type ContactRow = { side: "self" | "team"; email: string | null; phone: string | null };

/**
 * The contacts the self/team check compares besides the connector's profile (unexecuted, for the
 * caller's batch): the connector's account, the business owner's account, the business's contact,
 * every seat's email and the account behind a seat. The connector is named by id, so it needs no read
 * of its own first. (Five terms: D1 allows no more in one compound select.)
 */
export function selfOrTeamContactsQuery(db: Database, connectorId: number, businessId: number) {
  return contactsSelect(db, null, { connectorId, businessId });
}

/** Built once (decision 089); it may ride in an API key's lookup with the other checks (decision 104). */
const contactsSelect = preparedSelect((db, _: null) => {
  const connectorId = sql.placeholder("connectorId");
  const businessId = sql.placeholder("businessId");
  const contacts = sql`
    select 'self' as side, ${users.email} as email, ${users.phone} as phone from ${users} where ${users.id} = (select ${connectors.userId} from ${connectors} where ${connectors.id} = ${connectorId})
    union all
    select 'team', owner.email, owner.phone from ${businesses} join ${users} owner on owner.id = ${businesses.userId}
      where ${businesses.id} = ${businessId}
    union all
    select 'team', ${businesses.contactEmail}, ${businesses.contactPhone} from ${businesses} where ${businesses.id} = ${businessId}
    union all
    select 'team', ${teamMembers.email}, seat_user.phone from ${teamMembers} left join ${users} seat_user on seat_user.id = ${teamMembers.userId}
      where ${teamMembers.businessId} = ${businessId}
    union all
    select 'team', seat_user.email, null from ${teamMembers} join ${users} seat_user on seat_user.id = ${teamMembers.userId}
      where ${teamMembers.businessId} = ${businessId}`;
  // A select builder over the union (not db.all): a raw statement with parameters cannot go in a D1 batch.
  return db
    .select({
      side: sql<ContactRow["side"]>`side`,
      email: sql<string | null>`email`,
      phone: sql<string | null>`phone`,
    })
    .from(sql`(${contacts}) as contacts`);
});

/**
 * Refuses (422, the message under the matching field) a referral whose person's email or phone is
 * the connector's own (their profile's or their account's) or that of someone on the business's team
 * (the owner's account, the business's contact, every seat's email, and the account behind a seat),
 * from the connector's profile and the rows of selfOrTeamContactsQuery; the comparison runs here
 * with the app's normalisers.
 */
export function assertNotSelfOrTeamReferral(
  rows: readonly ContactRow[],
  connector: { email: string | null; phone: string | null },
  referred: { referredPersonEmail: string; referredPersonPhone: string },
  normalise: { email: (s: string) => string; phone: (s: string) => string },
) {
  const person = {
    emailKey: normalise.email(referred.referredPersonEmail),
    phoneKey: normalise.phone(referred.referredPersonPhone),
  };
  const self = contactMatches(person, [connector, ...rows.filter((r) => r.side === "self")], SELF_REFERRAL, normalise);
  const matches = self.length
    ? self
    : contactMatches(
        person,
        rows.filter((r) => r.side === "team"),
        TEAM_REFERRAL,
        normalise,
      );
  const first = matches[0];
  if (!first) return;
  throw new AppError(422, first.message, Object.fromEntries(matches.map((m) => [m.field, [m.message]])));
}
