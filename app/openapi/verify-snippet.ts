/**
 * The webhook verification code shown on /api/docs. It is kept here as text so the page shows
 * exactly what the unit test evaluates against signatures made by the server's own signing code
 * (verify-snippet.test.ts): the documentation cannot drift from the implementation.
 */

/** With the Standard Webhooks library (decision 077): the shortest path, in any language that has one. */
export const VERIFY_WITH_LIBRARY = `import { Webhook } from "standardwebhooks"; // npm install standardwebhooks (svix's Webhook works too)

const webhook = new Webhook(process.env.WARM_INTROS_WEBHOOK_SECRET); // whsec_...

// body: the raw request body as text; headers: the request's headers.
// Throws unless the signature matches and the timestamp is within 5 minutes.
const event = webhook.verify(body, {
  "webhook-id": headers["webhook-id"],
  "webhook-timestamp": headers["webhook-timestamp"],
  "webhook-signature": headers["webhook-signature"],
});`;

/** The import the snippet needs (shown on the page; the test passes `crypto` in). */
export const VERIFY_IMPORT = `import crypto from "node:crypto";`;

/** Standard Webhooks by hand: plain Node.js, no dependencies. */
export const VERIFY_FUNCTION = `/**
 * True when \`body\` (the raw request body, exactly as received) was signed by Warm Intros with
 * \`secret\` (your endpoint's whsec_... secret) less than \`toleranceSeconds\` ago.
 */
function verifyWebhook(secret, headers, body, toleranceSeconds = 300) {
  const id = headers["webhook-id"];
  const timestamp = String(headers["webhook-timestamp"] ?? "");
  if (!id || !/^\\d+$/.test(timestamp)) return false;
  // Refuse old (replayed) and far-future timestamps.
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signed = \`\${id}.\${timestamp}.\${body}\`;
  const expected = Buffer.from(crypto.createHmac("sha256", key).update(signed).digest("base64"));
  // One "v1,<base64>" per secret, space-separated (two during a secret rotation).
  return String(headers["webhook-signature"] ?? "")
    .split(" ")
    .some((entry) => {
      const [version, signature] = entry.split(",");
      const given = Buffer.from(signature ?? "");
      return version === "v1" && given.length === expected.length && crypto.timingSafeEqual(given, expected);
    });
}`;

/** The legacy scheme (endpoints made before 2026-11-24 that have not switched): plain Node.js. */
export const LEGACY_VERIFY_FUNCTION = `function verifyLegacyWebhook(secret, signatureHeader, body, toleranceSeconds = 300) {
  let t = null;
  const signatures = [];
  for (const part of String(signatureHeader ?? "").split(",")) {
    const [key, value] = part.trim().split("=");
    if (key === "t" && /^\\d+$/.test(value ?? "")) t = Number(value);
    if (key === "v1" && value) signatures.push(value);
  }
  if (t === null || signatures.length === 0) return false;
  if (Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(crypto.createHmac("sha256", secret).update(\`\${t}.\${body}\`).digest("hex"));
  return signatures.some((signature) => {
    const given = Buffer.from(signature);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}`;

/** How to call it from a plain Node.js server (shown on the page, not evaluated). */
export const VERIFY_USAGE = `import http from "node:http";

http
  .createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const secret = process.env.WARM_INTROS_WEBHOOK_SECRET; // whsec_...
      if (!verifyWebhook(secret, req.headers, body)) {
        res.writeHead(400).end("bad signature");
        return;
      }
      const event = JSON.parse(body); // only after verifying the raw text
      // Deliveries may repeat: skip an event id (req.headers["webhook-id"]) you have already handled.
      console.log(event.type, event.data);
      res.writeHead(204).end(); // any 2xx within 10 s acknowledges the delivery
    });
  })
  .listen(3000);`;

/** The whole snippet as the page shows it. */
export const VERIFY_SNIPPET = `${VERIFY_IMPORT}\n\n${VERIFY_FUNCTION}`;
