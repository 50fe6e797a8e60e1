/**
 * Reads the real local mail catcher (maildev's JSON API): the tests see exactly what a person's
 * inbox would. Messages are told apart by recipient, so parallel tests never read each other's mail.
 */
export type CaughtMail = {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
  from: { address: string; name: string }[];
  headers: Record<string, string>;
  date: string;
};

export function mailInbox(inboxUrl: string) {
  async function all(): Promise<CaughtMail[]> {
    const response = await fetch(`${inboxUrl}/api/email`);
    if (!response.ok) throw new Error(`mail catcher answered ${response.status}`);
    return (await response.json()) as CaughtMail[];
  }
  const isFor = (mail: CaughtMail, to: string) => mail.to.some((t) => t.address.toLowerCase() === to.toLowerCase());

  /** Every message to `to` so far, oldest first. */
  async function messagesTo(to: string, subject?: string | RegExp): Promise<CaughtMail[]> {
    return (await all()).filter(
      (m) =>
        isFor(m, to) &&
        (subject === undefined || (typeof subject === "string" ? m.subject === subject : subject.test(m.subject))),
    );
  }

  /** Waits for the `count`-th message to `to` (optionally with a subject); fails after `timeoutMs`. */
  async function waitFor(
    to: string,
    { subject, count = 1, timeoutMs = 15_000 }: { subject?: string | RegExp; count?: number; timeoutMs?: number } = {},
  ) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = await messagesTo(to, subject);
      if (found.length >= count) return found[count - 1] as CaughtMail;
      if (Date.now() > deadline) {
        throw new Error(
          `No mail to ${to}${subject ? ` with subject ${subject}` : ""} within ${timeoutMs} ms (found ${found.length})`,
        );
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /**
   * The message's own header lines as sent (maildev's JSON keeps only a few), names lower-cased,
   * folded lines joined.
   */
  async function headersOf(mail: CaughtMail): Promise<Record<string, string>> {
    const source = await (await fetch(`${inboxUrl}/api/email/${mail.id}/source`)).text();
    const head = source.split(/\r?\n\r?\n/, 1)[0] ?? "";
    const headers: Record<string, string> = {};
    for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
      const colon = line.indexOf(":");
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    return headers;
  }

  return { all, messagesTo, waitFor, headersOf };
}

/** The first link in a message's text part that starts with `prefix` (e.g. the app's /verify-email). */
export function linkIn(mail: CaughtMail, pathPrefix: string): URL {
  for (const match of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(pathPrefix)) return url;
  }
  throw new Error(`No ${pathPrefix} link in "${mail.subject}":\n${mail.text}`);
}
