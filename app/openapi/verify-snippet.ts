/**
 * The webhook verification code shown on /api/docs. It is kept here as text so the page shows
 * exactly what the unit test evaluates against signatures made by the server's own signing code
 * (verify-snippet.test.ts): the documentation cannot drift from the implementation.
 */

/** The import the snippet needs (shown on the page; the test passes `crypto` in). */
export const VERIFY_IMPORT = `import crypto from "node:crypto";`;

/** The function itself: plain Node.js, no dependencies. */
export const VERIFY_FUNCTION = `/**
 * True when \`body\` (the raw request body, exactly as received) was signed by Warm Intros with
 * \`secret\` (your endpoint's whsec_... secret) less than \`toleranceSeconds\` ago.
 */
function verifyWebhook(secret, signatureHeader, body, toleranceSeconds = 300) {
  let t = null;
  const signatures = [];
  for (const part of String(signatureHeader ?? "").split(",")) {
    const [key, value] = part.trim().split("=");
    if (key === "t" && /^\\d+$/.test(value ?? "")) t = Number(value);
    if (key === "v1" && value) signatures.push(value);
  }
  if (t === null || signatures.length === 0) return false;
  // Refuse old (replayed) and far-future timestamps.
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
      if (!verifyWebhook(secret, req.headers["webhook-signature"], body)) {
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
