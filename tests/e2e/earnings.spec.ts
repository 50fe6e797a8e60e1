import AxeBuilder from "@axe-core/playwright";
import { businessInput, PHONE } from "./business-helpers";
import { expectNoHorizontalOverflow } from "./connector-helpers";
import { createUser, DEMO, expect, hydrated, login, ownClient, signUpViaApi, test, uniqueName } from "./fixtures";
import { e2eSql, giveConsent } from "./support/d1";

// Issue 17 section 3 in Chromium: a connector with a payable and a paid commission sees them on
// Earnings (cards, commissions, the payout's reference), picks a statement (with and without
// JavaScript), and the statement prints on A4 without the app's sidebar.

/**
 * The e2e server's D1 (support/d1.ts), for what another screen does (recording a payout): the hold
 * passes for both commissions, and one is paid the way a payout pays it (tests/integration/helpers/ledger.ts markPaid).
 */
async function holdPassesAndOnePaid(referralIds: [number, number], reference: string) {
  const now = Date.now();
  const paidOne = `(select id from commissions where referral_id = ${referralIds[1]} and kind = 'commission' and superseded_at is null)`;
  await e2eSql([
    {
      sql: "update commissions set status = 'payable', payable_at = ? where referral_id in (?, ?) and status = 'pending'",
      args: [now, ...referralIds],
    },
    {
      sql: `insert into payouts (business_id, connector_id, currency, amount_minor, method, reference, paid_at)
            select business_id, connector_id, currency, amount_minor, 'bank_transfer', ?, ? from commissions where id = ${paidOne}`,
      args: [reference, now],
    },
    {
      sql: `update commissions set status = 'paid', payout_id = (select max(id) from payouts), paid_at = ? where id = ${paidOne}`,
      args: [now],
    },
    {
      sql: `insert into commission_entries (commission_id, connector_id, business_id, currency, type, amount_minor, payout_id, occurred_at)
            select id, connector_id, business_id, currency, 'payout', -amount_minor, payout_id, ? from commissions where id = ${paidOne}`,
      args: [now],
    },
  ]);
}

test("a connector sees a payable and a paid commission on Earnings, and prints the month's statement on A4", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // A business (its own cookie jar) and a connector, logged in on the page, who refers two people.
  await createUser(request, { accountType: "business", name: "Penny Payer" }, ownClient().extraHTTPHeaders);
  const companyName = `Earnings ${uniqueName("co")}`;
  const created = await request.post("/api/businesses", { data: businessInput({ companyName }) });
  expect(created.status(), await created.text()).toBe(201);
  const business = (await created.json()) as { id: number };
  await signUpViaApi(page, { name: "Earnie Connector" });
  const ids: number[] = [];
  for (const [name, revenue] of [
    ["Paula Payable", 1234.5],
    ["Pete Paid", 200],
  ] as const) {
    const made = await page.request.post("/api/referrals", {
      data: {
        businessId: business.id,
        referredPersonName: name,
        referredPersonEmail: `${uniqueName("lead")}@example.com`,
        referredPersonPhone: `+65 9${String(Date.now()).slice(-7)}`,
        cashbackPercentage: 10,
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { id } = (await made.json()) as { id: number };
    await giveConsent(id);
    const done = await request.patch(`/api/referrals/${id}`, {
      data: { status: "completed", revenueReceived: revenue, revenueCurrency: "SGD" },
    });
    expect(done.status(), await done.text()).toBe(200);
    ids.push(id);
  }
  await holdPassesAndOnePaid([ids[0]!, ids[1]!], "E2E-BANK-0042");

  // The dashboard's card reads the ledger and leads to Earnings.
  await page.goto("/");
  const card = page.getByTestId("earnings-card");
  await expect(card.getByTestId("earnings-SGD")).toContainText("PayableSGD 123.45");
  await expect(card.getByTestId("earnings-SGD")).toContainText("PaidSGD 20.00");
  await card.getByRole("link", { name: "View earnings" }).click();

  await expect(page.getByRole("heading", { name: "Earnings", level: 1 })).toBeVisible();
  await expect(page.getByTestId("sidebar").getByRole("link", { name: "Earnings", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const balance = page.getByTestId("balance-SGD");
  await expect(balance).toContainText("PendingSGD 0.00");
  await expect(balance).toContainText("PayableSGD 123.45");
  await expect(balance).toContainText("PaidSGD 20.00");
  await expect(balance).toContainText("Owed to you: SGD 123.45");
  const rows = page.getByTestId("commission-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Paula Payable" })).toContainText("Payable since");
  await expect(rows.filter({ hasText: "Pete Paid" })).toContainText("Ref E2E-BANK-0042");
  const payout = page.getByTestId("payout-row");
  await expect(payout).toHaveCount(1);
  await expect(payout).toContainText(companyName);
  await expect(payout).toContainText("SGD 20.00");
  await expect(payout).toContainText("Bank transfer");
  await expect(payout).toContainText("E2E-BANK-0042");

  // The statement picker (a GET form) opens this month's statement.
  const month = new Date().toISOString().slice(0, 7);
  await hydrated(page);
  await page.getByLabel("Month", { exact: true }).fill(month);
  await page.getByLabel("Currency", { exact: true }).selectOption("SGD");
  await page.getByRole("button", { name: "View statement" }).click();
  await expect(page).toHaveURL(new RegExp(`/earnings/statements/${month}\\?currency=SGD$`));
  const statement = page.getByTestId("statement");
  await expect(statement.getByRole("heading", { level: 1 })).toContainText("· SGD");
  await expect(statement).toContainText("Earnie Connector");
  await expect(page.getByTestId("closing-balance")).toHaveText("SGD 123.45");
  await expect(page.getByTestId("statement-line")).toHaveCount(3);
  await expect(page.getByTestId("statement-line").filter({ hasText: "Payout" })).toContainText("E2E-BANK-0042");
  const csv = page.getByRole("link", { name: "Download CSV" });
  await expect(csv).toHaveAttribute("href", `/earnings/statements/${month}.csv?currency=SGD`);

  // Printed: the sidebar, the top bar and the statement's buttons are hidden; the statement stays.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("sidebar")).toBeHidden();
  await expect(page.getByTestId("sidebar-trigger")).toBeHidden();
  await expect(csv).toBeHidden();
  await expect(page.getByTestId("closing-balance")).toBeVisible();
  const pdf = await page.pdf({ format: "A4", preferCSSPageSize: true });
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  await page.emulateMedia({ media: "screen" });
  await expect(page.getByTestId("sidebar")).toBeVisible();

  // Without JavaScript, on a phone: the same screen, the same form, nothing scrolls sideways.
  const noJs = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: PHONE,
    storageState: await page.context().storageState(),
  });
  const plain = await noJs.newPage();
  await plain.goto("/earnings");
  await expect(plain.getByTestId("balance-SGD")).toContainText("PayableSGD 123.45");
  await expectNoHorizontalOverflow(plain);
  await plain.getByLabel("Month", { exact: true }).fill(month);
  await plain.getByRole("button", { name: "View statement" }).click();
  await expect(plain.getByTestId("closing-balance")).toHaveText("SGD 123.45");
  await expectNoHorizontalOverflow(plain);
  await noJs.close();
});

test("the demo connector's Earnings and statement pass axe (WCAG 2.1 A/AA), in the light and the dark theme", async ({
  page,
}) => {
  test.slow();
  await login(page, DEMO.connector.username, DEMO.connector.password);
  const month = new Date().toISOString().slice(0, 7);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const path of ["/earnings", `/earnings/statements/${month}?currency=SGD`]) {
      await page.goto(path);
      await hydrated(page);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      const serious = results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id} on ${path} (${colorScheme}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(serious, serious.join("\n")).toEqual([]);
    }
  }
  // The seeded payout (scripts/seed-ledger.ts) is on the demo connector's Earnings.
  await page.goto("/earnings");
  await expect(page.getByTestId("payout-row")).toContainText("PAYNOW-ACME-0001");
});
