import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { RENDERED_RULES } from "../shared/accessibility-rules";
import { DEMO, expect, expectToast, hydrated, login, signUpViaApi, switchTheme, test } from "./fixtures";

/**
 * axe on every screen, as each kind of user sees it, in the light and the dark theme: no serious or
 * critical violation of the WCAG 2.1 A/AA rules that need a rendered page (colour contrast, links
 * told apart by colour, scroll areas a keyboard reaches). The rules that read the document run on
 * every screen's HTML in the integration tier (tests/integration/accessibility.test.ts, decision 139).
 * Demo accounts are only read here, so this runs beside the rest.
 */
type Role = keyof typeof DEMO | "anonymous" | "API reader" | "mail-link visitor";
/** Who is not logged in for their screens. */
const LOGGED_OUT: readonly Role[] = ["anonymous", "API reader", "mail-link visitor"];

/** Acme's id, looked up as the demo connector through the test's own request context. */
async function idsFor(request: APIRequestContext) {
  await request.post("/api/auth/login", { data: DEMO.connector });
  const businesses = await request.get("/api/businesses?q=Acme&limit=1");
  const [acme] = (await businesses.json()) as { id: number }[];
  if (!acme) throw new Error("the seeded Acme business is missing");
  return { acmeId: acme.id };
}

const SCREENS: Record<Role, (ids: { acmeId: number }) => string[]> = {
  anonymous: ({ acmeId }) => ["/login", "/register-business", "/admin/login", `/refer/${acmeId}`, "/no-such-page"],
  // The API reference is long (every endpoint): a test of its own.
  "API reader": () => ["/api/docs"],
  // The pages a mailed link opens, logged out too: a test of their own keeps each within its budget.
  "mail-link visitor": () => [
    "/verify-email?token=made-up",
    "/forgot-password",
    "/reset-password?token=made-up",
    "/unsubscribe?u=1&k=referral_received&s=forged",
  ],
  connector: ({ acmeId }) => [
    "/",
    "/my-referrals",
    "/create-referral",
    "/businesses",
    "/notifications",
    "/earnings",
    "/settings",
    "/settings/api-keys",
    `/refer/${acmeId}`,
    "/no-such-page",
  ],
  business: () => [
    "/business/profile",
    "/business/referrals",
    "/business/update",
    "/business/team",
    "/business/share",
    "/business/payouts",
    "/business/api",
  ],
  admin: () => ["/admin", "/admin/referrals", "/admin/connectors", "/admin/businesses"],
};

/**
 * The API reference renders ~75 operations and ~100 schemas with the same few components (14,580
 * elements): its whole document is checked in the integration tier; here, what gives it its colours
 * once each (the header, the contents, the guide, the first group of operations, every method badge).
 */
const RENDERED_PARTS: Record<string, string[]> = {
  "/api/docs": [
    "header",
    'nav[aria-label="Contents"]',
    "#getting-started",
    "main > section:nth-of-type(2)",
    "main span.font-mono.font-bold.rounded",
  ],
};

async function seriousViolations(page: Page, path: string): Promise<string[]> {
  let axe = new AxeBuilder({ page }).withRules(RENDERED_RULES);
  for (const part of RENDERED_PARTS[new URL(path, "http://x").pathname] ?? []) axe = axe.include(part);
  const results = await axe.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}) on ${path}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function expectNoSeriousViolations(page: Page, path: string) {
  const serious = await seriousViolations(page, path);
  expect(serious, serious.join("\n")).toEqual([]);
}

/**
 * Each screen is loaded once and checked in both themes: in the light one as loaded, then with the
 * browser switched to dark and the theme script's own rule applied again (the stylesheet's dark
 * variant keys on the class that rule sets), which is what a dark-mode visitor's first load shows.
 * One load and one login per role instead of two halves the page loads (decision 150).
 */
async function violationsInBothThemes(page: Page, path: string): Promise<string[]> {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(path);
  // Pages that ship JavaScript are checked once hydrated (/refer/{id} ships none to visitors).
  if (await page.locator("link[rel=modulepreload]").count()) await hydrated(page);
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  const light = await seriousViolations(page, path);
  await page.emulateMedia({ colorScheme: "dark" });
  await switchTheme(page, await page.evaluate(() => window.matchMedia("(prefers-color-scheme: dark)").matches));
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  const dark = await seriousViolations(page, path);
  return [...light.map((v) => `light: ${v}`), ...dark.map((v) => `dark: ${v}`)];
}

// Each role's screens at the desktop size and on a phone (issue 37: axe finds nothing at 375 px; the
// phone layout has its own sheet, cards and wrapping, so its colours and regions are checked too).
const SIZES = { desktop: null, "375 px": { width: 375, height: 812 } } as const;

test.describe("axe, light and dark theme", () => {
  for (const role of Object.keys(SCREENS) as Role[])
    for (const [size, viewport] of Object.entries(SIZES)) {
      test(`every screen of the ${role}${viewport ? ` at ${size}` : ""}`, async ({ page, request }) => {
        // A login, then per screen one load and two axe runs (up to nine screens for one role; the API
        // reference alone takes about 45 s on two busy cores).
        test.setTimeout(60_000 + 12_000 * SCREENS[role]({ acmeId: 0 }).length);
        if (viewport) await page.setViewportSize(viewport);
        if (!LOGGED_OUT.includes(role)) {
          const demo = DEMO[role as keyof typeof DEMO];
          await login(page, demo.username, demo.password);
        }
        const ids = await idsFor(request);
        const found: string[] = [];
        for (const path of SCREENS[role](ids)) found.push(...(await violationsInBothThemes(page, path)));
        expect(found, found.join("\n")).toEqual([]);
      });
    }
});

test.describe("detail screens", () => {
  test("a referral's detail and the admin's detail pages", async ({ page }) => {
    // Two logins and three axe runs: about 28 s on two cores before and after this change, against a
    // 30 s default; the screen tests above have the same slow budget.
    test.slow();
    await login(page, DEMO.connector.username, DEMO.connector.password);
    await page.goto("/my-referrals");
    await page.locator('a[href^="/referrals/"]').first().click();
    await page.waitForURL(/\/referrals\/\d+$/);
    await expectNoSeriousViolations(page, page.url());
    await page.context().clearCookies();
    await login(page, DEMO.admin.username, DEMO.admin.password);
    for (const list of ["/admin/connectors", "/admin/businesses"]) {
      await page.goto(list);
      await page.locator(`a[href^="${list}/"]`).first().click();
      await page.waitForURL(new RegExp(`${list}/\\d+$`));
      await expectNoSeriousViolations(page, page.url());
    }
  });
});

test.describe("keyboard only", () => {
  test("logging in and making a referral need no mouse, and focus is always visible", async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    const focusVisible = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return false;
        const style = getComputedStyle(el);
        return (style.outlineStyle !== "none" && style.outlineWidth !== "0px") || style.boxShadow !== "none";
      });
    // Tab until the username field has focus, never leaving the visible-focus rule.
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press("Tab");
      if (await page.getByLabel("Username").evaluate((el) => el === document.activeElement)) break;
      expect(await focusVisible(), `tab stop ${i} has no visible focus`).toBe(true);
    }
    expect(await focusVisible()).toBe(true);
    await page.keyboard.type(DEMO.connector.username);
    await page.keyboard.press("Tab");
    expect(await page.getByLabel("Password").evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await focusVisible()).toBe(true);
    await page.keyboard.type(DEMO.connector.password);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));

    // A fresh connector makes a referral with the keyboard alone (the demo data stays as it is).
    await signUpViaApi(page);
    await page.goto("/create-referral");
    await hydrated(page);
    const business = page.getByLabel("Business", { exact: true });
    await business.focus();
    expect(await focusVisible()).toBe(true);
    await page.keyboard.press("ArrowDown");
    const values: [string, string][] = [
      ["Referred Person Name", "Keyboard Person"],
      ["Email", `kb_${Date.now()}@example.com`],
      ["Phone", "+65 8123 4567"],
      ["Cashback Percentage", "5"],
    ];
    for (const [label, value] of values) {
      await page.keyboard.press("Tab");
      const field = page.getByLabel(label, { exact: true });
      expect(await field.evaluate((el) => el === document.activeElement), label).toBe(true);
      expect(await focusVisible(), label).toBe(true);
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type(value);
    }
    await page.keyboard.press("Enter");
    await expectToast(page, "Referral created");
  });
});
