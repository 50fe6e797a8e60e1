import { describe, expect, test } from "vitest";
import { REVIEWED_INSIDE_URLS } from "../../tests/shared/review-webhook-urls";
import { WEBHOOK_HTTPS_REQUIRED, WEBHOOK_PORT_REFUSED, WEBHOOK_PRIVATE_REFUSED, webhookUrlProblem } from "./webhook-url.server";

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

describe("webhookUrlProblem: the review's addresses and their disguises (issue 15, finding 3)", () => {
  test.each([
    ...REVIEWED_INSIDE_URLS,
    // Trailing dots and case.
    "https://LOCALHOST/",
    "https://LocalHost../",
    "https://db.INTERNAL./x",
    "https://printer.Local./x",
    "https://api.localhost/x",
    "https://10.0.0.1./x",
    // IPv4 literals the URL parser rewrites to dotted quads.
    "https://0x7f.1/",
    "https://0177.0.0.1/",
    "https://127.1/",
    "https://0xa9fea9fe/",
    "https://2852039166/",
    "https://0251.0376.0251.0376/",
    // Other special IPv4 ranges.
    "https://192.0.0.1/",
    "https://192.0.2.1/",
    "https://198.51.100.7/",
    "https://203.0.113.9/",
    "https://198.18.0.1/",
    "https://192.88.99.1/",
    "https://240.0.0.1/",
    "https://255.255.255.255/",
    "https://224.0.0.1/",
    // IPv6: mapped, compatible, NAT64 (both prefixes), 6to4, Teredo, link-local, site-local, unique-local,
    // loopback, unspecified, multicast, documentation, discard.
    "https://[::ffff:169.254.169.254]/",
    "https://[::ffff:8.8.8.8]/",
    "https://[::8.8.8.8]/",
    "https://[64:ff9b::8.8.8.8]/",
    "https://[64:ff9b:1::a9fe:a9fe]/",
    "https://[2002:0808:0808::1]/",
    "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
    "https://[fe80::1]/",
    "https://[febf::1]/",
    "https://[fec0::1]/",
    "https://[fc00::1]/",
    "https://[fd12:3456::1]/",
    "https://[::1]/",
    "https://[0:0:0:0:0:0:0:1]/",
    "https://[::]/",
    "https://[ff02::1]/",
    "https://[2001:db8::1]/",
    "https://[3fff::1]/",
    "https://[100::1]/",
    // Special names.
    "https://metadata.google.internal/computeMetadata/v1/",
    "https://metadata.goog/",
    "https://metadata/",
    "https://instance-data/",
    "https://router.lan/",
    "https://nas.home.arpa/",
    "https://1.0.0.127.in-addr.arpa/",
    "https://site.test/",
    "https://x.invalid/",
    "https://box.example/",
    // Wildcard DNS that answers with the address written in the name.
    "https://127.0.0.1.nip.io./",
    "https://10.0.0.1.NIP.IO/",
    "https://app.169.254.169.254.sslip.io/",
    "https://127-0-0-1.sslip.io/",
    "https://127.0.0.1.xip.io/",
    "https://localtest.me/",
    "https://sub.localtest.me/",
    "https://lvh.me/",
    "https://x.lvh.me/",
    "https://vcap.me/",
    "https://lacolhost.com/",
    "https://10.0.0.1.traefik.me/",
    "https://localhost.direct/",
    "https://local.gd/",
    // A dotted quad inside any name: the wildcard services we have not heard of.
    "https://hooks.169.254.169.254.example.net/",
  ])("refuses %s", (url) => {
    expect(webhookUrlProblem(url)).toBe(WEBHOOK_PRIVATE_REFUSED);
  });

  test.each([
    "https://hooks.example.com/in",
    "https://Hooks.Example.COM./in",
    "https://8.8.8.8/hook",
    "https://[2606:4700:4700::1111]/hook",
    "https://[2001:4860:4860::8888]/hook",
    "https://hooks.example.com:443/in",
    "https://ec2-54-1-2-3.compute-1.amazonaws.com/hook",
  ])("accepts the public %s", (url) => {
    expect(webhookUrlProblem(url)).toBeNull();
  });

  test("only the standard https port outside development", () => {
    expect(webhookUrlProblem("https://hooks.example.com:8443/in")).toBe(WEBHOOK_PORT_REFUSED);
    expect(webhookUrlProblem("https://hooks.example.com:22/in")).toBe(WEBHOOK_PORT_REFUSED);
    expect(webhookUrlProblem("http://localhost:9999/hook", { allowLocalhost: true })).toBeNull();
  });

  test("development's localhost exception normalises the host too, and covers nothing else inside", () => {
    expect(webhookUrlProblem("http://localhost.:9999/hook", { allowLocalhost: true })).toBeNull();
    expect(webhookUrlProblem("http://[::1]:9999/hook", { allowLocalhost: true })).toBeNull();
    expect(webhookUrlProblem("https://169.254.169.254/", { allowLocalhost: true })).toBe(WEBHOOK_PRIVATE_REFUSED);
    expect(webhookUrlProblem("https://127.0.0.1.nip.io/", { allowLocalhost: true })).toBe(WEBHOOK_PRIVATE_REFUSED);
    expect(webhookUrlProblem("http://[::ffff:127.0.0.1]:9999/", { allowLocalhost: true })).toBe(WEBHOOK_HTTPS_REQUIRED);
  });

  test("refuses schemes other than http(s) even while developing", () => {
    expect(webhookUrlProblem("ftp://localhost/x", { allowLocalhost: true })).toBe(WEBHOOK_HTTPS_REQUIRED);
    expect(webhookUrlProblem("file:///etc/passwd", { allowLocalhost: true })).toBe(WEBHOOK_HTTPS_REQUIRED);
  });
});
