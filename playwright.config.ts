import { existsSync } from "node:fs";
import { chromium, defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 8799);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own download.
 * Stops with instructions when none is there (`npx playwright install` cannot download here).
 */
function chromiumExecutable(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean) as string[];
  const found = candidates.find((p) => existsSync(p));
  if (found) return found;
  if (existsSync(chromium.executablePath())) return undefined;
  throw new Error(
    "No Chromium found for the end-to-end tests. Install one with `sudo apt-get install -y chromium` " +
      "(or `npx playwright install chromium` where downloads work), or set CHROMIUM_PATH to a Chromium binary.",
  );
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Two cores run workerd, Chromium and the tests: two workers keep the local server responsive.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // wrangler's local proxy can answer a 503 under load; one retry on CI, and the report names any
  // test that needed it ("flaky"), so real failures still fail.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${BASE_URL}/login`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    env: { E2E_PORT: String(PORT) },
  },
});
