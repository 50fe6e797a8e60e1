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
