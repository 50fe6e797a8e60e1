import { describe, expect, it } from "vitest";
import { csvCell, csvLine, csvResponse } from "./csv.server";

describe("csvCell", () => {
  it("quotes every value, and null as an empty quoted cell", () => {
    expect(csvCell("Acme")).toBe('"Acme"');
    expect(csvCell(12.5)).toBe('"12.5"');
    expect(csvCell(true)).toBe('"true"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
  });
  it("doubles quotes and keeps commas and newlines inside the cell", () => {
    expect(csvCell('He said "hi", then left')).toBe('"He said ""hi"", then left"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
  });
  it("defuses spreadsheet formulas", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell("+65 9123 4567")).toBe('"\'+65 9123 4567"');
    expect(csvCell("@sum")).toBe('"\'@sum"');
    expect(csvCell("\tx")).toBe('"\'\tx"');
    expect(csvCell("\rx")).toBe('"\'\rx"');
    expect(csvCell(-5)).toBe('"-5"');
  });
  it("keeps a formula after a ; inside the quoted cell (issue 15, finding 7)", () => {
    // Spreadsheets that split on ; would otherwise make the second part a formula.
    expect(csvCell("Eve;=cmd|' /C calc'!A0")).toBe(`"Eve;=cmd|' /C calc'!A0"`);
  });
});

describe("csvResponse", () => {
  it("streams the header and every page, then stops", async () => {
    const data = Array.from({ length: 7 }, (_, i) => ({ n: i }));
    const response = csvResponse<{ n: number }>(
      "x.csv",
      [{ header: "n", value: (r: { n: number }) => r.n }],
      async (limit, offset) => data.slice(offset, offset + limit),
      {
        pageSize: 3,
      },
    );
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="x.csv"');
    expect(await response.text()).toBe('"n"\r\n"0"\r\n"1"\r\n"2"\r\n"3"\r\n"4"\r\n"5"\r\n"6"\r\n');
  });
  it("asks each page for one row more, so a file that fills its last page ends without an empty query", async () => {
    const data = Array.from({ length: 6 }, (_, i) => i);
    const asked: [number, number][] = [];
    const response = csvResponse<number>(
      "x.csv",
      [{ header: "n", value: (r: number) => r }],
      async (limit, offset) => {
        asked.push([limit, offset]);
        return data.slice(offset, offset + limit);
      },
      { pageSize: 3 },
    );
    expect(await response.text()).toBe('"n"\r\n"0"\r\n"1"\r\n"2"\r\n"3"\r\n"4"\r\n"5"\r\n');
    expect(asked).toEqual([
      [4, 0],
      [4, 3],
    ]);
  });
  it("caps the export at maxRows", async () => {
    const response = csvResponse<number>(
      "x.csv",
      [{ header: "n", value: (r: number) => r }],
      async (limit, offset) => Array.from({ length: limit }, (_, i) => offset + i),
      {
        pageSize: 2,
        maxRows: 5,
      },
    );
    expect(await response.text()).toBe('"n"\r\n"0"\r\n"1"\r\n"2"\r\n"3"\r\n"4"\r\n');
    expect(csvLine([{ header: "a", value: (r: string) => r }], "x")).toBe('"x"\r\n');
  });
});

describe("csvResponse when a page fails", () => {
  it("aborts the stream instead of ending a truncated file cleanly", async () => {
    const response = csvResponse<number>(
      "x.csv",
      [{ header: "n", value: (r) => r }],
      async (limit, offset) => {
        if (offset >= 2) throw new Error("D1_ERROR: network connection lost");
        return Array.from({ length: limit }, (_, i) => offset + i);
      },
      { pageSize: 2 },
    );
    await expect(response.text()).rejects.toThrow();
  });
});
