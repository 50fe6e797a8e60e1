import { describe, expect, test } from "vitest";
import { bodyLines, extraHeaders, headerText, mailboxHeader, oneLine, smtpAddress } from "./mail-headers.server";
import { wireMessage } from "./mailer.server";

/** Decodes what headerText wrote: unfolds, then joins adjacent "B" encoded words (RFC 2047 6.2). */
function decoded(value: string): string {
  const unfolded = value.replace(/\r\n /g, " ");
  if (!unfolded.startsWith("=?")) return unfolded;
  const bytes = unfolded
    .split(" ")
    .flatMap((word) => [...atob(/^=\?UTF-8\?B\?(.*)\?=$/.exec(word)?.[1] ?? "")].map((c) => c.charCodeAt(0)));
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** A header value holds no CR or LF except its own folds (CRLF then a space), and no line over 78 with its name. */
function expectOneHeaderLine(value: string, name = "Subject") {
  expect(value.replace(/\r\n /g, "")).not.toMatch(/[\r\n]/);
  for (const line of `${name}: ${value}`.split("\r\n")) expect(line.length).toBeLessThanOrEqual(78);
}

describe("header values (issue 32, N1)", () => {
  test("plain ASCII stays as it is, folded before a word when longer than a line", () => {
    expect(headerText("Carl Connector would like to introduce you to Acme")).toBe(
      "Carl Connector would like to introduce you to Acme",
    );
    const long = "Decision overdue: the referral of Alexandra Marie Tan-Williams to Acme Widgets Holdings Private Limited";
    expect(headerText(long)).toBe(
      "Decision overdue: the referral of Alexandra Marie Tan-Williams to\r\n Acme Widgets Holdings Private Limited",
    );
    expectOneHeaderLine(headerText(long));
    // Never a continuation line of spaces alone.
    expect(headerText(`${"a".repeat(60)}      ${"b".repeat(30)}`)).toBe(`${"a".repeat(60)}     \r\n ${"b".repeat(30)}`);
  });

  test.each([
    [
      "the review's HTML carrier",
      "Support\r\nContent-Type: text/html\r\n\r\n<a href=https://evil.example/login>Verify now</a><!--",
    ],
    ["a Reply-To carrier", "Ann\r\nReply-To: attacker@evil.example"],
    ["a bare LF, dot, LF", "Carl\n.\nMAIL FROM:<x@evil.example>"],
    ["a bare CR", "Ann\rBcc: x@evil.example"],
    ["a tab and NUL", "Ann\t\u0000Lee"],
    ["NEL and the Unicode separators", "Ann\u0085Bcc:\u2028x\u2029y"],
  ])("%s becomes one line, each run of breaks one space", (_, value) => {
    const header = headerText(value);
    expectOneHeaderLine(header);
    expect(header.replace(/\r\n /g, " ")).toBe(oneLine(value));
    expect(header.replace(/\r\n /g, " ")).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
  });

  test("non-ASCII goes as encoded words, folded, and decodes to the same one line", () => {
    const subject = "Zoë Ng\r\nBcc: x@evil.example would like to introduce you to 株式会社アクメ 🇸🇬";
    const header = headerText(subject);
    expect(header).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=(\r\n =\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=)+$/);
    expectOneHeaderLine(header);
    expect(decoded(header)).toBe("Zoë Ng Bcc: x@evil.example would like to introduce you to 株式会社アクメ 🇸🇬");
  });

  test("ASCII that reads like an encoded word, or is too long for a line, is encoded too", () => {
    expect(decoded(headerText("=?UTF-8?B?SGk=?="))).toBe("=?UTF-8?B?SGk=?=");
    expect(headerText("=?UTF-8?B?SGk=?=")).not.toBe("=?UTF-8?B?SGk=?=");
    const long = "x".repeat(1000);
    expectOneHeaderLine(headerText(long));
    expect(decoded(headerText(long))).toBe(long);
  });
});

describe("addresses and mailboxes", () => {
  test("an address with a line break, a space or angle brackets never reaches RCPT TO", () => {
    for (const bad of [
      "a@b.com\r\nRCPT TO:<x@evil.example>",
      "a@b.com>\r\nDATA",
      "a b@c.com",
      "a@b.com\n",
      " a@b.com",
      "<a@b.com>",
      "a@b@c.com",
    ]) {
      expect(() => smtpAddress(bad), JSON.stringify(bad)).toThrow("Refused to send");
    }
    expect(smtpAddress("ann.lee+intros@example.com")).toBe("ann.lee+intros@example.com");
  });

  test("a display name is a quoted string, or encoded words when it is not ASCII", () => {
    expect(mailboxHeader({ name: "Warm Intros", email: "hello@warm-intros.test" })).toBe(
      '"Warm Intros" <hello@warm-intros.test>',
    );
    expect(mailboxHeader({ name: 'Ann "A\\B"\r\nBcc: x', email: "a@b.test" })).toBe('"Ann \\"A\\\\B\\" Bcc: x" <a@b.test>');
    expect(mailboxHeader({ email: "hello@warm-intros.test" })).toBe("hello@warm-intros.test");
    const header = mailboxHeader({ name: 'Zoë "Support"\r\nBcc: x', email: "hello@warm-intros.test" });
    expect(header).toMatch(/^=\?UTF-8\?B\?.*\?= <hello@warm-intros\.test>$/s);
    expectOneHeaderLine(header, "From");
  });

  test("the app's own headers must be plain printable ASCII", () => {
    expect(extraHeaders({ "List-Unsubscribe": "<https://x.test/u?a=1>" })).toEqual({
      "List-Unsubscribe": "<https://x.test/u?a=1>",
    });
    expect(() => extraHeaders({ "List-Unsubscribe": "<https://x.test/u>\r\nBcc: x" })).toThrow("Refused to send");
    expect(() => extraHeaders({ "X-Bad\r\nBcc": "x" })).toThrow("Refused to send");
  });
});

describe("bodies", () => {
  test("every line ending becomes LF, which worker-mailer's quoted-printable sends as CRLF", () => {
    expect(bodyLines("a\r\nb\rc\nd\r\n.\r\n")).toBe("a\nb\nc\nd\n.\n");
  });
});

describe("wireMessage: what worker-mailer is handed", () => {
  test("builds every header from our values, so worker-mailer builds none", () => {
    const wire = wireMessage(
      {
        to: "ann@example.com",
        subject: "New referral for Acme: Ann\r\nReply-To: attacker@evil.example",
        text: "Hi\r\n.\r\nthere",
        html: "<p>Hi</p>\r\n",
        headers: { "List-Unsubscribe": "<http://localhost/unsubscribe?u=1>" },
      },
      { name: "Warm Intros", email: "hello@warm-intros.test" },
      { name: "Warm Intros support", email: "support@warm-intros.test" },
    );
    expect(wire).toEqual({
      from: { email: "hello@warm-intros.test" },
      to: { email: "ann@example.com" },
      subject: "New referral for Acme: Ann Reply-To: attacker@evil.example",
      text: "Hi\n.\nthere",
      html: "<p>Hi</p>\n",
      headers: {
        From: '"Warm Intros" <hello@warm-intros.test>',
        To: "ann@example.com",
        "Reply-To": '"Warm Intros support" <support@warm-intros.test>',
        Subject: "New referral for Acme: Ann Reply-To: attacker@evil.example",
        // Every mail we send is machine-made (RFC 3834): auto-responders do not answer it.
        "Auto-Submitted": "auto-generated",
        "List-Unsubscribe": "<http://localhost/unsubscribe?u=1>",
      },
    });
  });

  test("refuses a recipient address an old row could hold with a line break", () => {
    expect(() =>
      wireMessage(
        { to: "ann@example.com\r\nRCPT TO:<x@evil.example>", subject: "Hi", text: "Hi", html: "Hi" },
        { email: "a@b.test" },
      ),
    ).toThrow("Refused to send");
  });
});
