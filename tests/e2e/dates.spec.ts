import { expect, hydrated, login, ownClient, signUpViaApi, test, uniqueName } from "./fixtures";
import { consentedReferral, decideReferral, ownerWithBusiness } from "./ledger-setup";
import { e2eSql } from "./support/d1";

// Issue 37 item 8 (decision 168): one date format ("Nov 25, 2026", the SPEC's) on a card, Earnings and
// a statement, one 12-hour time, and instants in the viewer's time zone. Auckland is UTC+13 in
// November, so an evening in UTC is the next morning there: the zone shows in the day itself.
const ZONE = "Pacific/Auckland";
test.use({ timezoneId: ZONE });

/** The moment everything below happened: Nov 24, 2026, 8:30 PM UTC = Nov 25, 2026, 9:30 AM in Auckland. */
const AT = Date.parse("2026-11-24T20:30:00.000Z");
/** When the commission becomes payable: a ledger day, UTC midnight. */
const PAYABLE = Date.parse("2026-12-08T00:00:00.000Z");
/** The SPEC's date ("Jan 05, 2025") of a moment, in UTC: what the ledger's days read as. */
const utcDay = (at: number) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "2-digit", year: "numeric", timeZone: "UTC" }).format(at);
/** Any other way of writing a date: en-GB's "24 Nov 2026" or "20 Sept 2026", ISO days. */
const OTHER_DATE_FORMATS = /\b\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec) \d{4}\b|\b\d{4}-\d{2}-\d{2}\b/;

test("dates read one way on a card, Earnings and a statement, and times in the viewer's zone", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // Two people, a completed referral, five screens and a second browser: slow on a loaded machine.
  test.slow();
  // A business owner (the request fixture's cookie jar) and a connector logged in on the page, with
  // one completed referral whose moments are set to AT (the ledger's entries are append-only: they
  // keep today's date).
  const { owner, business } = await ownerWithBusiness(request, {
    ownerName: "Dora Dates",
    companyName: `Dates ${uniqueName("co")}`,
  });
  await signUpViaApi(page, { name: "Tess Zone" });
  const id = await consentedReferral(page.request, business.id, { personName: "Zara Zone" });
  await decideReferral(request, id, { revenue: 500 });
  const today = Date.now();
  await e2eSql([
    { sql: "update referrals set created_at = ? where id = ?", args: [AT, id] },
    { sql: "update referral_status_changes set created_at = ? where referral_id = ?", args: [AT, id] },
    { sql: "update commissions set created_at = ?, payable_at = ? where referral_id = ?", args: [AT, PAYABLE, id] },
  ]);

  // Before the browser has said its zone, the server writes times in UTC and says so.
  const timesIn = async (path: string) =>
    [...(await (await page.request.get(path)).text()).matchAll(/<time dateTime="[^"]+">([^<]+)<\/time>/g)].map((m) => m[1]);
  expect(await timesIn(`/referrals/${id}`)).toEqual(["Nov 24, 2026, 8:30 PM UTC", "Nov 24, 2026, 8:30 PM UTC"]);

  // The referral's page, once hydrated, shows the moment in Auckland, 12-hour, without "UTC".
  await page.goto(`/referrals/${id}`);
  await hydrated(page);
  const timeline = page.getByTestId("referral-timeline");
  await expect(timeline).toContainText("Nov 25, 2026, 9:30 AM");
  await expect(timeline).not.toContainText("UTC");
  await expect(page.getByText("Referred to", { exact: false })).toContainText(`on Nov 25, 2026`);
  // The zone is remembered, so the server's next HTML already agrees with the browser.
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "tz")?.value).toBe(encodeURIComponent(ZONE));
  expect(await timesIn(`/referrals/${id}`)).toEqual(["Nov 25, 2026, 9:30 AM", "Nov 25, 2026, 9:30 AM"]);

  // Earnings: the ledger's days (UTC calendar days) in the same format.
  await page.goto("/earnings");
  const row = page.getByTestId("commission-row").filter({ hasText: "Zara Zone" });
  await expect(row).toContainText("Nov 24, 2026");
  await expect(row).toContainText("Expected payable Dec 08, 2026");
  expect(await page.locator("main").innerText()).not.toMatch(OTHER_DATE_FORMATS);

  // The month's statement: its period and its lines, the same way.
  await page.goto(`/earnings/statements/${new Date(today).toISOString().slice(0, 7)}?currency=SGD`);
  const statement = page.getByTestId("statement");
  await expect(statement.getByRole("heading", { level: 1 })).toHaveText(/^[A-Z][a-z]+ \d{4} · SGD$/);
  await expect(statement).toContainText(/[A-Z][a-z]{2} 01, \d{4} to [A-Z][a-z]{2} \d{2}, \d{4} \(UTC\)/);
  await expect(page.getByTestId("statement-line").first()).toContainText(utcDay(today));
  expect(await statement.innerText()).not.toMatch(OTHER_DATE_FORMATS);

  // The business's card for the referral: the day it was made, in the viewer's zone.
  const ownerContext = await browser.newContext({ baseURL, timezoneId: ZONE, extraHTTPHeaders: ownClient().extraHTTPHeaders });
  const ownerPage = await ownerContext.newPage();
  await login(ownerPage, owner.username, owner.password);
  await ownerPage.goto("/business/referrals");
  await hydrated(ownerPage);
  const card = ownerPage.getByTestId("referral-card").filter({ hasText: "Zara Zone" });
  await expect(card).toContainText("Nov 25, 2026");
  expect(await card.innerText()).not.toMatch(OTHER_DATE_FORMATS);
  await ownerContext.close();
});
