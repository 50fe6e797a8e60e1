import { describe, expect, test } from "vitest";
import { clientKeyOf, clientKeyOfAddress } from "./client-key.server";

describe("the client key (decision 111)", () => {
  test("an IPv4 address is its own key", () => {
    expect(clientKeyOfAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKeyOfAddress(" 203.0.113.7 ")).toBe("203.0.113.7");
  });

  test("every address of one IPv6 /64 is one client, however it is written", () => {
    const keys = ["2001:db8:1:2::1", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:0DB8:0001:0002:0:0:0:9", "2001:db8:1:2:a::"].map(
      clientKeyOfAddress,
    );
    expect(new Set(keys)).toEqual(new Set(["2001:db8:1:2::/64"]));
    expect(clientKeyOfAddress("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientKeyOfAddress("::1")).toBe("0:0:0:0::/64");
    expect(clientKeyOfAddress("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });

  test("an IPv4-mapped IPv6 address is that IPv4 client", () => {
    expect(clientKeyOfAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKeyOfAddress("::ffff:cb00:7107")).toBe("203.0.113.7");
  });

  test("no address is one shared key; something unparseable is kept as it came", () => {
    expect(clientKeyOfAddress(null)).toBe("unknown");
    expect(clientKeyOfAddress("")).toBe("unknown");
    expect(clientKeyOfAddress("1:2:3")).toBe("1:2:3");
    expect(clientKeyOf(new Request("http://x/", { headers: { "CF-Connecting-IP": "2001:db8::5" } }))).toBe("2001:db8:0:0::/64");
  });
});
