import { businessInput } from "./business-helpers";
import { expect, expectToast, hydrated, sidebarCookie, signUpViaApi, submitLogin, test, toastViewport } from "./fixtures";

const SEVEN_DAYS = 604800;

test.describe("sidebar", () => {
  test("shows the regular links, the Business Features section, Settings, Logout and the user's name and initials", async ({
    page,
  }) => {
    const user = await signUpViaApi(page, { name: "Mary Ann Evans" });
    // With a business (decision 176: without one the section is a single Register Your Business link).
    const registered = await page.request.post("/api/businesses", { data: businessInput() });
    expect(registered.status(), await registered.text()).toBe(201);
    await page.goto("/");
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    const nav = sidebar.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText([
      "Dashboard",
      "Make Referral",
      "My Referrals",
      "Earnings",
      "Browse Businesses",
      "My Business Profile",
      "Incoming Referrals",
      "Update Referral",
      "Team Management",
      "Pay Connectors",
      "Share Referral Link",
      "API & Webhooks",
    ]);
    await expect(nav.getByText("Business Features", { exact: true })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
    await expect(sidebar.getByRole("button", { name: "Logout" })).toBeEnabled();
    const userBlock = page.getByTestId("sidebar-user");
    await expect(userBlock).toContainText("Mary Ann Evans");
    await expect(userBlock).toContainText(`@${user.username}`);
    await expect(userBlock.locator("span[aria-hidden]")).toHaveText("MA");
    await expect(userBlock.locator("img")).toHaveCount(0);

    const hrefs: Array<[string, string]> = [
      ["Dashboard", "/"],
      ["Make Referral", "/create-referral"],
      ["My Referrals", "/my-referrals"],
      ["Earnings", "/earnings"],
      ["Browse Businesses", "/businesses"],
      ["My Business Profile", "/business/profile"],
      ["Incoming Referrals", "/business/referrals"],
      ["Update Referral", "/business/update"],
      ["Team Management", "/business/team"],
      ["Pay Connectors", "/business/payouts"],
      ["Share Referral Link", "/business/share"],
      ["API & Webhooks", "/business/api"],
    ];
    for (const [label, href] of hrefs) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }

    // The links navigate client-side and mark the current page.
    await hydrated(page);
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    for (const label of ["Make Referral", "Team Management", "Dashboard"]) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect(page.getByRole("heading", { name: label, level: 1, exact: true })).toBeVisible();
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
    }
  });

  test("the toggle collapses it to 3rem, remembers it in sidebar_state for 7 days, and a reload renders it collapsed", async ({
    page,
  }) => {
    await signUpViaApi(page);
    await page.goto("/");
    await hydrated(page);
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await expect(sidebar).toHaveCSS("width", "256px");
    expect(await sidebarCookie(page)).toBeUndefined();

    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await expect(sidebar).toHaveCSS("width", "48px");
    const cookie = await sidebarCookie(page);
    expect(cookie?.value).toBe("false");
    expect(cookie?.path).toBe("/");
    const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(SEVEN_DAYS - 60);
    expect(lifetime).toBeLessThanOrEqual(SEVEN_DAYS + 1);

    // The server reads the cookie: the HTML itself arrives collapsed, so there is no flash on reload.
    const response = await page.reload();
    const html = (await response?.text()) ?? "";
    expect(html).toMatch(/data-testid="sidebar" data-state="collapsed"/);
    expect(html).not.toMatch(/data-state="expanded"/);
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    await expect(sidebar).toHaveCSS("width", "48px");

    // Collapsed, the labels give way to icons with tooltips.
    const makeReferral = sidebar.getByRole("link", { name: "Make Referral" });
    await expect(makeReferral).not.toContainText("Make Referral");
    await hydrated(page);
    await makeReferral.hover();
    await expect(page.getByRole("tooltip", { name: "Make Referral" })).toBeVisible();
    // Keyboard focus shows the label too (the previous one hides again once the pointer leaves).
    await page.mouse.move(600, 600);
    await expect(page.getByRole("tooltip", { name: "Make Referral" })).toBeHidden();
    await sidebar.getByRole("link", { name: "Dashboard" }).focus();
    await page.keyboard.press("Tab");
    await expect(makeReferral).toBeFocused();
    await expect(page.getByRole("tooltip", { name: "Make Referral" })).toBeVisible();

    await page.getByTestId("sidebar-trigger").click();
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await expect(sidebar).toHaveCSS("width", "256px");
    expect((await sidebarCookie(page))?.value).toBe("true");
    const expanded = await page.reload();
    expect((await expanded?.text()) ?? "").toMatch(/data-testid="sidebar" data-state="expanded"/);
  });

  test("Ctrl+B and Cmd+B toggle it and update the cookie", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto("/settings");
    await hydrated(page);
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");

    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    expect((await sidebarCookie(page))?.value).toBe("false");

    await page.keyboard.press("Control+B");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    expect((await sidebarCookie(page))?.value).toBe("true");

    await page.keyboard.press("Meta+b");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    expect((await sidebarCookie(page))?.value).toBe("false");

    // Plain b (typing) does nothing.
    await page.keyboard.press("b");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  });

  test("its icons are drawn from the one static sprite, in the colour and size their classes give", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto("/");
    const icon = page.getByTestId("sidebar").getByRole("link", { name: "Dashboard", exact: true }).locator("svg.icon");
    const use = icon.locator("use");
    const href = (await use.getAttribute("href")) ?? "";
    expect(href).toMatch(/^\/build\/_assets\/sprite-[A-Z0-9]+\.svg#layout-dashboard$/);
    const sprite = await page.request.get(href.split("#")[0] ?? "");
    expect(sprite.status()).toBe(200);
    expect(sprite.headers()["content-type"]).toContain("image/svg+xml");
    expect(await sprite.text()).toContain('<symbol id="layout-dashboard" viewBox="0 0 24 24">');
    // Chromium loaded the symbol (the CSP lets it): the <use> has the drawing's extent.
    await expect.poll(() => use.evaluate((el) => (el as SVGUseElement).getBBox().width)).toBeGreaterThan(0);
    // h-4 w-4 wins over .icon's 24px; the stroke is the link's text colour, as lucide's attributes made it.
    expect(await icon.boundingBox()).toMatchObject({ width: 16, height: 16 });
    const paint = await icon.evaluate((el) => {
      const style = getComputedStyle(el);
      return { stroke: style.stroke, color: style.color, fill: style.fill, strokeWidth: style.strokeWidth };
    });
    expect(paint).toEqual({ stroke: paint.color, color: paint.color, fill: "none", strokeWidth: "2px" });
  });
});

test.describe("on a 375px-wide screen", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the sidebar is hidden and the trigger opens an 18rem slide-in sheet with the links", async ({ page }) => {
    await signUpViaApi(page, { name: "Small Screen" });
    await page.goto("/");
    await hydrated(page);
    await expect(page.getByTestId("sidebar")).toBeHidden();
    const sheet = page.getByTestId("sidebar-sheet");
    await expect(sheet).toBeHidden();

    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await expect(sheet).toBeVisible();
    await expect(sheet).toHaveCSS("width", "288px");
    const box = await sheet.boundingBox();
    expect(box?.x).toBe(0);
    // Without a business, the Business Features section is one way to register one (decision 176).
    for (const label of [
      "Dashboard",
      "Make Referral",
      "My Referrals",
      "Browse Businesses",
      "Register Your Business",
      "Settings",
    ]) {
      await expect(sheet.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(sheet.getByText("Business Features", { exact: true })).toBeVisible();
    await expect(sheet.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(sheet.getByTestId("sidebar-user")).toContainText("Small Screen");
    // Opening the sheet is not the desktop collapse state.
    expect(await sidebarCookie(page)).toBeUndefined();

    // Following a link navigates and closes the sheet.
    await sheet.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(sheet).toBeHidden();
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();

    // It also closes with its close button.
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await expect(sheet).toBeVisible();
    await sheet.getByRole("button", { name: "Close navigation" }).click();
    await expect(sheet).toBeHidden();
  });

  test("a toast rises from the bottom and leaves the header's menu and bell usable (issue 37 item 8)", async ({
    page,
    account,
  }) => {
    await page.goto("/login");
    await hydrated(page);
    await submitLogin(page, account.username, account.password);
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, "Login successful");
    const toast = await toastViewport(page).getByRole("listitem").boundingBox();
    const header = await page.locator("header").first().boundingBox();
    if (!toast || !header) throw new Error("toast or header not laid out");
    // Below the header, against the bottom edge of the screen.
    expect(toast.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(toast.y + toast.height).toBeGreaterThan(740 - 40);
    // While it shows, the menu and the bell still take a tap.
    await page.getByTestId("header-notifications").click();
    await expect(page).toHaveURL(/\/notifications$/);
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    await expect(page.getByTestId("sidebar-sheet")).toBeVisible();
  });
});

test.describe("theme", () => {
  test("the toggle switches the dark class, stores localStorage.theme and applies it before paint after a reload", async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/login");
    await hydrated(page);
    const html = page.locator("html");
    await expect(html).not.toHaveClass(/\bdark\b/);

    await page.getByRole("button", { name: "Toggle theme" }).click();
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

    // With the app's scripts blocked, only the inline head script can set the class: the saved
    // theme is applied before the first paint, not after hydration.
    await page.route("**/build/**", (route) => route.abort());
    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => "__remixRouter" in window)).toBe(false);
    await page.unroute("**/build/**");

    await page.reload();
    await hydrated(page);
    await expect(html).toHaveClass(/\bdark\b/);
    await page.getByRole("button", { name: "Toggle theme" }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");

    // A saved choice wins over the system preference.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await expect(html).not.toHaveClass(/\bdark\b/);
  });

  test("with no saved choice the theme follows the system preference", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/login");
    const html = page.locator("html");
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBeNull();

    await page.emulateMedia({ colorScheme: "light" });
    await page.reload();
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBeNull();
  });

  test("the shell has the theme toggle too", async ({ page }) => {
    await signUpViaApi(page);
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Toggle theme" }).click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.goto("/settings");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  });
});

test.describe("not found", () => {
  test("a logged-in user on an unknown path gets status 404 and 404 Page Not Found inside the shell", async ({ page }) => {
    await signUpViaApi(page);
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found", level: 1 })).toBeVisible();
    await expect(page.getByTestId("sidebar")).toBeVisible();

    const nested = await page.goto("/business/nope/deeper");
    expect(nested?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found", level: 1 })).toBeVisible();

    // Client-side navigation from the 404 page back to the dashboard.
    await hydrated(page);
    await page.getByRole("link", { name: "Go to Dashboard" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  });

  test("logged out, an unknown path shows the login screen", async ({ page }) => {
    await page.goto("/no-such-page");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fno-such-page$/);
    await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
  });
});
