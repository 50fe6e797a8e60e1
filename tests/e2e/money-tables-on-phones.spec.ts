import type { Locator, Page } from "@playwright/test";
import { expectAxeCleanInBothThemes } from "./axe";
import { PHONE } from "./business-helpers";
import { expectNoHorizontalOverflow } from "./connector-helpers";
import { DEMO, expect, hydrated, login, test } from "./fixtures";

// Issue 37 item 4 in Chromium at 375x812: every table of money is a list of cards under 640 px, so each
// row's status, amount and date are on the screen, whole; the scroll areas a keyboard could not reach
// (the share page's email template, the admin's payables) are named, focusable regions; axe finds
// nothing on these screens at 375 px. The demo accounts are only read here.
test.use({ viewport: PHONE });

/**
 * An amount as the app writes it, e.g. "SGD 1,234.50", "-SGD 174.69" or "JPY 1,131": whole, with as
 * many decimals as its currency has (the browser's Intl says how many) or the two of the SPEC's
 * referral tables ("Revenue and fee show 2 decimals"); a cell may hold one per line.
 */
const AMOUNT = /^-?([A-Z]{3}) -?\d{1,3}(?:,\d{3})*(?:\.(\d+))?$/;

/** The main area's table named `name` (its cards on a phone), or the one in the region of that name. */
function table(page: Page, name: string): Locator {
  const main = page.getByRole("main");
  return main
    .getByRole("table", { name, exact: true })
    .or(main.getByRole("region", { name, exact: true }).getByRole("table"))
    .first();
}

/**
 * Every body row of `name` shows its cells under `columns` inside the viewport's width, text included
 * (no cell or word cut at the right edge, nothing hidden in a sideways scroll); the cells under
 * `amounts` read as whole amounts. Returns what is wrong, one line each.
 */
async function problemsIn(page: Page, name: string, columns: string[], amounts: string[] = []): Promise<string[]> {
  const found = table(page, name);
  await expect(found.locator("tbody tr").first()).toBeVisible();
  return found.evaluate(
    (el, { columns, amounts, amount }) => {
      const tableEl = el as HTMLTableElement;
      const heads = [...tableEl.tHead!.rows[0]!.cells].map((th) => th.textContent?.trim() ?? "");
      const width = window.innerWidth;
      const problems: string[] = [];
      [...tableEl.tBodies[0]!.rows].forEach((row, r) => {
        for (const column of columns) {
          const index = heads.indexOf(column);
          if (index < 0) {
            problems.push(`no column ${column} (headers: ${heads.join(", ")})`);
            continue;
          }
          const cell = row.cells[index]!;
          const text = cell.textContent?.trim() ?? "";
          const box = cell.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(cell);
          const lines = [...range.getClientRects()];
          const where = `row ${r + 1} ${column} "${text}"`;
          if (!text) problems.push(`${where}: empty`);
          else if (box.width === 0 || box.height === 0 || getComputedStyle(cell).visibility !== "visible")
            problems.push(`${where}: not shown`);
          else if (box.left < 0 || box.right > width) problems.push(`${where}: cell spans ${box.left}-${box.right} of ${width}`);
          else if (lines.some((l) => l.left < 0 || l.right > width)) problems.push(`${where}: text runs past ${width}`);
          if (amounts.includes(column)) {
            const shown = (cell as HTMLElement).innerText.split("\n").map((l) => l.trim());
            const whole = (line: string) => {
              const match = new RegExp(amount).exec(line);
              if (!match) return false;
              const digits = new Intl.NumberFormat("en", { style: "currency", currency: match[1]! }).resolvedOptions()
                .maximumFractionDigits;
              const decimals = match[2]?.length ?? 0;
              return decimals === digits || decimals === 2;
            };
            if (!shown.every(whole)) problems.push(`${where}: not a whole amount (${shown.join(" | ")})`);
          }
        }
      });
      return problems;
    },
    { columns, amounts, amount: AMOUNT.source },
  );
}

async function expectRowsOnScreen(page: Page, name: string, columns: string[], amounts: string[] = []) {
  const problems = await problemsIn(page, name, columns, amounts);
  expect(problems, `${name} on ${page.url()}:\n${problems.join("\n")}`).toEqual([]);
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  await expectNoHorizontalOverflow(page);
}

/**
 * The region named `name` is focusable (tabindex 0, not only by the browser's own choice), Tab reaches
 * it, and the keys scroll it wherever it scrolls.
 */
async function expectKeyboardScrollable(page: Page, name: string) {
  const region = page.getByRole("main").getByRole("region", { name, exact: true });
  await expect(region).toHaveAttribute("tabindex", "0");
  await page.locator("body").focus();
  let reached = false;
  for (let i = 0; i < 80 && !reached; i++) {
    await page.keyboard.press("Tab");
    reached = await region.evaluate((el) => el === document.activeElement);
  }
  expect(reached, `Tab reaches the region ${name}`).toBe(true);
  const size = await region.evaluate((el) => ({
    down: el.scrollHeight > el.clientHeight + 1,
    across: el.scrollWidth > el.clientWidth + 1,
  }));
  if (size.down) {
    await page.keyboard.press("PageDown");
    await expect.poll(() => region.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  }
  if (size.across) {
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  }
  return size;
}

test("375px: the connector's Earnings and monthly statement show each row's status, amount and date whole", async ({ page }) => {
  test.slow();
  await login(page, DEMO.connector.username, DEMO.connector.password);
  await open(page, "/earnings");
  await expectRowsOnScreen(page, "Commissions", ["Date", "Status", "Amount", "When"], ["Amount"]);
  await expectRowsOnScreen(page, "Payouts received", ["Date", "Amount", "Reference"], ["Amount"]);
  await expectAxeCleanInBothThemes(page);

  // The newest month with entries (the demo ledger's dates follow today's).
  const month = new Date();
  let lines = 0;
  for (let back = 0; back < 4 && lines === 0; back++) {
    const key = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
    await open(page, `/earnings/statements/${key}?currency=SGD`);
    lines = await page.getByTestId("statement-line").count();
  }
  expect(lines, "a demo statement with entries").toBeGreaterThan(0);
  await expectRowsOnScreen(page, "Statement entries", ["Date", "Type", "Amount"], ["Amount"]);
  await expectAxeCleanInBothThemes(page);
});

test("375px: the business's payout history is cards, and its share page's email template scrolls by keyboard", async ({
  page,
}) => {
  test.slow();
  await login(page, DEMO.business.username, DEMO.business.password);
  await open(page, "/business/payouts");
  await expectRowsOnScreen(page, "Payout history", ["Date", "Connector", "Amount", "Reference"], ["Amount"]);
  await expectAxeCleanInBothThemes(page);

  await open(page, "/business/share");
  await expect(page.getByTestId("email-template")).toContainText("Subject:");
  // At 375 px the template is taller than its box: the keys scroll it.
  expect((await expectKeyboardScrollable(page, "Email template")).down).toBe(true);
  await expectAxeCleanInBothThemes(page);
});

const referralColumns = ["Customer", "Status", "Revenue", "Referral Fee", "Created"];
const referralAmounts = ["Revenue", "Referral Fee"];

// The admin's screens in four tests (each two or three screens, two axe runs apiece): one test for all
// of them took 3.1 minutes under the full suite's load, past its budget.
test("375px: the admin's All Referrals tables show each row's money and dates whole", async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, DEMO.admin.username, DEMO.admin.password);
  for (const path of ["/admin?tab=referrals", "/admin/referrals"]) {
    await open(page, path);
    await expectRowsOnScreen(page, "All Referrals", referralColumns, referralAmounts);
    // The Customer cell keeps the referral's page and its consent (decision 167); Remind only on open ones.
    const first = table(page, "All Referrals").locator("tbody tr").first();
    await expect(first.getByRole("link").nth(1)).toHaveAttribute("href", /^\/referrals\/\d+$/);
    await expect(first.getByTestId("admin-referral-consent")).toBeVisible();
    const closed = table(page, "All Referrals")
      .locator("tbody tr")
      .filter({ has: page.getByText(/^(Completed|Rejected)$/) });
    await expect(closed.first()).toBeVisible();
    await expect(closed.getByRole("button", { name: "Remind" })).toHaveCount(0);
    await expectAxeCleanInBothThemes(page);
  }
});

test("375px: the admin's connector table and a connector's page show money and dates whole", async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, DEMO.admin.username, DEMO.admin.password);
  await open(page, "/admin/connectors");
  await expectRowsOnScreen(page, "Connectors", ["Name", "Referrals", "Completed revenue", "Fees", "Joined"]);
  await expectAxeCleanInBothThemes(page);
  // The suite's own connectors (some also called Jane Tan) push the demo's off the first page: find her
  // by her address, as an admin would.
  await open(page, `/admin/connectors?q=${encodeURIComponent("jane.tan@example.com")}`);
  await table(page, "Connectors").getByRole("link", { name: "Jane Tan", exact: true }).click();
  await page.waitForURL(/\/admin\/connectors\/\d+$/);
  await hydrated(page);
  await expectNoHorizontalOverflow(page);
  await expectRowsOnScreen(page, "All Referrals", referralColumns, referralAmounts);
  await expectAxeCleanInBothThemes(page);
});

test("375px: the admin's business table and a business's page show money and dates whole", async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, DEMO.admin.username, DEMO.admin.password);
  await open(page, "/admin/businesses");
  await expectRowsOnScreen(page, "Businesses", ["Company", "Referrals received", "Completed revenue", "Registered"]);
  await expectAxeCleanInBothThemes(page);
  await open(page, "/admin/businesses?q=201912345K");
  await table(page, "Businesses").getByRole("link", { name: "Acme Corporation", exact: true }).click();
  await page.waitForURL(/\/admin\/businesses\/\d+$/);
  await hydrated(page);
  await expectNoHorizontalOverflow(page);
  await expectRowsOnScreen(page, "All Referrals", referralColumns, referralAmounts);
  await expectAxeCleanInBothThemes(page);
});

test("375px: the admin's payables tables are cards a keyboard reaches", async ({ page }) => {
  test.slow();
  await login(page, DEMO.admin.username, DEMO.admin.password);
  await open(page, "/admin?tab=payables");
  await expectRowsOnScreen(
    page,
    "Payables per currency",
    ["Currency", "Pending", "Payable", "Paid"],
    ["Pending", "Payable", "Paid"],
  );
  await expectRowsOnScreen(page, "Overdue payables", ["Business", "Amount Overdue", "Payable Since"], ["Amount Overdue"]);
  // Both payables tables are regions a keyboard reaches; as cards they no longer scroll sideways.
  for (const name of ["Payables per currency", "Overdue payables"])
    expect((await expectKeyboardScrollable(page, name)).across, `${name} scrolls sideways`).toBe(false);
  await expectAxeCleanInBothThemes(page);
});
