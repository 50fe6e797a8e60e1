import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, test } from "vitest";
import { startMailCatcher } from "../../scripts/lib/mail-catcher.mjs";
import { mailInbox } from "../shared/mail-inbox";
import { appPerFile } from "./helpers/app";
import { referWithConsent } from "./helpers/introductions";
import { inbox } from "./helpers/mail";
import { newBusiness, newConnector } from "./helpers/parties";
import { eventually } from "./helpers/responses";
import { postEndpoint } from "./helpers/webhooks";

// The Cron Trigger's work (decision 043), driven only through `app.scheduled()`: no request to the
// app happens between a fault and its recovery, as on a quiet night in production.

type Catcher = { inbox: string; stop: () => Promise<void> };
// A catcher of this file's own, so stopping it leaves the other files' shared one alone.
const OWN_MAIL = {
  smtpPort: Number(process.env.INTEGRATION_SMTP_PORT ?? 1325) + 20,
  webPort: Number(process.env.INTEGRATION_MAIL_WEB_PORT ?? 1380) + 20,
};
const ownInbox = mailInbox(`http://127.0.0.1:${OWN_MAIL.webPort}`);
let ownCatcher: Catcher | undefined;
afterAll(() => ownCatcher?.stop());

const app = appPerFile({ WEBHOOK_RETRY_BASE_MS: "200" });
const faultyMailApp = appPerFile({ SMTP_PORT: String(OWN_MAIL.smtpPort), MAIL_RETRY_BASE_MS: "200" });

type Outbox = { id: number; status: string; attempts: number; last_error: string | null; kind: string };
const outboxFor = (target: typeof app, address: string) =>
  target.query<Outbox>(
    "select id, status, attempts, last_error, kind from mail_outbox where to_address = ? order by id",
    address,
  );

/** Mail that is written straight into the outbox (the kind with a fixed address and no token). */
async function queueNotice(target: typeof app, address: string) {
  await target.query(
    "insert into mail_outbox (kind, to_address, payload, next_attempt_at) values ('email_changed', ?, ?, ?)",
    address,
    JSON.stringify({ newEmail: "new@example.com" }),
    Date.now(),
  );
}

describe("mail outbox", () => {
  test("a request only writes the outbox; the scheduled run sends, and overlapping runs send each message once", async () => {
    const addresses = Array.from({ length: 6 }, (_, i) => `overlap_${Date.now()}_${i}@example.com`);
    for (const address of addresses) await queueNotice(app, address);
    await Promise.all([app.scheduled(), app.scheduled(), app.scheduled()]);
    for (const address of addresses) {
      await inbox.waitFor(address);
      expect(await outboxFor(app, address)).toMatchObject([{ status: "sent", attempts: 1, last_error: null }]);
    }
    await app.scheduled();
    // Give a stray second copy time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const address of addresses) expect(await inbox.messagesTo(address)).toHaveLength(1);
  });

  test("a referral's status change mails its verified connector only when the scheduled job runs", async () => {
    const owner = await newBusiness(app);
    const connector = await newConnector(app);
    await app.query("update users set email_verified_at = ? where id = ?", Date.now(), connector.user.id);
    const { referral } = await referWithConsent(app, connector.client, owner.business.id);
    expect((await owner.client.patch(`/api/referrals/${referral.id}`, { status: "approved" })).status).toBe(200);
    const address = connector.payload.email;
    const [row] = await app.query<Outbox>(
      "select status, attempts from mail_outbox where user_id = ? and kind = 'referral_updated'",
      connector.user.id,
    );
    expect(row).toEqual({ status: "pending", attempts: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await inbox.messagesTo(address)).toHaveLength(0);
    await app.scheduled();

    const subject = `Your referral of ${referral.referredPersonName} is now Approved`;
    const mail = await inbox.waitFor(address, { subject });
    expect(mail.text).toContain(`http://localhost/referrals/${referral.id}`);
    expect(mail.html).toContain(`href="http://localhost/referrals/${referral.id}"`);
    const headers = await inbox.headersOf(mail);
    expect(headers["list-unsubscribe"]).toMatch(/^<http:\/\/localhost\/unsubscribe\?u=\d+&k=referral_updated&s=[\w-]+>$/);
    expect(headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(headers["reply-to"]).toBe('"Warm Intros support" <support@warm-intros.test>');
    // Text and HTML as alternatives at the top, with no empty multipart/mixed wrapper (issue 37, item 8).
    expect(headers["content-type"]).toMatch(/^multipart\/alternative; boundary="alternative_[0-9a-f]+"$/);
    expect(mail.from).toEqual([{ address: "hello@warm-intros.test", name: "Warm Intros" }]);
  });

  test("the mail server down, then back: messages wait, then go out once, with no other traffic", async () => {
    const address = `outage_${Date.now()}@example.com`;
    await queueNotice(faultyMailApp, address);
    // Nothing listens on the catcher's port yet: two runs, nothing sent, nothing lost.
    await faultyMailApp.scheduled();
    await faultyMailApp.scheduled();
    const [waiting] = await outboxFor(faultyMailApp, address);
    expect(waiting).toMatchObject({ status: "pending", attempts: 0 });
    expect(waiting?.last_error).toMatch(/^SMTP connect failed/);

    ownCatcher = (await startMailCatcher(OWN_MAIL)) as Catcher;
    await faultyMailApp.scheduled();
    const mail = await ownInbox.waitFor(address);
    expect(mail.subject).toBe("Your Warm Intros email address was changed");
    expect(await outboxFor(faultyMailApp, address)).toMatchObject([{ status: "sent", attempts: 1, last_error: null }]);

    // Stopped again and restarted: later runs neither lose new mail nor resend the old.
    await ownCatcher.stop();
    const second = `outage2_${Date.now()}@example.com`;
    await queueNotice(faultyMailApp, second);
    await faultyMailApp.scheduled();
    expect(await outboxFor(faultyMailApp, second)).toMatchObject([{ status: "pending", attempts: 0 }]);
    ownCatcher = (await startMailCatcher(OWN_MAIL)) as Catcher;
    await faultyMailApp.scheduled();
    await ownInbox.waitFor(second);
    await faultyMailApp.scheduled();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await ownInbox.messagesTo(second)).toHaveLength(1);
    // The restarted catcher starts empty: the first message was not sent again.
    expect(await ownInbox.messagesTo(address)).toHaveLength(0);
  });
});

/** A webhook receiver that can be taken down (its port refuses connections) and brought back. */
async function receiverOnPort() {
  const received: string[] = [];
  let server: Server | undefined;
  let port = 0;
  const up = () =>
    new Promise<void>((resolve) => {
      const listening = createServer((req, res) => {
        let body = "";
        req.on("data", (chunk) => {
          body += chunk;
        });
        req.on("end", () => {
          received.push(body);
          res.writeHead(200).end("ok");
        });
      });
      server = listening;
      listening.listen(port, "127.0.0.1", () => {
        port = (listening.address() as AddressInfo).port;
        resolve();
      });
    });
  const down = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await up();
  return { received, up, down, url: () => `http://127.0.0.1:${port}/hook` };
}

describe("webhook deliveries on the clock", () => {
  test("a receiver down for a while gets its deliveries once it is back, exactly once, with no other traffic", async () => {
    const receiver = await receiverOnPort();
    try {
      const owner = await newBusiness(app);
      const created = await postEndpoint(owner, receiver.url(), ["referral.created"]);
      expect(created.status).toBe(201);
      await receiver.down();
      const connector = await newConnector(app);
      await referWithConsent(app, connector.client, owner.business.id);
      // From here on only the scheduled job runs.
      const delivery = () =>
        app.query<{ status: string; attempts: number; last_error: string | null }>(
          "select d.status, d.attempts, d.last_error from webhook_deliveries d join webhook_events e on e.id = d.event_id where e.business_id = ?",
          owner.business.id,
        );
      await eventually(async () => {
        await app.scheduled();
        return ((await delivery())[0]?.attempts ?? 0) >= 2;
      }, 10_000);
      const [failing] = await delivery();
      expect(failing?.status).toBe("pending");
      expect(failing?.last_error).toBeTruthy();
      expect(receiver.received).toHaveLength(0);

      await receiver.up();
      await eventually(async () => {
        await app.scheduled();
        return (await delivery())[0]?.status === "succeeded";
      }, 10_000);
      await app.scheduled();
      expect(receiver.received).toHaveLength(1);
      expect(JSON.parse(receiver.received[0] ?? "{}")).toMatchObject({ type: "referral.created", businessId: owner.business.id });
    } finally {
      await receiver.down();
    }
  });
});

describe("pruning", () => {
  test("expired sessions, used or lapsed link tokens, old rate-limit rows and idempotency keys go; live ones stay", async () => {
    const person = await newConnector(app);
    const userId = person.user.id;
    const now = Date.now();
    const hour = 60 * 60 * 1000;
    await app.query(
      "insert into sessions (id, user_id, last_seen_at, expires_at) values ('expired-session', ?, ?, ?), ('live-session', ?, ?, ?)",
      userId,
      now - 48 * hour,
      now - hour,
      userId,
      now,
      now + hour,
    );
    await app.query(
      `insert into auth_tokens (purpose, user_id, email, token_hash, expires_at, used_at) values
        ('password_reset', ?, 'a@example.com', 'lapsed', ?, null),
        ('password_reset', ?, 'a@example.com', 'used', ?, ?),
        ('verify_email', ?, 'a@example.com', 'live', ?, null),
        ('verify_email', ?, 'a@example.com', 'used-verify', ?, ?)`,
      userId,
      now - hour,
      userId,
      now + hour,
      now - 1000,
      userId,
      now + hour,
      userId,
      now + hour,
      now - 1000,
    );
    await app.query(
      "insert into rate_limits (key, count, window_start) values ('old-window', 3, ?), ('new-window', 1, ?)",
      now - 48 * hour,
      now,
    );
    await app.scheduled();
    expect(await app.query("select id from sessions where id in ('expired-session', 'live-session')")).toEqual([
      { id: "live-session" },
    ]);
    // A used verification link stays until it lapses, so reopening it can say the address is confirmed (issue 37 item 5).
    expect(
      await app.query("select token_hash from auth_tokens where user_id = ? and email = 'a@example.com' order by id", userId),
    ).toEqual([{ token_hash: "live" }, { token_hash: "used-verify" }]);
    expect(await app.query("select key from rate_limits where key in ('old-window', 'new-window')")).toEqual([
      { key: "new-window" },
    ]);
  });
});
