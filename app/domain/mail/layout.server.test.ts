import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { renderMessage } from "./layout.server";

const parts = {
  subject: "Reset your <password>",
  preheader: "Choose a new one",
  greeting: "Hi Ann & Bo,",
  paragraphs: ['Someone asked <script>alert("x")</script>.'],
  action: { label: "Choose a new password", url: "https://intros.example/reset-password?token=a&b" },
  note: "It lapses in 1 hour.",
  footer: "You received this because you asked.",
  unsubscribeUrl: "https://intros.example/unsubscribe?u=1&k=referral_updated&s=x",
};

describe("renderMessage", () => {
  test("the text part spells the link out, so it says where it leads, and ends with the unsubscribe link", () => {
    const { text, subject } = renderMessage(parts);
    expect(subject).toBe("Reset your <password>");
    expect(text).toContain('Hi Ann & Bo,\n\nSomeone asked <script>alert("x")</script>.\n\n');
    expect(text).toContain("Choose a new password: https://intros.example/reset-password?token=a&b\n");
    expect(text.endsWith("Unsubscribe: https://intros.example/unsubscribe?u=1&k=referral_updated&s=x")).toBe(true);
  });

  test("the HTML part escapes every value, shows the link as a button and in full, and fits a phone", () => {
    const { html } = renderMessage(parts);
    expect(html).not.toContain("<script>");
    expect(html).toContain("Someone asked &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;.");
    expect(html).toContain("<title>Reset your &lt;password&gt;</title>");
    expect(html.match(/href="https:\/\/intros\.example\/reset-password\?token=a&amp;b"/g)).toHaveLength(2);
    expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(html).toContain("max-width:560px");
    expect(html).toContain('href="https://intros.example/unsubscribe?u=1&amp;k=referral_updated&amp;s=x"');
  });

  test("a message without an action or unsubscribe link has neither", () => {
    const { text, html } = renderMessage({ ...parts, action: undefined, unsubscribeUrl: undefined });
    expect(text).not.toContain("Unsubscribe");
    expect(html).not.toContain("Unsubscribe");
    expect(html).not.toContain("Or open this link");
  });
});

describe("the mail brand", () => {
  /** `--primary` of the light theme in app/tailwind.css ("173 80% 26%"), as the hex a mail client takes. */
  function appPrimaryHex(): string {
    const css = readFileSync("app/tailwind.css", "utf8");
    const [h, s, l] = (/--primary:\s*([\d.]+)\s+([\d.]+)%\s+([\d.]+)%/.exec(css)?.slice(1) ?? []).map(Number) as [
      number,
      number,
      number,
    ];
    const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
    const channel = (n: number) => {
      const k = (n + h / 30) % 12;
      const value = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
      return Math.round(value * 255)
        .toString(16)
        .padStart(2, "0");
    };
    return `#${channel(0)}${channel(8)}${channel(4)}`;
  }

  test("is the app's own primary colour (teal), on the name, the button and the link", () => {
    const { html } = renderMessage({
      subject: "s",
      preheader: "p",
      greeting: "Hi",
      paragraphs: ["Body"],
      action: { label: "Open", url: "https://warm-intros.example/x" },
      footer: "f",
    });
    const colours = new Set([...html.matchAll(/#[0-9a-f]{6}\b/gi)].map((m) => m[0].toLowerCase()));
    expect(colours).toContain(appPrimaryHex());
    expect(html).not.toMatch(/#4f46e5/i);
    expect(html).toContain(`background:${appPrimaryHex()}`);
  });
});
