import { describe, expect, test } from "vitest";
import { WEBHOOK_HTTPS_REQUIRED, WEBHOOK_PRIVATE_REFUSED, webhookUrlProblem } from "./webhook-url.server";

describe("webhookUrlProblem", () => {
  test.each(["https://hooks.example.com/in", "https://93.184.216.34/hook", "https://[2606:4700::1111]/x"])(
    "accepts %s",
    (url) => {
      expect(webhookUrlProblem(url)).toBeNull();
    },
  );

  test("refuses plain http to a public host", () => {
    expect(webhookUrlProblem("http://hooks.example.com/in")).toBe(WEBHOOK_HTTPS_REQUIRED);
  });

  test.each([
    "https://localhost/x",
    "https://127.0.0.1/x",
    "https://10.1.2.3/x",
    "https://172.20.0.1/x",
    "https://192.168.1.10/x",
    "https://169.254.169.254/latest/meta-data",
    "https://100.64.0.1/x",
    "https://0.0.0.0/x",
    "https://[::1]/x",
    "https://[fd00::1]/x",
    "https://[fe80::1]/x",
    "https://[::ffff:10.0.0.1]/x",
    "https://printer.local/x",
    "https://db.internal/x",
    "https://intranet/x",
    "https://0x7f000001/x",
    "https://2130706433/x",
  ])("refuses the private address %s", (url) => {
    expect(webhookUrlProblem(url)).toBe(WEBHOOK_PRIVATE_REFUSED);
  });

  test("allows http to localhost only while developing", () => {
    expect(webhookUrlProblem("http://127.0.0.1:9999/hook", { allowLocalhost: true })).toBeNull();
    expect(webhookUrlProblem("http://localhost:9999/hook", { allowLocalhost: true })).toBeNull();
    expect(webhookUrlProblem("http://127.0.0.1:9999/hook")).toBe(WEBHOOK_HTTPS_REQUIRED);
    expect(webhookUrlProblem("http://10.0.0.1/hook", { allowLocalhost: true })).toBe(WEBHOOK_HTTPS_REQUIRED);
  });

  test("refuses credentials in the URL and non-URLs", () => {
    expect(webhookUrlProblem("https://user:pw@hooks.example.com/")).toBe("Webhook URLs must not contain credentials");
    expect(webhookUrlProblem("not a url")).toBe("Please enter a valid URL");
  });
});
