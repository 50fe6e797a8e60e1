import { test as base, expect, type Page } from "@playwright/test";

export const DEMO = {
  admin: { username: "admin", password: "Admin1234" },
  business: { username: "acme", password: "Business1234" },
  connector: { username: "jane", password: "Connector1234" },
};

let counter = 0;
export function uniqueName(prefix = "e2e") {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
}

/** Waits until Remix has hydrated, so client-side validation and handlers are live. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __remixRouter?: unknown }).__remixRouter);
}

export async function login(page: Page, username: string, password: string) {
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

/** Creates a fresh individual account through the API (fast) and logs the page in with it. */
export async function signUpViaApi(page: Page, overrides: Record<string, string> = {}) {
  const username = uniqueName("user");
  const payload = {
    username,
    password: "secret123",
    name: "E2E Person",
    email: `${username}@example.com`,
    phone: "+65 9123 4567",
    accountType: "individual",
    ...overrides,
  };
  const response = await page.request.post("/api/auth/signup", { data: payload });
  expect(response.status()).toBe(201);
  return payload;
}

export const test = base;
export { expect };
