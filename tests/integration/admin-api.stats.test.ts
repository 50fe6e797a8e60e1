import { afterAll, describe, expect, it } from "vitest";
import { expectAdminOnly, setStatus } from "./helpers/admin-api";
import { type Person, startApp, type TestApp } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { referWithConsent } from "./helpers/introductions";
import type { Client } from "./helpers/marketplace";
import { newBusiness, newConnector } from "./helpers/parties";

describe("GET /api/admin/stats (fresh database)", () => {
  let app: TestApp;
  let admin: Person;
  afterAll(() => app?.dispose());

  it("counts exactly what was inserted; suspended connectors are not counted", async () => {
    app = await startApp();
    // The admin signs up as a business-type account, so it has no connector profile of its own.
    admin = await newAdmin(app, { accountType: "business", name: "Stats Admin" });
    const stats = async () => {
      const res = await admin.client.get("/api/admin/stats");
      expect(res.status).toBe(200);
      return (await res.json()) as {
        totalReferrals: number;
        totalConnectors: number;
        totalBusinesses: number;
        completedReferrals: number;
      };
    };
    expect(await stats()).toEqual({ totalReferrals: 0, totalConnectors: 0, totalBusinesses: 0, completedReferrals: 0 });

    const bizA = await newBusiness(app);
    const bizB = await newBusiness(app);
    const c1 = await newConnector(app);
    const c2 = await newConnector(app);
    const c3 = await newConnector(app);
    const made: { id: number; owner: Client }[] = [];
    for (const [c, biz] of [
      [c1, bizA],
      [c1, bizA],
      [c2, bizA],
      [c2, bizB],
      [c3, bizB],
    ] as const) {
      const { referral } = await referWithConsent(app, c.client, biz.business.id);
      made.push({ id: referral.id, owner: biz.client });
    }
    expect(await stats()).toEqual({ totalReferrals: 5, totalConnectors: 3, totalBusinesses: 2, completedReferrals: 0 });

    // Complete two (as the business), approve and reject others: only "completed" counts.
    const [r0, r1, r2, r3] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0], (typeof made)[0]];
    await setStatus(r0.owner, r0.id, "completed", 100);
    await setStatus(r3.owner, r3.id, "completed", 250.5, "USD");
    await setStatus(r1.owner, r1.id, "approved");
    await setStatus(r2.owner, r2.id, "rejected");
    expect(await stats()).toEqual({ totalReferrals: 5, totalConnectors: 3, totalBusinesses: 2, completedReferrals: 2 });

    // Completed back to approved is no longer counted.
    await setStatus(r0.owner, r0.id, "approved");
    expect((await stats()).completedReferrals).toBe(1);
    await setStatus(r0.owner, r0.id, "completed", 100);

    // Suspending a connector's account removes it from totalConnectors; reinstating brings it back.
    const suspend = await admin.client.post(`/api/admin/users/${c2.user.id}/suspension`, { suspended: true });
    expect(suspend.status).toBe(200);
    expect(await stats()).toEqual({ totalReferrals: 5, totalConnectors: 2, totalBusinesses: 2, completedReferrals: 2 });
    await admin.client.post(`/api/admin/users/${c2.user.id}/suspension`, { suspended: false });
    expect((await stats()).totalConnectors).toBe(3);

    await expectAdminOnly(app, c1.client, "/api/admin/stats");
    await expectAdminOnly(app, bizA.client, "/api/admin/stats");
  });
});
