import { describe, expect, it } from "vitest";
import { client } from "./helpers/app";
import { referWithConsent } from "./helpers/introductions";
import { drainMailOutbox } from "./helpers/mail";
import { newConnector } from "./helpers/parties";
import { progressFile } from "./helpers/progress";
import { activityRows, list } from "./helpers/responses";

const { app, parties, sideEffectCounts } = progressFile();
const { business, connector, stranger } = parties;

/** Runs the scheduled job until the outbox holds nothing due. */
const drainOutbox = () => drainMailOutbox(app, 20);

describe("PATCH /api/referrals/{id}: what every update records", () => {
  it("writes the history row, activity, notification and email, and the history shows on GET", async () => {
    const person = await newConnector(app, { name: "History Connector" });
    const { referral } = await referWithConsent(app, person.client, business.business.id, {
      referredPersonName: "Casey Customer",
    });

    const approved = await business.client.patch(`/api/referrals/${referral.id}`, {
      status: "approved",
      statusNotes: "Looks promising",
    });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ status: "approved", statusNotes: "Looks promising" });

    const completed = await business.client.patch(`/api/referrals/${referral.id}`, {
      status: "completed",
      revenueReceived: 2000,
      revenueCurrency: "GBP",
      statusNotes: "Signed",
    });
    expect(completed.status).toBe(200);

    expect(
      await app.query(
        "select from_status, to_status, note, changed_by_user_id from referral_status_changes where referral_id = ? order by id",
        referral.id,
      ),
    ).toEqual([
      { from_status: null, to_status: "pending", note: null, changed_by_user_id: person.user.id },
      { from_status: "pending", to_status: "approved", note: "Looks promising", changed_by_user_id: business.user.id },
      { from_status: "approved", to_status: "completed", note: "Signed", changed_by_user_id: business.user.id },
    ]);

    const detail = await person.client.get(`/api/referrals/${referral.id}`);
    const body = (await detail.json()) as { history: { fromStatus: string | null; toStatus: string; note: string | null }[] };
    expect(body.history.map((h) => [h.fromStatus, h.toStatus, h.note])).toEqual([
      [null, "pending", null],
      ["pending", "approved", "Looks promising"],
      ["approved", "completed", "Signed"],
    ]);

    const approvedActivity = (await activityRows(app, "referral_approved", business.business.id)).filter((a) =>
      a.details?.includes("Casey Customer"),
    );
    const completedActivity = (await activityRows(app, "referral_completed", business.business.id)).filter((a) =>
      a.details?.includes("Casey Customer"),
    );
    expect(approvedActivity).toHaveLength(1);
    expect(completedActivity).toHaveLength(1);
    expect(completedActivity[0]?.user_id).toBe(business.user.id);

    // The connector's notices (the business's team had their own when the referral was made).
    const notes = await app.query<{ title: string; body: string; user_id: number }>(
      "select title, body, user_id from notifications where referral_id = ? and user_id = ? order by id",
      referral.id,
      person.user.id,
    );
    expect(notes).toHaveLength(2);
    expect(notes.every((n) => n.user_id === person.user.id)).toBe(true);
    expect(notes[1]?.title).toContain("Completed");
    expect(notes[1]?.body).toContain("GBP 200.00");

    const mails = await app.query<{ payload: string }>(
      "select payload from mail_outbox where user_id = ? and kind = 'referral_updated' order by id",
      person.user.id,
    );
    expect(mails).toHaveLength(2);
    expect(JSON.parse(mails[1]?.payload ?? "{}").title).toContain("Casey Customer");
  });

  it("writes referral_rejected for a rejection and no activity for a move back to pending", async () => {
    const { referral } = await referWithConsent(app, connector.client, business.business.id, {
      referredPersonName: "Rory Rejected",
    });
    const before = await sideEffectCounts(referral.id);
    await business.client.patch(`/api/referrals/${referral.id}`, {
      status: "rejected",
      rejectionReason: "not_a_fit",
      statusNotes: "Not a fit",
    });
    const rejected = (await activityRows(app, "referral_rejected", business.business.id)).filter((a) =>
      a.details?.includes("Rory Rejected"),
    );
    expect(rejected).toHaveLength(1);
    const afterReject = await sideEffectCounts(referral.id);
    expect(afterReject).toMatchObject({
      changes: (before?.changes ?? 0) + 1,
      notifications: (before?.notifications ?? 0) + 1,
      emails: (before?.emails ?? 0) + 1,
      activity: (before?.activity ?? 0) + 1,
    });

    // Reopening a rejection needs a note saying why (issue 16, decision 058).
    await business.client.patch(`/api/referrals/${referral.id}`, {
      status: "pending",
      statusNotes: "They asked us to look again",
    });
    const afterPending = await sideEffectCounts(referral.id);
    // A history row, notification and email, but pending is not one of the logged activities.
    expect(afterPending).toMatchObject({
      changes: (afterReject?.changes ?? 0) + 1,
      notifications: (afterReject?.notifications ?? 0) + 1,
      emails: (afterReject?.emails ?? 0) + 1,
      activity: afterReject?.activity,
    });
  });

  it("leaves the mail to the scheduled job, which skips a connector whose address is not verified", async () => {
    const person = await newConnector(app);
    const { referral } = await referWithConsent(app, person.client, business.business.id);
    const res = await business.client.patch(`/api/referrals/${referral.id}`, { status: "approved" });
    expect(res.status).toBe(200);
    const query = "select status, attempts, last_error from mail_outbox where user_id = ? and kind = 'referral_updated'";
    expect(await app.query(query, person.user.id)).toEqual([{ status: "pending", attempts: 0, last_error: null }]);
    await drainOutbox();
    expect(await app.query(query, person.user.id)).toEqual([
      { status: "skipped", attempts: 1, last_error: "The recipient's address is not verified" },
    ]);
  });

  it("sends no email when the connector has no email address, but still notifies", async () => {
    const person = await newConnector(app);
    const removed = await person.client.patch(`/api/users/${person.user.id}`, {
      name: "No Mail Person",
      email: "",
      phone: "",
      currentPassword: person.payload.password,
    });
    expect(removed.status).toBe(200);
    const { referral } = await referWithConsent(app, person.client, business.business.id);
    const res = await business.client.patch(`/api/referrals/${referral.id}`, { status: "approved" });
    expect(res.status).toBe(200);
    const after = await sideEffectCounts(referral.id);
    expect(after?.notifications).toBe(1);
    // Whom the mail goes to is decided when it is sent: this one has nobody to go to.
    await drainOutbox();
    expect(
      await app.query(
        "select status, last_error from mail_outbox where user_id = ? and kind = 'referral_updated'",
        person.user.id,
      ),
    ).toEqual([{ status: "skipped", last_error: "The recipient has no address" }]);
  });
});

describe("GET and POST /api/notifications", () => {
  it("shows the connector's notifications with the unread count, and marks one read", async () => {
    const person = await newConnector(app, { name: "Reader" });
    const a = await referWithConsent(app, person.client, business.business.id, { referredPersonName: "Alpha Person" });
    const b = await referWithConsent(app, person.client, business.business.id, { referredPersonName: "Beta Person" });
    const empty = await list(person.client, "/api/notifications");
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    expect(empty.res.headers.get("X-Unread-Count")).toBe("0");

    await business.client.patch(`/api/referrals/${a.referral.id}`, { status: "approved" });
    await business.client.patch(`/api/referrals/${b.referral.id}`, { status: "rejected", rejectionReason: "duplicate" });

    type Note = { id: number; title: string; read: boolean; referralId: number; link: string };
    const { status, body, res } = await list<Note>(person.client, "/api/notifications");
    expect(status).toBe(200);
    expect(res.headers.get("X-Unread-Count")).toBe("2");
    expect(body.map((n) => n.referralId)).toEqual([b.referral.id, a.referral.id]);
    expect(body.map((n) => n.read)).toEqual([false, false]);
    expect(body[1]?.title).toBe("Your referral of Alpha Person is now Approved");
    expect(body[0]?.title).toBe("Your referral of Beta Person is now Rejected");

    // Nobody else sees them.
    const others = await list<Note>(stranger.client, "/api/notifications");
    expect(others.body.map((n) => n.id)).not.toContain(body[0]?.id);

    const marked = await person.client.post("/api/notifications", { id: body[1]?.id });
    expect(marked.status).toBe(200);
    const after = await list<Note>(person.client, "/api/notifications");
    expect(after.res.headers.get("X-Unread-Count")).toBe("1");
    expect(after.body.find((n) => n.id === body[1]?.id)?.read).toBe(true);
    expect(after.body.find((n) => n.id === body[0]?.id)?.read).toBe(false);

    const all = await person.client.post("/api/notifications", {});
    expect(all.status).toBe(200);
    expect((await person.client.get("/api/notifications")).headers.get("X-Unread-Count")).toBe("0");
  });

  it("answers 404 for another user's notification id and leaves it unread", async () => {
    const person = await newConnector(app);
    const { referral } = await referWithConsent(app, person.client, business.business.id);
    await business.client.patch(`/api/referrals/${referral.id}`, { status: "approved" });
    const [note] = await app.query<{ id: number }>("select id from notifications where user_id = ?", person.user.id);
    const res = await stranger.client.post("/api/notifications", { id: note?.id });
    expect(res.status).toBe(404);
    expect(await app.query("select read_at from notifications where id = ?", note?.id)).toEqual([{ read_at: null }]);
    // Marking "all" as someone else touches only one's own.
    await stranger.client.post("/api/notifications", {});
    expect(await app.query("select read_at from notifications where id = ?", note?.id)).toEqual([{ read_at: null }]);
  });

  it("answers 401 to an anonymous caller and 400 to a bad id", async () => {
    expect((await client(app).get("/api/notifications")).status).toBe(401);
    expect((await client(app).post("/api/notifications", {})).status).toBe(401);
    expect((await connector.client.post("/api/notifications", { id: "abc" })).status).toBe(400);
  });

  it("answers other methods 405 without marking anything read", async () => {
    const person = await newConnector(app);
    const { referral } = await referWithConsent(app, person.client, business.business.id);
    await business.client.patch(`/api/referrals/${referral.id}`, { status: "approved" });
    for (const res of [await person.client.patch("/api/notifications", {}), await person.client.delete("/api/notifications")]) {
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("GET, POST");
    }
    expect((await person.client.get("/api/notifications")).headers.get("X-Unread-Count")).toBe("1");
  });

  it("pages with limit and offset and reports the unpaged total", async () => {
    const person = await newConnector(app);
    for (let i = 0; i < 3; i += 1) {
      const { referral } = await referWithConsent(app, person.client, business.business.id);
      await business.client.patch(`/api/referrals/${referral.id}`, { status: "approved" });
    }
    const page = await list(person.client, "/api/notifications?limit=2&offset=1");
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(2);
    expect(page.total).toBe("3");
    expect(page.res.headers.get("X-Unread-Count")).toBe("3");
    expect((await person.client.get("/api/notifications?limit=0")).status).toBe(400);
  });
});
