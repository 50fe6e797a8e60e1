import {
  createUser,
  DEMO,
  expect,
  expectLoginRefused,
  expectToast,
  fillSignUp,
  formChecksLoaded,
  holdPost,
  hydrated,
  signUpViaApi,
  submitLogin,
  submitLoginSeeingPending,
  test,
  uniqueName,
} from "./fixtures";

test.describe("login and signup screen", () => {
  test("logged out, / shows the login screen with the Login tab, the three blurbs and Register Your Business", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "false");
    await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible();
    for (const blurb of ["Connect with Partners & Customers", "Grow Your Business Network", "Track & Earn"]) {
      await expect(page.getByRole("heading", { name: blurb })).toBeVisible();
    }

    await hydrated(page);
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/login\?tab=signup$/);
    await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
    await expect(page.getByLabel("Phone")).toHaveAttribute("placeholder", "+65 9123 4567");

    await page.getByRole("link", { name: "Register Your Business" }).click();
    await expect(page).toHaveURL(/\/register-business$/);
    await expect(page.getByRole("heading", { name: "Register Your Business" })).toBeVisible();
  });

  test("an individual signs up, sees Creating account..., lands on / logged in with the toast Account created", async ({
    page,
  }) => {
    const username = uniqueName("indiv");
    await page.goto("/login?tab=signup");
    await hydrated(page);
    await expect(page.getByRole("radio", { name: "Individual" })).toBeChecked();
    await expect(page.getByLabel("Full Name")).toBeVisible();
    await fillSignUp(page, { username, name: "Ada Lovelace Byron" });

    const release = await holdPost(page, "/login");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("button", { name: "Creating account..." })).toBeDisabled();
    release();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expectToast(page, "Account created");
    const user = page.getByTestId("sidebar-user");
    await expect(user).toContainText("Ada Lovelace Byron");
    await expect(user).toContainText(`@${username}`);
    // Initials come from the first letters of at most two name parts.
    await expect(user.locator("span[aria-hidden]")).toHaveText("AL");
  });

  test("a Company signup relabels the name field Company Name and lands on /business/profile", async ({ page }) => {
    const username = uniqueName("company");
    await page.goto("/login?tab=signup");
    await hydrated(page);
    await page.getByRole("radio", { name: "Company" }).check();
    await expect(page.getByLabel("Company Name")).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveCount(0);
    await fillSignUp(page, { username, name: "Widget Works", nameLabel: "Company Name", phone: "+65 6123 4567" });
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL(/\/business\/profile$/);
    await expect(page.getByRole("heading", { name: "My Business Profile", level: 1 })).toBeVisible();
    await expectToast(page, "Account created");
    await expect(page.getByTestId("sidebar-user")).toContainText("Widget Works");
    // The registration form starts with what the signup just said (issue 37 item 5).
    await expect(page.getByLabel("Company Name")).toHaveValue("Widget Works");
    await expect(page.getByLabel("Contact Email")).toHaveValue(`${username}@example.com`);
    await expect(page.getByLabel("Contact Phone")).toHaveValue("+65 6123 4567");
  });

  test("signing up with a taken username shows Signup failed and keeps the Sign Up tab", async ({ page, request }) => {
    const existing = await createUser(request);
    await page.goto("/login?tab=signup");
    await hydrated(page);
    await fillSignUp(page, { username: existing.username, name: "Someone Else", email: "someone@example.com" });
    await page.getByRole("button", { name: "Create Account" }).click();

    await expectToast(page, "Signup failed", { destructive: true });
    await expect(page.getByLabel("Username")).toHaveAccessibleDescription("Username is already taken");
    await expect(page.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test("sign-up validation shows each message under its field on submit and re-validates on input", async ({ page }) => {
    await page.goto("/login?tab=signup");
    await hydrated(page);
    await fillSignUp(page, { username: "ab", name: "A", password: "12345", email: "not-an-email", phone: "1234" });
    await page.getByRole("button", { name: "Create Account" }).click();

    const messages = {
      Username: "Username must be at least 3 characters",
      Password: "Password must be at least 6 characters",
      "Full Name": "Name must be at least 2 characters",
      Email: "Invalid email address",
      Phone: "Phone number required",
    };
    for (const [label, message] of Object.entries(messages)) {
      const input = page.getByLabel(label);
      await expect(input).toHaveAttribute("aria-invalid", "true");
      // The message sits under its own field and is announced through aria-describedby.
      await expect(input).toHaveAccessibleDescription(message);
    }
    await expect(page).toHaveURL(/\/login\?tab=signup$/);

    // Re-validation on input: fixing one field clears only its message.
    await page.getByLabel("Username").fill("abc");
    await expect(page.getByText("Username must be at least 3 characters")).toHaveCount(0);
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
    await page.getByLabel("Phone").fill("+65 9123 4567");
    await expect(page.getByText("Phone number required")).toHaveCount(0);
    await expect(page.getByText("Invalid email address")).toBeVisible();
  });

  test("login validation shows both messages on submit and clears them as the fields become valid", async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByLabel("Username")).toHaveAccessibleDescription("Username must be at least 3 characters");
    await expect(page.getByLabel("Password")).toHaveAccessibleDescription("Password must be at least 6 characters");

    await page.getByLabel("Username").fill("jan");
    await expect(page.getByText("Username must be at least 3 characters")).toHaveCount(0);
    await page.getByLabel("Password").fill("12345");
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
    await page.getByLabel("Password").fill("123456");
    await expect(page.getByText("Password must be at least 6 characters")).toHaveCount(0);
  });

  test("the form's checks load on its first focus, not with the page, and then run without a request", async ({ page }) => {
    const scripts: string[] = [];
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.goto("/login");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((url) => url.includes("client-validators"))).toEqual([]);

    await formChecksLoaded(page, page.getByLabel("Username"));
    expect(scripts.filter((url) => url.includes("client-validators"))).toHaveLength(1);
    await page.getByLabel("Username").fill("ab");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByLabel("Username")).toHaveAccessibleDescription("Username must be at least 3 characters");
    await expect(page.getByLabel("Password")).toHaveAccessibleDescription("Password must be at least 6 characters");
    expect(posts).toEqual([]);
  });

  test("a submit that beats the checks' download waits for them: still no request, same messages", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    // Hold the checks back until after the click.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/client-validators-[A-Z0-9]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/login");
    await hydrated(page);
    const asked = page.waitForRequest(/client-validators-[A-Z0-9]+\.js$/);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await asked;
    // The submit is waiting on the checks: nothing went to the server, no message is shown yet.
    expect(posts).toEqual([]);
    await expect(page.getByLabel("Username")).not.toHaveAttribute("aria-invalid", "true");
    release();
    await expect(page.getByLabel("Username")).toHaveAccessibleDescription("Username must be at least 3 characters");
    await expect(page.getByLabel("Password")).toHaveAccessibleDescription("Password must be at least 6 characters");
    expect(posts).toEqual([]);
  });

  test("the demo connector logs in, sees Logging in..., the toast Login successful and the shell", async ({ page }) => {
    await page.goto("/login");
    await hydrated(page);
    await submitLoginSeeingPending(page, "/login", DEMO.connector.username, DEMO.connector.password);

    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, "Login successful");
    await expect(page.getByTestId("sidebar-user")).toContainText("Jane Tan");
    await expect(page.getByTestId("sidebar-user").locator("span[aria-hidden]")).toHaveText("JT");
  });

  test("a protected path sends a logged-out visitor to login and back there afterwards", async ({ page, account }) => {
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings$/);
    await hydrated(page);
    await submitLogin(page, account.username, account.password);
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    await expectToast(page, "Login successful");
  });

  test("a wrong password shows Invalid username or password and the destructive toast Login failed", async ({
    page,
    account,
  }) => {
    await expectLoginRefused(page, "/login", { username: account.username, password: "wrong-password" });
    // Still logged out: the shell stays out of reach.
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("Logout shows Logging out..., ends the session with the toast Logged out, and / then needs a login", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto("/");
    await hydrated(page);
    await expect(page.getByTestId("sidebar")).toBeVisible();

    const release = await holdPost(page, "/logout");
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("button", { name: "Logging out..." })).toBeDisabled();
    release();

    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, "Logged out");
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings$/);
  });
});

test.describe("admin login", () => {
  test("an /admin path while logged out shows Platform Administration; the admin lands on /admin with the admin sidebar", async ({
    page,
  }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole("heading", { name: "Platform Administration" })).toBeVisible();
    await hydrated(page);
    await submitLoginSeeingPending(page, "/admin/login", DEMO.admin.username, DEMO.admin.password, "Login to Admin Panel");

    await expect(page).toHaveURL(/\/admin$/);
    await expectToast(page, "Login successful");
    const sidebar = page.getByTestId("sidebar");
    const links = sidebar.getByRole("navigation", { name: "Main" }).getByRole("link");
    await expect(links).toHaveText(["Dashboard", "All Referrals", "Connectors", "Businesses"]);
    await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/admin");
    await expect(sidebar.getByRole("link", { name: "All Referrals" })).toHaveAttribute("href", "/admin/referrals");
    await expect(sidebar.getByRole("link", { name: "Connectors" })).toHaveAttribute("href", "/admin/connectors");
    await expect(sidebar.getByRole("link", { name: "Businesses" })).toHaveAttribute("href", "/admin/businesses");
    await expect(sidebar.getByText("Business Features")).toHaveCount(0);
    await expect(sidebar.getByRole("link", { name: "Settings" })).toBeVisible();

    // Regular-user screens are not found for an admin.
    const response = await page.goto("/businesses");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  });

  test("a deep /admin path returns there after the admin logs in", async ({ page }) => {
    await page.goto("/admin/connectors");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fconnectors$/);
    await hydrated(page);
    await submitLogin(page, DEMO.admin.username, DEMO.admin.password, "Login to Admin Panel");
    await expect(page).toHaveURL(/\/admin\/connectors$/);
    await expect(page.getByRole("link", { name: "Connectors" })).toHaveAttribute("aria-current", "page");
  });

  test("the admin login admits only admins: a regular user's credentials are refused and stay logged out", async ({
    page,
    account,
  }) => {
    // Refused exactly like a wrong password, so the screen does not confirm the credentials.
    await expectLoginRefused(page, "/admin/login", account, "Login to Admin Panel");
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Platform Administration" })).toBeVisible();
  });

  test("admin login validates like the login form", async ({ page }) => {
    await page.goto("/admin/login");
    await hydrated(page);
    await page.getByLabel("Username").fill("ad");
    await page.getByRole("button", { name: "Login to Admin Panel" }).click();
    await expect(page.getByLabel("Username")).toHaveAccessibleDescription("Username must be at least 3 characters");
    await expect(page.getByLabel("Password")).toHaveAccessibleDescription("Password must be at least 6 characters");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
