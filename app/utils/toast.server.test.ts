import { describe, expect, it } from "vitest";
import { safeRedirect } from "./toast.server";

const request = new Request("https://warm-intros.example/login");

describe("safeRedirect", () => {
  it.each([
    ["/settings", "/settings"],
    ["/businesses?q=tea&page=2#top", "/businesses?q=tea&page=2#top"],
    ["/refer/7", "/refer/7"],
    ["https://warm-intros.example/settings?x=1", "/settings?x=1"],
    ["/a/../settings", "/settings"],
    ["/%09/evil.example", "/%09/evil.example"],
  ])("keeps the same-origin target %j as the path %j", (to, expected) => {
    expect(safeRedirect(to, request)).toBe(expected);
  });

  it.each([
    // The review's step: browsers strip tabs and newlines, so "/\t/evil" becomes "//evil".
    "/\t/evil.example/phish",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\u0000/evil.example",
    "/\u007f/evil.example",
    "\t/evil.example",
    "//evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "/x\\..\\/evil.example",
    "/.//evil.example",
    "https://evil.example/",
    "https:evil.example",
    "http://warm-intros.example/settings",
    "https://warm-intros.example:8443/settings",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,hi",
    "evil.example",
    " /settings",
    "",
  ])("refuses %j", (to) => {
    expect(safeRedirect(to, request, "/fallback")).toBe("/fallback");
  });

  it("refuses anything that is not a string", () => {
    expect(safeRedirect(null, request)).toBe("/");
    expect(safeRedirect(undefined, request)).toBe("/");
    expect(safeRedirect(new File([], "x"), request)).toBe("/");
  });

  it("takes the origin as a string or URL too", () => {
    expect(safeRedirect("/x", "http://localhost:8788")).toBe("/x");
    expect(safeRedirect("http://localhost:8788/x", new URL("http://localhost:8788/login"))).toBe("/x");
    expect(safeRedirect("http://localhost:9999/x", "http://localhost:8788")).toBe("/");
  });
});
