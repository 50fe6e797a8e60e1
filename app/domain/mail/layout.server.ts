/** One branded, phone-readable layout for every message: plain text and HTML from the same parts. */
export type MessageParts = {
  subject: string;
  /** Shown by mail apps after the subject in the inbox list. */
  preheader: string;
  greeting: string;
  paragraphs: string[];
  /** The one thing to do, as a button; the text part spells the URL out so it says where it leads. */
  action?: { label: string; url: string };
  /** Small print under the action, e.g. when the link lapses. */
  note?: string;
  /** Why this message came, and (notification mail) how to stop it. */
  footer: string;
  unsubscribeUrl?: string;
  /** The unsubscribe link's words; "Unsubscribe" unless the mail says what stops (decision 182). */
  unsubscribeLabel?: string;
};

export type RenderedMessage = { subject: string; text: string; html: string };

/** The app's primary colour (`--primary` of the light theme in app/tailwind.css, teal); layout.server.test.ts holds them equal. */
const BRAND = "#0d776b";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

export function renderMessage(parts: MessageParts): RenderedMessage {
  const text = [
    parts.greeting,
    "",
    ...parts.paragraphs.flatMap((p) => [p, ""]),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ""] : []),
    ...(parts.note ? [parts.note, ""] : []),
    "-- ",
    "Warm Intros",
    parts.footer,
    ...(parts.unsubscribeUrl ? [`${parts.unsubscribeLabel ?? "Unsubscribe"}: ${parts.unsubscribeUrl}`] : []),
  ].join("\n");

  const p = (content: string, style = "") =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937;${style}">${content}</p>`;
  const button = parts.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:8px;background:${BRAND}">` +
      `<a href="${escapeHtml(parts.action.url)}" style="display:inline-block;padding:12px 20px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px">${escapeHtml(parts.action.label)}</a>` +
      `</td></tr></table>` +
      p(
        `Or open this link: <a href="${escapeHtml(parts.action.url)}" style="color:${BRAND};word-break:break-all">${escapeHtml(parts.action.url)}</a>`,
        "font-size:14px;line-height:20px;color:#4b5563;",
      )
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(parts.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px">
<tr><td style="padding:24px 24px 8px;font-size:18px;font-weight:700;color:${BRAND}">Warm Intros</td></tr>
<tr><td style="padding:8px 24px 8px">
${p(escapeHtml(parts.greeting))}
${parts.paragraphs.map((x) => p(escapeHtml(x))).join("\n")}
${button}
${parts.note ? p(escapeHtml(parts.note), "font-size:14px;line-height:20px;color:#4b5563;") : ""}
</td></tr>
<tr><td style="padding:16px 24px 24px;border-top:1px solid #e5e7eb;font-size:13px;line-height:20px;color:#6b7280">
${escapeHtml(parts.footer)}${parts.unsubscribeUrl ? ` <a href="${escapeHtml(parts.unsubscribeUrl)}" style="color:#6b7280">${escapeHtml(parts.unsubscribeLabel ?? "Unsubscribe")}</a>.` : ""}
</td></tr>
</table></td></tr></table>
</body></html>`;
  return { subject: parts.subject, text, html };
}
