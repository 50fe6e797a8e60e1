import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { createUser, DEMO, expect, hydrated, login, ownClient } from "./fixtures";

export async function loginAsAdmin(page: Page) {
  await login(page, DEMO.admin.username, DEMO.admin.password);
}

/** Logs the demo admin in and opens `path` of the console, hydrated. */
export async function openAsAdmin(page: Page, path: string) {
  await loginAsAdmin(page);
  await page.goto(path);
  await hydrated(page);
}

/** One of the admin dashboard's four stat cards. */
export function adminStat(page: Page, label: string): Locator {
  return page
    .getByTestId("admin-stats")
    .locator(":scope > div")
    .filter({ has: page.getByText(label, { exact: true }) });
}

/** The number a stat card shows. */
export async function statNumber(page: Page, label: string): Promise<number> {
  const text = await adminStat(page, label).locator("p").nth(1).textContent();
  return Number(text);
}

/** The main area's table (the sidebar holds links with the same names as the tabs). */
export function mainTable(page: Page, name: string): Locator {
  return page.getByRole("main").getByRole("table", { name });
}

/** Body rows of a table. */
export function bodyRows(table: Locator): Locator {
  return table.locator("tbody tr");
}

/** Creates `count` individual accounts whose usernames start with `prefix` (each one is a connector). */
export async function createConnectors(request: APIRequestContext, prefix: string, count: number, name = "Paged Person") {
  const made: string[] = [];
  // A few at a time: each signup hashes a password, and the shared server also serves other tests.
  for (let i = 0; i < count; i += 5) {
    const batch = Array.from({ length: Math.min(5, count - i) }, (_, j) => `${prefix}_${String(i + j).padStart(2, "0")}`);
    // Each person signs up from a place of their own: one place may sign up 10 an hour (decision 047).
    await Promise.all(
      batch.map((username) => createUser(request, { username, name: `${name} ${username}` }, ownClient().extraHTTPHeaders)),
    );
    made.push(...batch);
  }
  return made;
}

/** The connector id of a username, through the admin API with the page's admin session. */
export async function connectorIdOf(page: Page, username: string): Promise<number> {
  const response = await page.request.get(`/api/admin/connectors?q=${encodeURIComponent(username)}`);
  expect(response.status()).toBe(200);
  const rows = (await response.json()) as Array<{ id: number; username: string }>;
  const row = rows.find((r) => r.username === username);
  if (!row) throw new Error(`no connector for ${username}`);
  return row.id;
}
