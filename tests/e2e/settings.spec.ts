import type { Page } from "@playwright/test";
import { expect, expectToast, hydrated, login, signUpViaApi, test, uniqueName } from "./fixtures";

function formWithButton(page: Page, name: string) {
  return page.locator("form", { has: page.getByRole("button", { name, exact: true }) });
}

async function openSettings(page: Page) {
  await page.goto("/settings");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
}

/** A fresh person on their Settings, and its form with the button `button`. */
async function newPersonAtForm(page: Page, button: string) {
  const user = await signUpViaApi(page);
  await openSettings(page);
  return { user, form: formWithButton(page, button) };
}

/** A 600×400 PNG drawn on a canvas in the page, so the test needs no fixture file. */
async function makePng(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement("canvas");
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext("2d");
      if (!ctx) throw new Error("no canvas");
      ctx.fillStyle = "#1e40af";
      ctx.fillRect(0, 0, w, h);
      ctx.fillStyle = "#fbbf24";
      ctx.fillRect(w / 4, h / 4, w / 2, h / 2);
      return canvas.toDataURL("image/png").split(",")[1] ?? "";
    },
    [width, height] as const,
  );
  return Buffer.from(base64, "base64");
}

async function logout(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test("Profile: validates, saves with the toast Profile updated and the sidebar shows the new name", async ({ page }) => {
  await signUpViaApi(page, { name: "Old Name", phone: "+65 8000 0000" });
  await openSettings(page);
  const form = formWithButton(page, "Save Profile");
  const name = form.getByLabel("Name", { exact: true });
  const email = form.getByLabel("Email");
  const phone = form.getByLabel("Phone");
  await expect(name).toHaveValue("Old Name");
  await expect(phone).toHaveValue("+65 8000 0000");

  await name.fill("G");
  await email.fill("grace@");
  await form.getByRole("button", { name: "Save Profile" }).click();
  await expect(name).toHaveAccessibleDescription("Name must be at least 2 characters");
  await expect(email).toHaveAccessibleDescription("Invalid email address");
  await expect(page.getByTestId("sidebar-user")).toContainText("Old Name");

  await name.fill("Grace Brewster Hopper");
  await expect(form.getByText("Name must be at least 2 characters")).toHaveCount(0);
  await email.fill("grace.hopper@example.com");
  await phone.fill("+1 (555) 010-2030");
  // A new email needs the current password (decision 044).
  await form.getByRole("button", { name: "Save Profile" }).click();
  const currentPassword = form.getByLabel("Current Password");
  await expect(currentPassword).toHaveAccessibleDescription("Enter your current password to change your email");
  await currentPassword.fill("kettle-harbor-29");
  await form.getByRole("button", { name: "Save Profile" }).click();

  await expectToast(page, "Profile updated");
  const userBlock = page.getByTestId("sidebar-user");
  await expect(userBlock).toContainText("Grace Brewster Hopper");
  await expect(userBlock.locator("span[aria-hidden]")).toHaveText("GB");

  await page.reload();
  await expect(name).toHaveValue("Grace Brewster Hopper");
  await expect(email).toHaveValue("grace.hopper@example.com");
  await expect(phone).toHaveValue("+1 (555) 010-2030");
});

test("Photo: a 600×400 PNG is downscaled in the browser to 256 wide, saved with Photo updated, and shown in the sidebar", async ({
  page,
}) => {
  await signUpViaApi(page, { name: "Photo Person" });
  await openSettings(page);
  const userBlock = page.getByTestId("sidebar-user");
  await expect(userBlock.locator("img")).toHaveCount(0);
  await expect(userBlock.locator("span[aria-hidden]")).toHaveText("PP");

  const png = await makePng(page, 600, 400);
  await page.getByLabel("Upload a photo (PNG, JPEG, WebP or GIF)").setInputFiles({
    name: "wide.png",
    mimeType: "image/png",
    buffer: png,
  });
  // No button press: choosing the file submits it.
  await expectToast(page, "Photo updated");
  const avatar = userBlock.locator("img");
  await expect(avatar).toBeVisible();
  await expect(avatar).toHaveAttribute("src", /^data:image\/png;base64,/);
  // The server stores what it gets, so 256×171 proves the browser downscaled the 600×400 original.
  const size = await avatar.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
  expect(size).toEqual([256, 171]);
  await expect(page.getByRole("img", { name: "Your profile" })).toBeVisible();

  // Stored, not just shown: it survives a reload.
  await page.reload();
  await expect(userBlock.locator("img")).toHaveAttribute("src", /^data:image\/png;base64,/);
});

test("Photo: a file that is not an image is refused with the type message", async ({ page }) => {
  await signUpViaApi(page);
  await openSettings(page);
  const input = page.getByLabel("Upload a photo (PNG, JPEG, WebP or GIF)");
  await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(input).toHaveAccessibleDescription("Photo must be a PNG, JPEG, WebP or GIF image");
  await expect(page.getByTestId("sidebar-user").locator("img")).toHaveCount(0);
});

test("Change Username: a wrong current password is refused, the right one renames, and the new name logs in", async ({
  page,
}) => {
  const { user, form } = await newPersonAtForm(page, "Change Username");
  const newUsername = uniqueName("renamed");
  await expect(form.getByLabel("New Username")).toHaveValue(user.username);

  await form.getByLabel("New Username").fill(newUsername);
  await form.getByLabel("Current Password").fill("not-my-password");
  await form.getByRole("button", { name: "Change Username" }).click();
  await expect(form.getByLabel("Current Password")).toHaveAccessibleDescription("Current password is incorrect");
  await expectToast(page, "Update failed", { destructive: true });
  await expect(page.getByTestId("sidebar-user")).toContainText(`@${user.username}`);

  await form.getByLabel("New Username").fill(newUsername);
  await form.getByLabel("Current Password").fill(user.password);
  await form.getByRole("button", { name: "Change Username" }).click();
  await expectToast(page, "Username updated");
  await expect(page.getByTestId("sidebar-user")).toContainText(`@${newUsername}`);
  await expect(form.getByLabel("New Username")).toHaveValue(newUsername);
  await expect(form.getByLabel("Current Password")).toHaveValue("");

  await logout(page);
  await login(page, newUsername, user.password);
  await expect(page.getByTestId("sidebar-user")).toContainText(`@${newUsername}`);
});

test("Change Username: validates the new username and the current password", async ({ page }) => {
  await signUpViaApi(page);
  await openSettings(page);
  const form = formWithButton(page, "Change Username");
  await form.getByLabel("New Username").fill("ab");
  await form.getByRole("button", { name: "Change Username" }).click();
  await expect(form.getByLabel("New Username")).toHaveAccessibleDescription("Username must be at least 3 characters");
  await expect(form.getByLabel("Current Password")).toHaveAccessibleDescription("Password must be at least 6 characters");
});

test("Change Password: mismatches say Passwords don't match; a change shows Password updated and the new password logs in", async ({
  page,
}) => {
  const { user, form } = await newPersonAtForm(page, "Change Password");
  const current = form.getByLabel("Current Password");
  const next = form.getByLabel("New Password", { exact: true });
  const confirm = form.getByLabel("Confirm New Password");

  await current.fill(user.password);
  await next.fill("brand-new-pass");
  await confirm.fill("brand-new-pasz");
  await form.getByRole("button", { name: "Change Password" }).click();
  await expect(confirm).toHaveAccessibleDescription("Passwords don't match");
  await confirm.fill("brand-new-pass");
  await expect(form.getByText("Passwords don't match")).toHaveCount(0);

  await form.getByRole("button", { name: "Change Password" }).click();
  await expectToast(page, "Password updated");
  // The passwords do not linger in the form after the change.
  await expect(current).toHaveValue("");
  await expect(next).toHaveValue("");
  await expect(confirm).toHaveValue("");

  await logout(page);
  // The old password no longer works...
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid username or password");
  // ...and the new one does.
  await login(page, user.username, "brand-new-pass");
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, "Login successful");
});

test("Change Password: a wrong current password is refused with Update failed", async ({ page }) => {
  const { user, form } = await newPersonAtForm(page, "Change Password");
  await form.getByLabel("Current Password").fill("wrong-current");
  await form.getByLabel("New Password", { exact: true }).fill("another-pass");
  await form.getByLabel("Confirm New Password").fill("another-pass");
  await form.getByRole("button", { name: "Change Password" }).click();
  await expect(form.getByLabel("Current Password")).toHaveAccessibleDescription("Current password is incorrect");
  await expectToast(page, "Update failed", { destructive: true });

  // The password is unchanged.
  await logout(page);
  await login(page, user.username, user.password);
  await expect(page).toHaveURL(/\/$/);
});
