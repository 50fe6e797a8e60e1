import { describe, expect, it } from "vitest";
import { addBusinessDays } from "./business-days";

const at = (iso: string) => new Date(iso);

describe("addBusinessDays", () => {
  it.each([
    ["a Monday plus 5 is the next Monday", "2026-11-23T09:30:00.000Z", 5, "2026-11-30T09:30:00.000Z"],
    ["a Thursday plus 2 skips the weekend", "2026-11-26T15:00:00.000Z", 2, "2026-11-30T15:00:00.000Z"],
    ["a Friday plus 1 is Monday", "2026-11-27T23:59:00.000Z", 1, "2026-11-30T23:59:00.000Z"],
    ["a Saturday plus 2 counts from Monday", "2026-11-28T12:00:00.000Z", 2, "2026-12-02T12:00:00.000Z"],
    ["a Sunday plus 0 is the Monday after", "2026-11-29T08:00:00.000Z", 0, "2026-11-30T08:00:00.000Z"],
    ["a Wednesday plus 10 is two weeks on", "2026-11-25T00:00:00.000Z", 10, "2026-12-09T00:00:00.000Z"],
  ])("%s", (_, from, days, expected) => {
    expect(addBusinessDays(at(from), days).toISOString()).toBe(expected);
  });
});
