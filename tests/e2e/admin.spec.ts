import {
  adminStat,
  bodyRows,
  connectorIdOf,
  createConnectors,
  loginAsAdmin,
  mainTable,
  openAsAdmin,
  statNumber,
} from "./admin-helpers";
import { createUser, DEMO, expectToast, hydrated, login, ownClient, roundTripTimeouts, test, uniqueName } from "./fixtures";

// The app is shared with other suites running at the same time: counts only grow, so the tests
// assert lower bounds for seeded data and exact values only for rows they create themselves.
const expect = roundTripTimeouts();

const SUSPENDED = "This account is suspended. Please contact support.";

test.describe("admin console", () => {
  test("admin login lands on the dashboard with the four stats, also at /admin", async ({ page }) => {
    await loginAsAdmin(page);
    await expect(page).toHaveURL(/\/(admin)?$/);
    await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
    for (const label of ["Total Referrals", "Active Connectors", "Businesses", "Completed"])
      await expect(adminStat(page, label)).toBeVisible();
    expect(await statNumber(page, "Total Referrals")).toBeGreaterThanOrEqual(40);
    expect(await statNumber(page, "Businesses")).toBeGreaterThanOrEqual(6);
    expect(await statNumber(page, "Active Connectors")).toBeGreaterThan(0);
    expect(await statNumber(page, "Completed")).toBeGreaterThan(0);

    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
    await expect(adminStat(page, "Total Referrals")).toBeVisible();
  });

  test("each tab is a link that changes the URL and shows its content", async ({ page }) => {
    await openAsAdmin(page, "/admin");
    const tabs = page.getByRole("navigation", { name: "Dashboard tabs" });
    await expect(tabs.getByRole("link", { name: "Platform Activity" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("main").getByRole("list", { name: "Activity" })).toBeVisible();

    await tabs.getByRole("link", { name: "All Referrals" }).click();
    await expect(page).toHaveURL(/\?tab=referrals$/);
    await expect(mainTable(page, "All Referrals")).toBeVisible();

    await tabs.getByRole("link", { name: "Connectors" }).click();
    await expect(page).toHaveURL(/\?tab=connectors$/);
    await expect(bodyRows(mainTable(page, "Connectors"))).toHaveCount(5);
    await expect(page.getByRole("link", { name: "View all connectors" })).toHaveAttribute("href", "/admin/connectors");

    await tabs.getByRole("link", { name: "Businesses" }).click();
    await expect(page).toHaveURL(/\?tab=businesses$/);
    await expect(bodyRows(mainTable(page, "Businesses"))).toHaveCount(5);
    await page.getByRole("link", { name: "View all businesses" }).click();
    await expect(page).toHaveURL(/\/admin\/businesses$/);
    await expect(page.getByRole("heading", { name: "Businesses", level: 1 })).toBeVisible();
  });

  test("platform activity searches action or details, newest first", async ({ page, request }) => {
    const token = uniqueName("act");
    await createUser(request, { name: `Searcher ${token}` });
    await openAsAdmin(page, "/admin");
    await page.getByRole("searchbox", { name: "Search by action or details" }).fill(token);
    await expect(page).toHaveURL(new RegExp(`tab=activity.*q=${token}`));
    const items = page.getByRole("list", { name: "Activity" }).getByRole("listitem");
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText("New user signed up");
    await expect(items.first()).toContainText(`Searcher ${token} joined as an individual`);

    await page.getByRole("searchbox", { name: "Search by action or details" }).fill("zz-no-such-activity-zz");
    await expect(page.getByText("No activity matches your search")).toBeVisible();
  });

  test("the referrals table has the SPEC columns, 2-decimal amounts and a Remind action", async ({ page }) => {
    await openAsAdmin(page, "/admin?tab=referrals");
    const table = mainTable(page, "All Referrals");
    await expect(table.locator("thead th")).toHaveText([
      "Referrer",
      "Customer",
      "Business",
      "Status",
      "Revenue",
      "Referral Fee",
      "Created",
      "Actions",
    ]);
    await expect(bodyRows(table)).toHaveCount(20);
    const amounts = await table.locator("tbody tr td:nth-child(5), tbody tr td:nth-child(6)").allTextContents();
    expect(amounts.length).toBe(40);
    for (const amount of amounts) expect(amount).toMatch(/^[A-Z]{3} \d{1,3}(,\d{3})*\.\d{2}$/);
    // Seeded pending referrals have no revenue: they show 0.00.
    expect(amounts.some((a) => a.endsWith(" 0.00"))).toBe(true);
    await expect(page.getByRole("navigation", { name: "Pagination" })).toBeVisible();

    // Remind only where the business still has to decide (issue 37 item 8): never on a closed referral.
    const closed = bodyRows(table).filter({ has: page.getByText(/^(Completed|Rejected)$/) });
    expect(await closed.count()).toBeGreaterThan(0);
    await expect(closed.getByRole("button", { name: "Remind" })).toHaveCount(0);
    const open = bodyRows(table).filter({ has: page.getByText(/^(Pending|Approved)$/) });
    await expect(open.getByRole("button", { name: "Remind" })).toHaveCount(await open.count());
    // The customer opens the referral's own page; under the name, where the person's consent stands.
    const first = bodyRows(table).first();
    await expect(first.getByTestId("admin-referral-consent")).toHaveText(
      /^(Awaiting the person's consent|Consent given|Declined|Lapsed \(no answer in 14 days\)|Called off)$/,
    );
    await expect(first.locator("td").nth(1).getByRole("link")).toHaveAttribute("href", /^\/referrals\/\d+$/);

    await open.first().getByRole("button", { name: "Remind" }).click();
    await expectToast(page, "Reminder sent");
    await expect(page).toHaveURL(/\/admin\?tab=referrals$/);
  });

  test("full referrals screen filters by status and sorts by revenue", async ({ page }) => {
    await openAsAdmin(page, "/admin/referrals");
    await page.getByRole("combobox", { name: "Status" }).selectOption("completed");
    await expect(page).toHaveURL(/status=completed/);
    const table = mainTable(page, "All Referrals");
    await expect(bodyRows(table).first()).toBeVisible();
    // Retried until the filtered rows are in: read once, the cells could still be the unfiltered page's
    // (the URL changes before the table re-renders under load).
    await expect(table.locator("tbody tr td:nth-child(4)").filter({ hasNotText: /^Completed$/ })).toHaveCount(0);

    await table.getByRole("link", { name: "Revenue" }).click();
    await expect(page).toHaveURL(/sort=revenue&dir=desc/);
    await expect(table.getByRole("columnheader", { name: "Revenue" })).toHaveAttribute("aria-sort", "descending");
    const revenues = (await table.locator("tbody tr td:nth-child(5)").allTextContents()).map((t) =>
      Number(t.replace(/^[A-Z]{3} /, "").replace(/,/g, "")),
    );
    expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
  });

  test("connectors screen: search, filter, sort and pagination live in the URL", async ({ page, request }) => {
    const prefix = uniqueName("pg");
    await createConnectors(request, prefix, 21);
    await openAsAdmin(page, "/admin/connectors");
    await expect(page.getByRole("heading", { name: "Connectors", level: 1 })).toBeVisible();

    await page.getByRole("searchbox", { name: "Search by name, email or username" }).fill(prefix);
    await expect(page).toHaveURL(new RegExp(`q=${prefix}`));
    const table = mainTable(page, "Connectors");
    await expect(bodyRows(table)).toHaveCount(20);
    await expect(page.getByText("Page 1 of 2 · 21 total")).toBeVisible();
    await expect(bodyRows(table).first()).toContainText(`${prefix}_00`);

    // Name descending: the last one comes first.
    await table.getByRole("link", { name: "Name" }).click();
    await expect(page).toHaveURL(/sort=name&dir=desc/);
    await expect(bodyRows(table).first()).toContainText(`${prefix}_20`);
    await table.getByRole("link", { name: "Name" }).click();
    await expect(page).toHaveURL(/sort=name&dir=asc/);
    await expect(bodyRows(table).first()).toContainText(`${prefix}_00`);

    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(bodyRows(table)).toHaveCount(1);
    await expect(bodyRows(table).first()).toContainText(`${prefix}_20`);
    await expect(page.getByText("Page 2 of 2 · 21 total")).toBeVisible();

    // Filters: all of them are individual and active.
    await page.getByRole("combobox", { name: "Account type" }).selectOption("business");
    await expect(page).toHaveURL(/accountType=business/);
    await expect(page.getByText("No connectors match your filters")).toBeVisible();
    await page.getByRole("combobox", { name: "Account type" }).selectOption("individual");
    await page.getByRole("combobox", { name: "Account status" }).selectOption("active");
    await expect(page).toHaveURL(/accountType=individual.*status=active|status=active.*accountType=individual/);
    await expect(page.getByText("Page 1 of 2 · 21 total")).toBeVisible();
    await page.getByRole("combobox", { name: "Account status" }).selectOption("suspended");
    await expect(page.getByText("No connectors match your filters")).toBeVisible();
  });

  test("businesses screen filters by sector and a row opens the detail view", async ({ page }) => {
    await openAsAdmin(page, "/admin/businesses");
    const table = mainTable(page, "Businesses");
    await expect(bodyRows(table).first()).toBeVisible();
    await page.getByRole("combobox", { name: "Sector" }).selectOption("Legal");
    await expect(page).toHaveURL(/sector=Legal/);
    await expect(bodyRows(table).filter({ hasText: "Harbour Legal LLP" })).toHaveCount(1);
    for (const sector of await table.locator("tbody tr td:nth-child(3)").allTextContents()) expect(sector).toBe("Legal");

    await table.getByRole("link", { name: "Harbour Legal LLP" }).click();
    await expect(page).toHaveURL(/\/admin\/businesses\/\d+$/);
    await expect(page.getByRole("heading", { name: "Harbour Legal LLP", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Referrals received" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Recent activity" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Suspend user|Reinstate user/ })).toBeVisible();
  });

  test("Export CSV links carry the filter and answer text/csv with the header row", async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto("/admin/connectors?q=jane&accountType=individual");
    const link = page.getByRole("link", { name: "Export CSV" });
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/api\/admin\/connectors\?/);
    expect(href).toContain("q=jane");
    expect(href).toContain("accountType=individual");
    expect(href).toContain("format=csv");
    const csv = await page.request.get(href as string);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const body = await csv.text();
    expect(body.split(/\r?\n/)[0]).toContain("Name");
    expect(body).toContain("Jane Tan");

    await page.goto("/admin/businesses?sector=Legal");
    const businessHref = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    expect(businessHref).toContain("sector=Legal");
    const businessCsv = await page.request.get(businessHref as string);
    expect(businessCsv.headers()["content-type"]).toContain("text/csv");
    const rows = (await businessCsv.text()).trim().split(/\r?\n/);
    expect(rows[0]).toMatch(/Company/i);
    expect(rows.slice(1).join("\n")).toContain("Harbour Legal LLP");
  });

  test("an admin suspends a user, who is refused at login, then reinstates them", async ({ page, browser, request }) => {
    const person = await createUser(request, { name: "Suspend Me" });
    await loginAsAdmin(page);
    const id = await connectorIdOf(page, person.username);
    await page.goto(`/admin/connectors/${id}`);
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Suspend Me", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Suspend user" }).click();
    await expectToast(page, "User suspended");
    await expect(page.getByRole("button", { name: "Reinstate user" })).toBeVisible();

    const other = await browser.newContext(ownClient());
    try {
      const userPage = await other.newPage();
      await userPage.goto("/login");
      await hydrated(userPage);
      await userPage.getByLabel("Username").fill(person.username);
      await userPage.getByLabel("Password").fill(person.password);
      await userPage.getByRole("button", { name: "Login", exact: true }).click();
      await expect(userPage.getByText(SUSPENDED).first()).toBeVisible();
      await expect(userPage).toHaveURL(/\/login/);

      await page.getByRole("button", { name: "Reinstate user" }).click();
      await expectToast(page, "User reinstated");
      await expect(page.getByRole("button", { name: "Suspend user" })).toBeVisible();

      await login(userPage, person.username, person.password);
      await expect(userPage.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test("a non-admin gets the 404 page on the admin screens", async ({ page, request }) => {
    const person = await createUser(request);
    await login(page, person.username, person.password);
    const response = await page.goto("/admin/connectors");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    expect((await page.goto("/admin/connectors/1"))?.status()).toBe(404);
  });

  test("an admin gets the 404 page on a path outside the console", async ({ page }) => {
    await login(page, DEMO.admin.username, DEMO.admin.password);
    expect((await page.goto("/my-referrals"))?.status()).toBe(404);
    expect((await page.goto("/admin/connectors/999999"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  });
});

test.describe("admin console on a 375px-wide phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the four stats sit two by two and the tabs stay on one line (issue 37 item 8)", async ({ page }) => {
    await openAsAdmin(page, "/admin");
    const stats = page.getByTestId("admin-stats");
    const statsBox = await stats.boundingBox();
    // Two rows of two: well under half the screen, so the tabs and the table show without scrolling far.
    expect(statsBox?.height ?? 999).toBeLessThan(260);
    const tabs = page.getByRole("navigation", { name: "Dashboard tabs" }).getByRole("link");
    const tops = new Set<number>();
    for (const box of await Promise.all((await tabs.all()).map((tab) => tab.boundingBox()))) tops.add(Math.round(box?.y ?? -1));
    expect(tops.size).toBe(1);
    // Every tab is reachable: the row scrolls sideways, and Tab moves along it.
    const last = tabs.last();
    await last.focus();
    await expect(last).toBeInViewport();
  });
});
