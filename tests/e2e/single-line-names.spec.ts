import { expect, hydrated, signUpViaApi, test } from "./fixtures";

/** Issue 32, N1 (decision 105): a name that draws nothing, or holds a control character, is refused on the screen. */
const SINGLE_LINE = "Must be a single line without control or invisible characters";

test("Settings > Profile refuses a name of two Hangul fillers under the field, and keeps the old name", async ({ page }) => {
  await signUpViaApi(page, { name: "Old Name" });
  await page.goto("/settings");
  await hydrated(page);
  const form = page.locator("form", { has: page.getByRole("button", { name: "Save Profile", exact: true }) });
  const name = form.getByLabel("Name", { exact: true });

  await name.fill("\u3164\u3164");
  await form.getByRole("button", { name: "Save Profile" }).click();
  await expect(name).toHaveAccessibleDescription(SINGLE_LINE);
  await expect(page.getByTestId("sidebar-user")).toContainText("Old Name");

  await page.reload();
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue("Old Name");
});
