import { describe, expect, it } from "vitest";
import { appPerFile } from "./helpers/app";

const app = appPerFile();

function expectCommonHeaders(response: Response) {
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("X-Frame-Options")).toBe("DENY");
}

describe("security headers", () => {
  it("a page carries a nonce-based CSP, and every inline script carries that nonce", async () => {
    const response = await app.fetch("/login");
    expect(response.status).toBe(200);
    expectCommonHeaders(response);
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([A-Za-z0-9_-]+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const html = await response.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it("each page gets a fresh nonce", async () => {
    const a = (await app.fetch("/login")).headers.get("Content-Security-Policy");
    const b = (await app.fetch("/login")).headers.get("Content-Security-Policy");
    expect(a).not.toBe(b);
  });

  it("JSON, redirects and refusals run nothing", async () => {
    for (const response of [
      await app.fetch("/api/auth/me"),
      await app.fetch("/"),
      // refused before Remix (cross-site mutation carrying a session cookie)
      await app.fetch("/api/auth/logout", { method: "POST", headers: { Cookie: "__session=x", Origin: "http://evil.example" } }),
    ]) {
      expect([401, 302, 403]).toContain(response.status);
      expectCommonHeaders(response);
      expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'");
    }
  });

  it("HSTS is sent outside localhost only", async () => {
    expect((await app.fetch("/login")).headers.get("Strict-Transport-Security")).toBeNull();
    const remote = await app.mf.dispatchFetch("https://warm-intros.example/login", {
      headers: { "X-Forwarded-Host": "warm-intros.example" },
    });
    expect(remote.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
  });
});
