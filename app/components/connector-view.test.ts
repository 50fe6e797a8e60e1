import { describe, expect, test } from "vitest";
import {
  barHeights,
  matchesBusinessQuery,
  monthLabel,
  monthLabelLong,
  referAuthLinks,
  statusChangeLabel,
  withParam,
} from "./connector-view";

describe("month labels", () => {
  test("short for the axis, long for screen readers, whatever the local time zone", () => {
    expect(monthLabel("2025-01")).toBe("Jan");
    expect(monthLabel("2024-12")).toBe("Dec");
    expect(monthLabelLong("2025-01")).toBe("January 2025");
  });
});

describe("barHeights", () => {
  test("scales to the tallest month", () => {
    expect(barHeights([0, 5, 10, 2])).toEqual([0, 50, 100, 20]);
  });
  test("a month with one referral next to many still shows a sliver", () => {
    expect(barHeights([1, 100])).toEqual([4, 100]);
    expect(barHeights([1, 100], 8)).toEqual([8, 100]);
  });
  test("all empty months are flat", () => {
    expect(barHeights([0, 0, 0])).toEqual([0, 0, 0]);
    expect(barHeights([])).toEqual([]);
  });
});

describe("statusChangeLabel", () => {
  test("names the first entry and each transition with the SPEC's labels", () => {
    expect(statusChangeLabel(null, "pending")).toBe("Created as Pending");
    expect(statusChangeLabel("pending", "approved")).toBe("Pending → Approved");
    expect(statusChangeLabel("approved", "completed")).toBe("Approved → Completed");
    expect(statusChangeLabel("completed", "completed")).toBe("Completed (updated)");
  });
});

describe("matchesBusinessQuery", () => {
  const acme = { companyName: "Acme Corporation", sector: "Technology", nature: "B2B software", referralFee: "10%" };
  test("an empty query matches everything", () => {
    expect(matchesBusinessQuery(acme, "")).toBe(true);
    expect(matchesBusinessQuery(acme, "   ")).toBe(true);
  });
  test("matches name, sector, nature and fee, ignoring case", () => {
    expect(matchesBusinessQuery(acme, "acme")).toBe(true);
    expect(matchesBusinessQuery(acme, "TECHNO")).toBe(true);
    expect(matchesBusinessQuery(acme, "software")).toBe(true);
    expect(matchesBusinessQuery(acme, "10%")).toBe(true);
  });
  test("every word must match somewhere", () => {
    expect(matchesBusinessQuery(acme, "acme software")).toBe(true);
    expect(matchesBusinessQuery(acme, "acme solar")).toBe(false);
  });
  test("missing sector and nature are fine", () => {
    expect(matchesBusinessQuery({ companyName: "Solo", sector: null, nature: null, referralFee: "$500" }, "500")).toBe(true);
  });
});

describe("referAuthLinks", () => {
  test("log in and sign up both come back to the referral page", () => {
    expect(referAuthLinks(7)).toEqual({
      login: "/login?redirectTo=/refer/7",
      signup: "/login?tab=signup&redirectTo=/refer/7",
    });
  });
});

describe("withParam", () => {
  test("sets a parameter and keeps the others", () => {
    expect(withParam("?q=acme&page=2", "business", 5)).toBe("?q=acme&page=2&business=5");
    expect(withParam("", "business", 5)).toBe("?business=5");
  });
  test("removes a parameter for null or empty", () => {
    expect(withParam("?q=acme&business=5", "business", null)).toBe("?q=acme");
    expect(withParam("?business=5", "business", "")).toBe("?");
  });
});
