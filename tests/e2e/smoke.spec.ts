import { DEMO, expect, login, test } from "./fixtures";

test("the demo connector logs in and sees the shell", async ({ page }) => {
  await login(page, DEMO.connector.username, DEMO.connector.password);
  await expect(page.getByTestId("sidebar-user")).toContainText("Jane Tan");
  await expect(page.getByText("Login successful")).toBeVisible();
});
