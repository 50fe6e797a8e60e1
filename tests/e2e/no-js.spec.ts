import { createUser, expect, fillSignUp, submitLogin, test, uniqueName } from "./fixtures";

// Every form here is a plain HTML form that works before (or without) the JavaScript.
test.use({ javaScriptEnabled: false });

/** A 1×1 PNG, enough for the server-side photo path. */
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

test("without JavaScript: the Sign Up tab signs up an individual who lands on / logged in", async ({ page }) => {
  const username = uniqueName("nojs");
  await page.goto("/login");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/login\?tab=signup$/);

  // Server-side validation shows the same messages under the fields.
  await page.getByLabel("Username").fill("ab");
  await page.getByLabel("Email").fill("nope");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByLabel("Username")).toHaveAccessibleDescription("Username must be at least 3 characters");
  await expect(page.getByLabel("Password")).toHaveAccessibleDescription("Password must be at least 6 characters");
  await expect(page.getByLabel("Full Name")).toHaveAccessibleDescription("Name must be at least 2 characters");
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Invalid email address");
  await expect(page.getByLabel("Phone")).toHaveAccessibleDescription("Phone number required");
  // The typed values come back, except the password.
  await expect(page.getByLabel("Email")).toHaveValue("nope");

  await fillSignUp(page, { username, name: "Noscript Nora" });
  await page.getByRole("button", { name: "Create Account" }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  const userBlock = page.getByTestId("sidebar-user");
  await expect(userBlock).toContainText("Noscript Nora");
  await expect(userBlock).toContainText(`@${username}`);
});

test("without JavaScript: a Company signup lands on /business/profile", async ({ page }) => {
  const username = uniqueName("nojsco");
  await page.goto("/login?tab=signup");
  await page.getByRole("radio", { name: "Company" }).check();
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("kettle-harbor-29");
  // Without JavaScript the label cannot follow the radio; the field is the same.
  await page.locator('input[name="name"]').fill("Plain Forms Ltd");
  await page.getByLabel("Email").fill(`${username}@example.com`);
  await page.getByLabel("Phone").fill("+65 6123 4567");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/business\/profile$/);
  await expect(page.getByTestId("sidebar-user")).toContainText("Plain Forms Ltd");
});

test("without JavaScript: a wrong password shows Invalid username or password; the right one logs in and returns", async ({
  page,
  request,
}) => {
  const user = await createUser(request, { name: "Static Sam" });
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings$/);

  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByLabel("Username")).toHaveAccessibleDescription("Username must be at least 3 characters");
  await expect(page.getByLabel("Password")).toHaveAccessibleDescription("Password must be at least 6 characters");

  await submitLogin(page, user.username, "wrong-password");
  await expect(page.getByRole("alert")).toHaveText("Invalid username or password");
  await expect(page.getByLabel("Username")).toHaveValue(user.username);
  await expect(page.getByLabel("Password")).toHaveValue("");

  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId("sidebar-user")).toContainText("Static Sam");

  // Logout is a form too.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
});

test("without JavaScript: Settings saves the profile and uploads a photo with the Upload Photo button", async ({
  page,
  account,
}) => {
  await page.goto("/login");
  await submitLogin(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/settings");
  const profile = page.locator("form", { has: page.getByRole("button", { name: "Save Profile" }) });
  await profile.getByLabel("Name", { exact: true }).fill("Form Only Fiona");
  await profile.getByRole("button", { name: "Save Profile" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId("sidebar-user")).toContainText("Form Only Fiona");

  await page.getByLabel("Upload a photo (PNG, JPEG, WebP or GIF)").setInputFiles({
    name: "dot.png",
    mimeType: "image/png",
    buffer: TINY_PNG,
  });
  await page.getByRole("button", { name: "Upload Photo" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId("sidebar-user").locator("img")).toHaveAttribute(
    "src",
    `data:image/png;base64,${TINY_PNG.toString("base64")}`,
  );
});
