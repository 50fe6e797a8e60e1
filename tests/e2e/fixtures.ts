import { type APIRequestContext, test as base, expect, type Locator, type Page } from "@playwright/test";
import { linkIn, mailInbox } from "../shared/mail-inbox";

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

/**
 * Waits until Remix has hydrated, so client-side validation and handlers are live, and every part of
 * the screen whose code loads after it (app/components/ui/deferred.tsx) is live too.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(
    () =>
      Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter) &&
      !document.querySelector('[data-deferred="pending"]'),
  );
}

/**
 * Switches the page's theme (the class the theme script sets) and waits until every colour transition
 * it starts has ended: axe reading colours mid-transition (the sidebar's links have transition-colors)
 * saw light text on the dark sidebar and reported a contrast failure that no visitor sees.
 */
export async function switchTheme(page: Page, dark: boolean) {
  await page.evaluate(async (on) => {
    document.documentElement.classList.toggle("dark", on);
    await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined)));
  }, dark);
}

/**
 * A form's browser-side checks load on its first focus (app/utils/use-lazy-validation.ts); a test
 * that types faster than anyone and asserts they ran in the browser waits for them first.
 */
export async function formChecksLoaded(page: Page, field: Locator) {
  await field.focus();
  await page.waitForLoadState("networkidle");
}

/**
 * Logs in at `path` ("/login", or the admin console's "/admin/login" with its button) with credentials
 * the screen refuses: the form's alert, the destructive toast Login failed, and the page stays at `path`.
 */
export async function expectLoginRefused(
  page: Page,
  path: string,
  credentials: { username: string; password: string },
  button = "Login",
) {
  await page.goto(path);
  await hydrated(page);
  await submitLogin(page, credentials.username, credentials.password, button);
  await expect(page.getByRole("alert")).toHaveText("Invalid username or password");
  await expectToast(page, "Login failed", { destructive: true });
  await expect(page).toHaveURL((url) => url.pathname === path && url.search === "");
}

/** Fills the login form the page shows and submits it with its button (the admin console's says "Login to Admin Panel"). */
export async function submitLogin(page: Page, username: string, password: string, button = "Login") {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: button, exact: true }).click();
}

/**
 * Submits the login form with its POST to `path` held, so the test sees the button say Logging in...
 * (disabled) before the server answers; then lets the POST go.
 */
export async function submitLoginSeeingPending(page: Page, path: string, username: string, password: string, button = "Login") {
  const release = await holdPost(page, path);
  await submitLogin(page, username, password, button);
  await expect(page.getByRole("button", { name: "Logging in..." })).toBeDisabled();
  release();
}

export async function login(page: Page, username: string, password: string) {
  await page.goto("/login");
  await hydrated(page);
  await submitLogin(page, username, password);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"));
}

type SignupPayload = {
  username: string;
  password: string;
  name: string;
  email: string;
  phone: string;
  accountType: string;
};

function signupPayload(overrides: Partial<SignupPayload>): SignupPayload {
  const username = overrides.username ?? uniqueName("user");
  return {
    username,
    password: "kettle-harbor-29",
    name: "E2E Person",
    email: `${username}@example.com`,
    phone: "+65 9123 4567",
    accountType: "individual",
    ...overrides,
  };
}

/** Creates a fresh individual account through the API (fast) and logs the page in with it. */
export async function signUpViaApi(page: Page, overrides: Partial<SignupPayload> = {}) {
  const payload = signupPayload(overrides);
  const response = await page.request.post("/api/auth/signup", { data: payload });
  expect(response.status()).toBe(201);
  return payload;
}

/**
 * Fills the Sign Up tab as a person would: the password, address and phone a valid sign-up gives
 * unless told otherwise; `nameLabel` is "Company Name" once Company is chosen.
 */
export async function fillSignUp(
  page: Page,
  {
    username,
    name,
    nameLabel = "Full Name",
    password = "kettle-harbor-29",
    email = `${username}@example.com`,
    phone = "+65 9123 4567",
  }: { username: string; name: string; nameLabel?: string; password?: string; email?: string; phone?: string },
) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel(nameLabel).fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill(phone);
}

/**
 * Creates a fresh account through the API without logging any page in (the `request` fixture has
 * its own cookie jar), for tests that log in through the screen themselves. `headers` can make it
 * come from a client of its own (`ownClient()`), for a test that makes more people than one place
 * may sign up in an hour (decision 047).
 */
export async function createUser(
  request: APIRequestContext,
  overrides: Partial<SignupPayload> = {},
  headers?: Record<string, string>,
) {
  const payload = signupPayload(overrides);
  const response = await request.post("/api/auth/signup", { data: payload, headers });
  expect(response.status()).toBe(201);
  return payload;
}

/** The e2e server's own mail catcher (scripts/e2e-server.mjs); its scheduled work runs every second. */
export const e2eInbox = mailInbox(`http://127.0.0.1:${process.env.E2E_MAIL_WEB_PORT ?? 1180}`);

/** Verifies the page's signed-in user's address the way a person does: with the mailed link's token. */
export async function verifyEmailViaInbox(page: Page, email: string) {
  const mail = await e2eInbox.waitFor(email, { subject: "Confirm your email address", timeoutMs: 20_000 });
  const token = linkIn(mail, "/verify-email").searchParams.get("token");
  const response = await page.request.post("/api/auth/verify-email", { data: { token } });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * The path of the link starting with `prefix` in the newest mail to `address` whose subject matches,
 * waiting for one to arrive (the outbox sends after the response, so a token is minted only then).
 */
export async function linkFromMail(address: string, subject: RegExp, prefix: string): Promise<string> {
  await e2eInbox.waitFor(address, { subject, timeoutMs: 30_000 });
  const mail = (await e2eInbox.messagesTo(address, subject)).at(-1);
  if (!mail) throw new Error(`no mail to ${address} matching ${subject}`);
  return linkIn(mail, prefix).pathname;
}

/** The /intro/{token} path of the newest introduction mailed to `email`. */
export function introductionPathFromMail(email: string): Promise<string> {
  return linkFromMail(email, /would like to introduce you to/, "/intro/");
}

/** Accepts the newest team invitation mailed to `email` as the page's signed-in (verified) user. */
export async function acceptInvitationViaInbox(page: Page, email: string) {
  const token = (await linkFromMail(email, /invited you to/, "/invitations/")).split("/").at(-1);
  const response = await page.request.post(`/api/team-invitations/${token}/accept`);
  expect(response.status(), await response.text()).toBe(200);
}

/** The Radix toast viewport; the product shows one toast at a time. */
export function toastViewport(page: Page): Locator {
  return page.getByRole("region", { name: "Notifications (F8)" });
}

/** Asserts that the one visible toast has exactly this title (and is destructive when asked). */
export async function expectToast(page: Page, title: string, { destructive = false } = {}) {
  const viewport = toastViewport(page);
  const toast = viewport.getByRole("listitem").filter({ has: page.getByText(title, { exact: true }) });
  await expect(toast).toBeVisible();
  await expect(viewport.getByRole("listitem")).toHaveCount(1);
  if (destructive) await expect(toast).toHaveClass(/\bbg-destructive\b/);
  else await expect(toast).not.toHaveClass(/\bbg-destructive\b/);
}

/**
 * Holds the next POST to `pathname` until the returned `release` is called, so a test can see a
 * button's loading state without racing the server. With JavaScript, Remix posts to the path's
 * single-fetch URL (`/login.data`, `/_root.data` for "/"), without it to the path itself.
 */
export async function holdPost(page: Page, pathname: string) {
  const singleFetchPath = pathname === "/" ? "/_root.data" : `${pathname.replace(/\/$/, "")}.data`;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === pathname || url.pathname === singleFetchPath,
    async (route) => {
      if (route.request().method() === "POST") await gate;
      await route.continue();
    },
  );
  return release;
}

/** The cookie the sidebar writes, as the browser stores it. */
export async function sidebarCookie(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === "sidebar_state");
}

let clients = 0;
/**
 * A client address of its own, sent as CF-Connecting-IP (wrangler dev passes it on as Cloudflare
 * would; without it every request comes from 127.0.0.1). Each test, and each extra window or API
 * session it opens, is a different client, so the per-client limits (decision 047) count the
 * people of the suite apart as they would count people in different places.
 */
export function newClientAddress() {
  clients += 1;
  // A /64 of its own: the app counts an IPv6 client by its /64 (decision 111).
  return `2001:db8:${(process.pid % 0x10000).toString(16)}:${clients.toString(16)}::1`;
}

/** Context options for a further browser window or API session: a client of its own. */
export function ownClient() {
  return { extraHTTPHeaders: { "CF-Connecting-IP": newClientAddress() } };
}

/**
 * Timeouts for a spec whose tests make their own users and data and walk several round trips (a
 * click that discovers a route, loads its module and its data); on a loaded machine one such step
 * can take seconds. Call at the top of the spec; it returns the spec's `expect`.
 */
export function roundTripTimeouts() {
  test.describe.configure({ timeout: 60_000 });
  return expect.configure({ timeout: 15_000 });
}

/**
 * Timeouts for a spec whose steps wait on the e2e server's scheduled work (scripts/e2e-server.mjs
 * runs it every second: the mail outbox, released commissions, reminders) and its mail catcher.
 * Call at the top of the spec; it returns the spec's `expect`.
 */
export function scheduledWorkTimeouts() {
  test.describe.configure({ timeout: 90_000 });
  return expect.configure({ timeout: 20_000 });
}

export const test = base.extend<{ account: SignupPayload }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, "CF-Connecting-IP": newClientAddress() });
  },
  /** A fresh account no page is logged in to (createUser), for a test that logs in through a screen. */
  account: async ({ request }, use) => {
    await use(await createUser(request));
  },
});
export { expect };
