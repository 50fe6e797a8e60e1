import { describe, expect, test } from "vitest";
import { renderMessage } from "./layout.server";
import { TEMPLATES } from "./templates.server";

// Decision 060: the message mail says who wrote, on which referral, quotes the message and links to it.

const context = {
  appUrl: "https://intros.example",
  name: "Carl",
  link: "https://intros.example/referrals/41",
  details: {},
  unsubscribeUrl: "https://intros.example/unsubscribe?u=3&k=referral_message&s=x",
};
const payload = {
  path: "/referrals/41",
  authorName: "Olive Owner",
  authorSide: "business",
  businessName: "Acme & Co",
  referredPersonName: "Rita Referred",
  excerpt: "Rita signed <b>today</b>.",
};

describe("the referral_message template", () => {
  test("names the author and their business, the referral, quotes the excerpt and links to the conversation", () => {
    const parts = TEMPLATES.referral_message(payload, context);
    expect(parts.subject).toBe("New message about the referral of Rita Referred");
    expect(parts.preheader).toBe("Olive Owner: Rita signed <b>today</b>.");
    expect(parts.greeting).toBe("Hi Carl,");
    expect(parts.paragraphs).toEqual([
      "Olive Owner of Acme & Co wrote in the conversation about the referral of Rita Referred to Acme & Co:",
      "“Rita signed <b>today</b>.”",
      "Reply on the referral's page. We will not mail you about further messages in this conversation until you have read it.",
    ]);
    expect(parts.action).toEqual({ label: "Read the conversation", url: "https://intros.example/referrals/41" });
    expect(parts.unsubscribeUrl).toBe(context.unsubscribeUrl);
  });

  test("says the connector wrote when the connector did", () => {
    const parts = TEMPLATES.referral_message({ ...payload, authorName: "Carl Connector", authorSide: "connector" }, context);
    expect(parts.paragraphs[0]).toBe(
      "Carl Connector, the connector, wrote in the conversation about the referral of Rita Referred to Acme & Co:",
    );
  });

  test("renders the message escaped in the HTML part", () => {
    const { html, text } = renderMessage(TEMPLATES.referral_message(payload, context));
    expect(html).not.toContain("<b>today</b>");
    expect(html).toContain("Rita signed &lt;b&gt;today&lt;/b&gt;.");
    expect(text).toContain("Read the conversation: https://intros.example/referrals/41");
  });
});
