import { appPerFile, partsMadeInBeforeAll, signedUp } from "./app";
import { newAdmin } from "./fixtures";
import { newBusiness, newConnector, newSeat } from "./parties";

/**
 * The app of one progress-and-notifications.*.test.ts file: a business with a team member, its
 * connector, a platform admin and a stranger, made before its tests, and the count of what an
 * update writes.
 */
export function progressFile() {
  const app = appPerFile();
  const parties = partsMadeInBeforeAll(async () => {
    const business = await newBusiness(app, { companyName: "Progress Co" });
    const connector = await newConnector(app, { name: "Notified Connector" });
    const teamMember = await newSeat(app, business, { name: "Team Updater", role: "member" }, { name: "Team Updater" });
    const admin = await newAdmin(app);
    const stranger = await signedUp(app);
    return { business, connector, teamMember, admin, stranger };
  });

  async function sideEffectCounts(referralId: number) {
    const [row] = await app.query<Record<string, number>>(
      `select (select count(*) from referral_status_changes where referral_id = ?1) as changes,
              (select count(*) from notifications where referral_id = ?1 and user_id = (
                select c.user_id from referrals r join connectors c on c.id = r.connector_id where r.id = ?1)) as notifications,
              (select count(*) from mail_outbox where kind = 'referral_updated') as emails,
              (select count(*) from activity_logs) as activity`,
      referralId,
    );
    return row;
  }

  return { app, parties, sideEffectCounts };
}
