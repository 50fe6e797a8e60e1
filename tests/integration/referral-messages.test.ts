import { describe, expect, it } from "vitest";
import { linkIn } from "../shared/mail-inbox";
import { appPerFile } from "./helpers/app";
import { newAdmin } from "./helpers/fixtures";
import { inbox } from "./helpers/mail";
import { refer } from "./helpers/marketplace";
import { newBusiness, newConnector, newSeat, verifyEmailOf } from "./helpers/parties";
import { errorOf, list, pageText, singleFetchBody } from "./helpers/responses";

// Issue 16 §4: a conversation per referral. Decisions 059 (who writes, limits, how a thread becomes
// read) and 060 (one mail per reader per burst).

const app = appPerFile();

type Message = {
  id: number;
  referralId: number;
  authorSide: "connector" | "business";
  authorName: string | null;
  body: string;
  createdAt: string;
};

/** A business with an accepted team member, and a connector's referral to it. */
async function conversation() {
  const owner = await newBusiness(app, {}, { name: "Olive Owner" });
  const member = await newSeat(app, owner, { name: "Mia Member", role: "member" }, { name: "Mia Member" });
  const connector = await newConnector(app, { name: "Carl Connector" });
  const { referral } = await refer(connector.client, owner.business.id, { referredPersonName: "Rita Referred" });
  return { owner, member, connector, referral, path: `/api/referrals/${referral.id}/messages` };
}

const unreadOf = async (userId: number, referralId: number) =>
  (
    await app.query<{ unread_count: number }>(
      "select unread_count from referral_message_unreads where user_id = ? and referral_id = ?",
      userId,
      referralId,
    )
  )[0]?.unread_count ?? 0;

const messageMail = (userId: number) =>
  app.query<{ payload: string; status: string }>(
    "select payload, status from mail_outbox where user_id = ? and kind = 'referral_message' order by id",
    userId,
  );

/** Runs the scheduled job until the user's message mail has left the outbox (earlier tests' rows queue first). */
async function drainUntilSent(userId: number) {
  for (let run = 0; run < 20; run++) {
    await app.scheduled();
    if ((await messageMail(userId)).every((row) => row.status !== "pending")) return;
  }
  throw new Error("the message mail stayed in the outbox");
}

describe("writing and reading a referral's conversation through the API", () => {
  it("lets the connector write (201), lists messages oldest first with X-Total-Count and paging, to both sides", async () => {
    const { owner, member, connector, referral, path } = await conversation();
    const first = await connector.client.post(path, { body: "  Hello, Rita is keen to talk.  " });
    expect(first.status).toBe(201);
    const created = (await first.json()) as Message;
    expect(created).toMatchObject({
      referralId: referral.id,
      authorSide: "connector",
      authorName: "Carl Connector",
      body: "Hello, Rita is keen to talk.",
    });
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
    const second = await member.client.post(path, { body: "Thanks!\nWe will call her tomorrow." });
    expect(second.status).toBe(201);
    expect(await second.json()).toMatchObject({ authorSide: "business", authorName: "Mia Member" });

    for (const who of [connector, owner, member]) {
      const { status, body, total } = await list<Message>(who.client, path);
      expect(status).toBe(200);
      expect(total).toBe("2");
      expect(body.map((m) => m.body)).toEqual(["Hello, Rita is keen to talk.", "Thanks!\nWe will call her tomorrow."]);
    }
    const page = await list<Message>(owner.client, `${path}?limit=1&offset=1`);
    expect(page.total).toBe("2");
    expect(page.body.map((m) => m.authorName)).toEqual(["Mia Member"]);
    const bad = await owner.client.get(`${path}?limit=0`);
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).errors).toEqual({ limit: ["limit must be at least 1"] });
  });

  it("lets a platform admin read (200) but not write (403) or mark read (403); strangers get 404 for all three", async () => {
    const { connector, path } = await conversation();
    await connector.client.post(path, { body: "For the record" });
    const admin = await newAdmin(app);
    const read = await list<Message>(admin.client, path);
    expect(read.status).toBe(200);
    expect(read.body.map((m) => m.body)).toEqual(["For the record"]);
    const write = await admin.client.post(path, { body: "Admin here" });
    expect(write.status).toBe(403);
    expect(await errorOf(write)).toEqual({ message: "Platform admins can read this conversation but not write in it" });
    expect((await admin.client.post(`${path}/read`)).status).toBe(403);

    const stranger = await newConnector(app);
    const otherOwner = await newBusiness(app);
    for (const who of [stranger, otherOwner]) {
      for (const res of [
        await who.client.get(path),
        await who.client.post(path, { body: "Let me in" }),
        await who.client.post(`${path}/read`),
      ]) {
        expect(res.status).toBe(404);
        expect(await errorOf(res)).toEqual({ message: "Referral not found" });
      }
    }
    const missing = await connector.client.get("/api/referrals/999999999/messages");
    expect(missing.status).toBe(404);
    const rows = await app.query("select body from referral_messages where body in ('Admin here', 'Let me in')");
    expect(rows).toEqual([]);
  });

  it("refuses an empty, blank, missing, non-text or too long body with the field's message, and writes nothing", async () => {
    const { connector, referral, path } = await conversation();
    const cases: [unknown, string][] = [
      [{ body: "" }, "Please write a message"],
      [{ body: " \n\t " }, "Please write a message"],
      [{}, "Please write a message"],
      [{ body: 42 }, "Expected string, received number"],
      [{ body: "Hi\u0000there" }, "Contains characters that are not allowed"],
      [{ body: "x".repeat(2001) }, "A message can be at most 2000 characters"],
    ];
    for (const [payload, message] of cases) {
      const res = await connector.client.post(path, payload);
      expect(res.status, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(await errorOf(res)).toEqual({ message: "Validation failed", errors: { body: [message] } });
    }
    const malformed = await connector.client.post(path, "{not json");
    expect(malformed.status).toBe(400);
    expect(await app.query("select id from referral_messages where referral_id = ?", referral.id)).toEqual([]);
    // 2000 characters is the limit, not over it.
    expect((await connector.client.post(path, { body: "y".repeat(2000) })).status).toBe(201);
  });

  it("answers the 11th message in a minute with 429 and Retry-After, writing nothing", async () => {
    const { owner, path, referral } = await conversation();
    for (let i = 1; i <= 10; i++) expect((await owner.client.post(path, { body: `Message ${i}` })).status).toBe(201);
    const refused = await owner.client.post(path, { body: "Message 11" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await errorOf(refused)).toEqual({
      message: "You are sending messages too quickly. Please wait a moment and try again.",
    });
    const [count] = await app.query<{ n: number }>(
      "select count(*) as n from referral_messages where referral_id = ?",
      referral.id,
    );
    expect(count?.n).toBe(10);
  });

  it("replays a POST retried with the same Idempotency-Key instead of writing twice", async () => {
    const { connector, path, referral } = await conversation();
    const headers = { "Idempotency-Key": `msg-${referral.id}` };
    const first = await connector.client.post(path, { body: "Only once" }, headers);
    const again = await connector.client.post(path, { body: "Only once" }, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    expect(await app.query("select id from referral_messages where referral_id = ?", referral.id)).toHaveLength(1);
  });

  it("takes API keys: referrals:read lists, referrals:write posts; a read-only key cannot post", async () => {
    const { owner, connector, path } = await conversation();
    const keyOf = async (c: typeof owner.client, body: Record<string, unknown>) =>
      ((await (await c.post("/api/api-keys", body)).json()) as { key: string }).key;
    const writer = await keyOf(owner.client, {
      name: "CRM",
      scopes: ["referrals:read", "referrals:write"],
      businessId: owner.business.id,
    });
    const reader = await keyOf(connector.client, { name: "Sheet", scopes: ["referrals:read"] });
    const posted = await app.fetch(path, {
      method: "POST",
      headers: { Authorization: `Bearer ${writer}`, "Content-Type": "application/json" },
      body: JSON.stringify({ body: "From our CRM" }),
    });
    expect(posted.status).toBe(201);
    expect(await posted.json()).toMatchObject({ authorSide: "business", body: "From our CRM" });
    const listed = await app.fetch(path, { headers: { Authorization: `Bearer ${reader}` } });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as Message[]).map((m) => m.body)).toEqual(["From our CRM"]);
    const refused = await app.fetch(path, {
      method: "POST",
      headers: { Authorization: `Bearer ${reader}`, "Content-Type": "application/json" },
      body: JSON.stringify({ body: "Nope" }),
    });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({ message: "This API key lacks the referrals:write scope" });
  });
});

describe("unread counts", () => {
  it("count each message for every reader on the other side, never the author, and reading clears only the reader's", async () => {
    const { owner, member, connector, referral, path } = await conversation();
    await connector.client.post(path, { body: "One" });
    await connector.client.post(path, { body: "Two" });
    expect(await unreadOf(owner.user.id, referral.id)).toBe(2);
    expect(await unreadOf(member.user.id, referral.id)).toBe(2);
    expect(await unreadOf(connector.user.id, referral.id)).toBe(0);

    // The member answers: replying is reading, for the member only; the connector has one unread.
    await member.client.post(path, { body: "Three" });
    expect(await unreadOf(member.user.id, referral.id)).toBe(0);
    expect(await unreadOf(owner.user.id, referral.id)).toBe(2);
    expect(await unreadOf(connector.user.id, referral.id)).toBe(1);

    // Listing is a GET: it changes nothing. The POST marks read.
    await owner.client.get(path);
    expect(await unreadOf(owner.user.id, referral.id)).toBe(2);
    const read = await owner.client.post(`${path}/read`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ message: "Marked as read" });
    expect(await unreadOf(owner.user.id, referral.id)).toBe(0);
    expect(await unreadOf(connector.user.id, referral.id)).toBe(1);
  });

  it("show in the sidebar next to My Referrals for the connector and Incoming Referrals for the team, with an accessible label", async () => {
    const { owner, connector, referral, path } = await conversation();
    await connector.client.post(path, { body: "Ping" });
    await connector.client.post(path, { body: "Ping again" });
    await owner.client.post(path, { body: "Pong" });
    // The owner answered, so the owner has nothing unread; the connector has one.
    const connectorPage = await pageText(await connector.client.get("/"));
    expect(connectorPage).toContain('aria-label="My Referrals (1 unread messages)"');
    expect(connectorPage).not.toContain("Incoming Referrals (");
    const ownerPage = await pageText(await owner.client.get("/business/referrals"));
    expect(ownerPage).not.toContain("unread messages");

    await connector.client.post(path, { body: "Ping 3" });
    await connector.client.post(path, { body: "Ping 4" });
    const again = await pageText(await owner.client.get("/settings"));
    expect(again).toContain('aria-label="Incoming Referrals (2 unread messages)"');
    expect(again).not.toContain("My Referrals (");

    await connector.client.post(`/api/referrals/${referral.id}/messages/read`);
    expect(await pageText(await connector.client.get("/"))).not.toContain("unread messages");
  });

  it("stop counting for someone who left the team", async () => {
    const { owner, member, connector, referral, path } = await conversation();
    await connector.client.post(path, { body: "Hello team" });
    expect(await pageText(await member.client.get("/settings"))).toContain("Incoming Referrals (1 unread messages)");
    await app.query("update team_members set user_id = null where user_id = ?", member.user.id);
    expect(await pageText(await member.client.get("/settings"))).not.toContain("unread messages");
    expect(await unreadOf(owner.user.id, referral.id)).toBe(1);
  });
});

describe("message mail", () => {
  it("mails each reader once per burst: again only after they have read the conversation", async () => {
    const { owner, member, connector, referral, path } = await conversation();
    await verifyEmailOf(app, connector.user.id);
    await owner.client.post(path, { body: "Rita signed <b>today</b> & says thanks." });
    await owner.client.post(path, { body: "Second message in the burst" });
    await member.client.post(path, { body: "Third, from the member" });
    expect(await messageMail(connector.user.id)).toHaveLength(1);
    // The member heard of nothing: the owner's messages are from their own side.
    expect(await messageMail(member.user.id)).toEqual([]);
    expect(await messageMail(owner.user.id)).toEqual([]);
    const [row] = await messageMail(connector.user.id);
    expect(JSON.parse(row?.payload ?? "{}")).toEqual({
      path: `/referrals/${referral.id}`,
      authorName: "Olive Owner",
      authorSide: "business",
      businessName: owner.business.companyName,
      referredPersonName: "Rita Referred",
      excerpt: "Rita signed <b>today</b> & says thanks.",
    });

    await drainUntilSent(connector.user.id);
    const subject = "New message about the referral of Rita Referred";
    const mail = await inbox.waitFor(connector.payload.email, { subject });
    expect(mail.text).toContain(
      `Olive Owner of ${owner.business.companyName} wrote in the conversation about the referral of Rita Referred to ${owner.business.companyName}:`,
    );
    expect(mail.text).toContain("“Rita signed <b>today</b> & says thanks.”");
    expect(mail.html).toContain("Rita signed &lt;b&gt;today&lt;/b&gt; &amp; says thanks.");
    expect(linkIn(mail, "/referrals/").href).toBe(`http://localhost/referrals/${referral.id}`);
    expect(mail.text).toMatch(/Unsubscribe: http:\/\/localhost\/unsubscribe\?u=\d+&k=referral_message&s=/);

    // Read, then a new message: a new mail.
    await connector.client.post(`${path}/read`);
    await owner.client.post(path, { body: "A new burst" });
    expect(await messageMail(connector.user.id)).toHaveLength(2);
  });

  it("is skipped at send time for a reader who turned message mail off", async () => {
    const { owner, connector, path } = await conversation();
    await verifyEmailOf(app, connector.user.id);
    const prefs = await connector.client.patch(`/api/users/${connector.user.id}/email-preferences`, { referralMessage: false });
    expect(prefs.status).toBe(200);
    await owner.client.post(path, { body: "Are you there?" });
    await drainUntilSent(connector.user.id);
    expect(await messageMail(connector.user.id)).toMatchObject([{ status: "skipped" }]);
  });
});

describe("the referral page's conversation", () => {
  it("shows each message's author, side, time and text (escaped, line breaks kept) to both sides and admins", async () => {
    const { owner, connector, referral, path } = await conversation();
    await connector.client.post(path, { body: "<script>alert(1)</script>\nSecond line" });
    await owner.client.post(path, { body: "Noted" });
    const admin = await newAdmin(app);
    for (const who of [connector, owner, admin]) {
      const res = await who.client.get(`/referrals/${referral.id}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Conversation");
      expect(html).not.toContain("<script>alert(1)</script>");
      expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;\nSecond line");
      expect(html).toContain("Carl Connector");
      expect(html).toContain("Olive Owner");
      expect(html).toMatch(/<time dateTime="[^"]+">[^<]+UTC<\/time>/);
    }
    const adminPage = await pageText(await admin.client.get(`/referrals/${referral.id}`));
    expect(adminPage).toContain("Platform admins can read this conversation but not write in it.");
    expect(adminPage).not.toContain("Send message");
    expect(await pageText(await connector.client.get(`/referrals/${referral.id}`))).toContain("Send message");
  });

  it("posts without JavaScript: a field message for an empty body, a redirect to the thread for a good one", async () => {
    const { owner, connector, referral } = await conversation();
    const page = `/referrals/${referral.id}`;
    const empty = await owner.client.form(page, { intent: "message", body: "   " });
    expect(empty.status).toBe(400);
    expect(await pageText(empty)).toContain("Please write a message");
    const long = await owner.client.form(page, { intent: "message", body: "z".repeat(2001) });
    expect(long.status).toBe(400);
    expect(await pageText(long)).toContain("A message can be at most 2000 characters");

    const sent = await owner.client.form(page, { intent: "message", body: "Sent from the form" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`${page}#messages`);
    expect(await unreadOf(connector.user.id, referral.id)).toBe(1);
    const shown = await pageText(await connector.client.get(page));
    expect(shown).toContain("Sent from the form");
    expect(shown).toContain("1 new message");
    // The page itself (a GET) does not mark it read; its form (or script) does.
    expect(await unreadOf(connector.user.id, referral.id)).toBe(1);
    const read = await connector.client.form(page, { intent: "read-messages" });
    expect(read.status).toBe(302);
    expect(await unreadOf(connector.user.id, referral.id)).toBe(0);
    // The page's script marks it read in the background: an answer, not a move to the thread.
    await owner.client.form(page, { intent: "message", body: "One more" });
    // As Remix's fetcher sends it (single fetch: the page's path with `.data`).
    const background = await connector.client.form(`${page}.data`, {
      intent: "read-messages",
      background: "1",
    });
    expect(background.status).toBe(200);
    expect(await singleFetchBody(background)).toEqual({ data: { read: true } });
    expect(await unreadOf(connector.user.id, referral.id)).toBe(0);
    expect(await pageText(await connector.client.get(page))).not.toContain("new message");
  });

  it("refuses a platform admin's form (403) and a stranger's (404), writing nothing", async () => {
    const { referral } = await conversation();
    const page = `/referrals/${referral.id}`;
    const admin = await newAdmin(app);
    expect((await admin.client.form(page, { intent: "message", body: "Admin note" })).status).toBe(403);
    const stranger = await newConnector(app);
    expect((await stranger.client.form(page, { intent: "message", body: "Hi" })).status).toBe(404);
    expect((await stranger.client.form(page, { intent: "read-messages" })).status).toBe(404);
    expect(await app.query("select id from referral_messages where referral_id = ?", referral.id)).toEqual([]);
  });
});

describe("the referral page's way back", () => {
  // A team admin's seat role is "admin", as a platform admin's viewer role was: the page sent team
  // admins to the admin console (found while building the conversation).
  it("leads a team admin back to Incoming Referrals and only a platform admin to the Admin Dashboard", async () => {
    const { owner, referral } = await conversation();
    const teamAdmin = await newSeat(app, owner, { name: "Tara Teamadmin", role: "admin" }, { name: "Tara Teamadmin" });
    const teamAdminPage = await (await teamAdmin.client.get(`/referrals/${referral.id}`)).text();
    expect(teamAdminPage).toMatch(/href="\/business\/referrals"[^>]*>.*?Back to Incoming Referrals/s);
    expect(teamAdminPage).not.toContain("Back to Admin Dashboard");
    // A team admin writes for the business, like the owner.
    expect(await pageText(await teamAdmin.client.get(`/referrals/${referral.id}`))).toContain("Send message");

    const platformAdmin = await newAdmin(app);
    const adminPage = await (await platformAdmin.client.get(`/referrals/${referral.id}`)).text();
    expect(adminPage).toMatch(/href="\/admin"[^>]*>.*?Back to Admin Dashboard/s);
  });
});
