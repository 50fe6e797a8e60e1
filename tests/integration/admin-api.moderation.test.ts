import { describe, expect, it } from "vitest";
import { adminApiWorld, type ConnectorRow, cellsOf, csvOf, expectAdminOnly } from "./helpers/admin-api";
import { client } from "./helpers/app";
import { expectNoInternals, newAdmin, tableCounts } from "./helpers/fixtures";
import type { ReferralBody } from "./helpers/marketplace";
import { newConnector } from "./helpers/parties";
import { activityRows, errorOf, list } from "./helpers/responses";

describe("admin API", () => {
  const { app, parts } = adminApiWorld();
  const { admin, regular, bizA, bizB, teamMember, carol, evil, referralsOf } = parts;

  describe("POST /api/admin/users/{id}/suspension", () => {
    it("suspends: every session ends at once, login is refused with 403, the admin's action is logged", async () => {
      const target = await newConnector(app, { name: "Sam Suspended" });
      const second = client(app);
      expect(
        (await second.post("/api/auth/login", { username: target.payload.username, password: "kettle-harbor-29" })).status,
      ).toBe(200);
      expect((await target.client.get("/api/auth/me")).status).toBe(200);

      const res = await admin.client.post(`/api/admin/users/${target.user.id}/suspension`, { suspended: true });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ id: target.user.id, suspended: true });
      expect((await target.client.get("/api/auth/me")).status).toBe(401);
      expect((await second.get("/api/auth/me")).status).toBe(401);
      expect(await app.query("select id from sessions where user_id = ?", target.user.id)).toEqual([]);
      const [u] = await app.query<{ suspended_at: number | null }>("select suspended_at from users where id = ?", target.user.id);
      expect(u?.suspended_at).not.toBeNull();

      const login = await client(app).post("/api/auth/login", {
        username: target.payload.username,
        password: "kettle-harbor-29",
      });
      expect(login.status).toBe(403);
      expect((await errorOf(login)).message).toBe("This account is suspended. Please contact support.");
      expect(login.headers.getSetCookie()).toEqual([]);

      const logged = await activityRows(app, "user_suspended");
      expect(logged).toHaveLength(1);
      expect(logged[0]?.user_id).toBe(admin.user.id);
      expect(logged[0]?.details).toContain(target.user.username);

      // Shown in the admin table and its status filter.
      const suspended = await list<ConnectorRow>(admin.client, "/api/admin/connectors?status=suspended");
      expect(suspended.body.map((r) => r.userId)).toEqual([target.user.id]);
      expect(suspended.body[0]?.suspended).toBe(true);
      expect(suspended.body[0]?.suspendedAt).toEqual(expect.any(String));
      const active = await list<ConnectorRow>(admin.client, "/api/admin/connectors?status=active");
      expect(active.body.map((r) => r.userId)).not.toContain(target.user.id);
      expect(active.body.map((r) => r.userId)).toContain(carol.user.id);
      const all = await list<ConnectorRow>(admin.client, "/api/admin/connectors");
      expect(Number(active.total) + Number(suspended.total)).toBe(Number(all.total));
      expect((await admin.client.get("/api/admin/connectors?status=frozen")).status).toBe(400);
      const csv = await csvOf(admin.client, "/api/admin/connectors?format=csv&status=suspended");
      expect(csv).toHaveLength(2);
      expect(cellsOf(csv[1])[5]).toBe("yes");

      // Reinstate: login works again and the reinstatement is logged with the admin's id.
      const back = await admin.client.post(`/api/admin/users/${target.user.id}/suspension`, { suspended: false });
      expect(back.status).toBe(200);
      expect(await back.json()).toEqual({ id: target.user.id, suspended: false });
      const again = client(app);
      expect(
        (await again.post("/api/auth/login", { username: target.payload.username, password: "kettle-harbor-29" })).status,
      ).toBe(200);
      expect((await again.get("/api/auth/me")).status).toBe(200);
      const reinstated = await activityRows(app, "user_reinstated");
      expect(reinstated).toHaveLength(1);
      expect(reinstated[0]?.user_id).toBe(admin.user.id);
      expect((await list(admin.client, "/api/admin/connectors?status=suspended")).body).toEqual([]);
    });

    it("never suspends an administrator (422), answers 404 for an unknown user", async () => {
      const otherAdmin = await newAdmin(app, { name: "Other Admin" });
      const before = await tableCounts(app);
      for (const id of [otherAdmin.user.id, admin.user.id]) {
        const res = await admin.client.post(`/api/admin/users/${id}/suspension`, { suspended: true });
        expect(res.status).toBe(422);
        expectNoInternals(JSON.stringify(await errorOf(res)));
      }
      expect((await otherAdmin.client.get("/api/auth/me")).status).toBe(200);
      expect((await admin.client.get("/api/auth/me")).status).toBe(200);
      const missing = await admin.client.post("/api/admin/users/999999/suspension", { suspended: true });
      expect(missing.status).toBe(404);
      expect((await errorOf(missing)).message).toBe("User not found");
      expect((await admin.client.post("/api/admin/users/abc/suspension", { suspended: true })).status).toBe(404);
      expect(await tableCounts(app)).toEqual(before);
      expect(await app.query("select id from users where suspended_at is not null")).toEqual([]);
    });

    it("is refused to anonymous (401) and non-admins (403), and nothing changes", async () => {
      const before = await tableCounts(app);
      await expectAdminOnly(app, regular.client, `/api/admin/users/${carol.user.id}/suspension`, "POST", { suspended: true });
      await expectAdminOnly(app, bizA.client, `/api/admin/users/${carol.user.id}/suspension`, "POST", { suspended: true });
      // Not even on oneself.
      const self = await regular.client.post(`/api/admin/users/${regular.user.id}/suspension`, { suspended: true });
      expect(self.status).toBe(403);
      expect(await tableCounts(app)).toEqual(before);
      expect(await app.query("select id from users where suspended_at is not null")).toEqual([]);
      expect((await carol.client.get("/api/auth/me")).status).toBe(200);
      expect((await regular.client.get("/api/auth/me")).status).toBe(200);
    });

    it("answers 403 to a non-admin before looking at the body or the id", async () => {
      const before = await tableCounts(app);
      for (const [path, body] of [
        [`/api/admin/users/${carol.user.id}/suspension`, {}],
        [`/api/admin/users/${carol.user.id}/suspension`, "not json"],
        ["/api/admin/users/999999/suspension", { suspended: true }],
        ["/api/admin/users/abc/suspension", { suspended: true }],
      ] as const) {
        const res = await regular.client.post(path, body);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(403);
        expect((await errorOf(res)).message).toBe("Admin access required");
      }
      expect(await tableCounts(app)).toEqual(before);
    });

    it("answers 400 to a bad body and changes nothing", async () => {
      const before = await tableCounts(app);
      for (const body of [{}, { suspended: "yes" }, { suspended: 1 }, { suspended: null }, "not json", []]) {
        const res = await admin.client.post(`/api/admin/users/${carol.user.id}/suspension`, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        const text = await res.text();
        expectNoInternals(text);
        expect(JSON.parse(text).message).toEqual(expect.any(String));
      }
      expect(await tableCounts(app)).toEqual(before);
      expect((await carol.client.get("/api/auth/me")).status).toBe(200);
      expect((await admin.client.get(`/api/admin/users/${carol.user.id}/suspension`)).status).toBe(405);
    });
  });

  describe("POST /api/admin/referrals/{id}/remind", () => {
    const reminders = (referralId: number) =>
      app.query<{ user_id: number; title: string; link: string | null }>(
        "select user_id, title, link from notifications where referral_id = ? and title like 'Reminder:%' order by user_id",
        referralId,
      );

    it("notifies the business owner and every linked team member, and logs it with the admin's id", async () => {
      const referral = referralsOf.carol?.[2] as ReferralBody;
      const res = await admin.client.post(`/api/admin/referrals/${referral.id}/remind`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: "Reminder sent", notified: 2 });
      const rows = await reminders(referral.id);
      expect(rows.map((r) => r.user_id)).toEqual([bizA.user.id, teamMember.user.id].sort((a, b) => a - b));
      for (const r of rows) expect(r.title).toContain(referral.referredPersonName);
      const logged = await activityRows(app, "referral_reminder", bizA.business.id);
      expect(logged).toHaveLength(1);
      expect(logged[0]?.user_id).toBe(admin.user.id);

      // The owner and the team member see it in their notifications.
      for (const c of [bizA.client, teamMember.client]) {
        const res = await c.get("/api/notifications");
        expect(res.status).toBe(200);
        const items = (await res.json()) as { title: string; referralId: number | null }[];
        expect(
          items.filter((n) => n.title.startsWith("Reminder:") && n.title.includes(referral.referredPersonName)),
        ).toHaveLength(1);
      }
    });

    it("a business without a team notifies only its owner", async () => {
      const referral = referralsOf.carol?.[4] as ReferralBody;
      const res = await admin.client.post(`/api/admin/referrals/${referral.id}/remind`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: "Reminder sent", notified: 1 });
      expect((await reminders(referral.id)).map((r) => r.user_id)).toEqual([bizB.user.id]);
    });

    it("a completed or rejected referral has nothing to remind: 409, and no notice, mail or log (issue 37 item 8)", async () => {
      const closed = [referralsOf.carol?.[0], referralsOf.carol?.[3]] as ReferralBody[];
      const before = await tableCounts(app);
      const mailBefore = await app.query<{ n: number }>("select count(*) as n from mail_outbox");
      for (const referral of closed) {
        const res = await admin.client.post(`/api/admin/referrals/${referral.id}/remind`);
        expect(res.status, `referral ${referral.id}`).toBe(409);
        expect((await errorOf(res)).message).toBe("This referral is closed: there is nothing to remind its business of");
        expect(await reminders(referral.id)).toEqual([]);
      }
      expect(await tableCounts(app)).toEqual(before);
      expect(await app.query<{ n: number }>("select count(*) as n from mail_outbox")).toEqual(mailBefore);
    });

    it("is refused to anonymous (401) and non-admins (403) without notifying anyone; unknown referral 404", async () => {
      const referral = referralsOf.evil?.[0] as ReferralBody;
      const before = await app.query<{ n: number }>("select count(*) as n from notifications");
      const logsBefore = await tableCounts(app);
      for (const c of [regular.client, bizA.client, teamMember.client, evil.client]) {
        await expectAdminOnly(app, c, `/api/admin/referrals/${referral.id}/remind`, "POST");
      }
      expect(await app.query<{ n: number }>("select count(*) as n from notifications")).toEqual(before);
      expect(await tableCounts(app)).toEqual(logsBefore);
      expect(await reminders(referral.id)).toEqual([]);

      for (const path of ["/api/admin/referrals/999999/remind", "/api/admin/referrals/abc/remind"]) {
        const res = await regular.client.post(path);
        expect(res.status, path).toBe(403);
      }
      const missing = await admin.client.post("/api/admin/referrals/999999/remind");
      expect(missing.status).toBe(404);
      expect((await errorOf(missing)).message).toBe("Referral not found");
      expect((await admin.client.post("/api/admin/referrals/abc/remind")).status).toBe(404);
      expect((await admin.client.get(`/api/admin/referrals/${referral.id}/remind`)).status).toBe(405);
      expect(await app.query<{ n: number }>("select count(*) as n from notifications")).toEqual(before);
    });
  });
});
