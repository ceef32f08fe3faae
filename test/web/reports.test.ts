/**
 * The reports' pure parts in the web app: the CSV for Dutch spreadsheets (the server's decimals
 * rewritten, never recomputed, and nothing a spreadsheet would run as a formula), the periods a
 * report is compared with, the VAT return period of a day, and an account tree beside the same
 * tree of an earlier period.
 */
import type { Schema } from "@kasboek/client";
import { describe, expect, it } from "vitest";
import { csvAmount, toCsv } from "../../web/src/reports/csv.js";
import { attachmentName } from "../../web/src/reports/files.js";
import { previousPeriod, vatPeriodOf, yearEarlier } from "../../web/src/reports/periods.js";
import { treeRows } from "../../web/src/reports/tree.js";

describe("the CSV", () => {
  it.each([
    ["1234.5", "1234,50"],
    ["-0.5", "-0,50"],
    ["0.0", "0,00"],
    ["1000000.25", "1000000,25"],
    ["007.10", "7,10"],
    ["12345678901234567.89", "12345678901234567,89"],
  ])("writes %s as %s", (decimal, written) => {
    expect(csvAmount(decimal)).toBe(written);
  });

  it("separates cells with semicolons, ends lines with CRLF, starts with a byte order mark and quotes what needs it", () => {
    expect(
      toCsv([
        ["Naam", "Bedrag"],
        ['Bakkerij "De Korf"; Utrecht', csvAmount("-12.5")],
        [null, 3],
      ]),
    ).toBe('\ufeffNaam;Bedrag\r\n"Bakkerij ""De Korf""; Utrecht";-12,50\r\n;3\r\n');
  });

  it("keeps a spreadsheet from running a cell as a formula, but leaves negative amounts numbers", () => {
    expect(toCsv([["=SUM(A1:A2)", "+31 6 1234", "@home", "-12,50", "-korting"]])).toBe(
      "\ufeff'=SUM(A1:A2);'+31 6 1234;'@home;-12,50;'-korting\r\n",
    );
  });
});

describe("the period compared with", () => {
  it.each([
    [
      { from: "2026-01-01", till: "2026-12-31" },
      { from: "2025-01-01", till: "2025-12-31" },
    ],
    [
      { from: "2026-07-01", till: "2026-09-30" },
      { from: "2026-04-01", till: "2026-06-30" },
    ],
    [
      { from: "2026-01-01", till: "2026-03-31" },
      { from: "2025-10-01", till: "2025-12-31" },
    ],
    [
      { from: "2026-03-01", till: "2026-03-31" },
      { from: "2026-02-01", till: "2026-02-28" },
    ],
    [
      { from: "2026-01-01", till: "2026-11-26" },
      { from: "2025-01-01", till: "2025-11-26" },
    ],
    [
      { from: "2024-01-01", till: "2024-02-29" },
      { from: "2023-11-01", till: "2023-12-31" },
    ],
    [
      { from: "2028-01-01", till: "2028-02-29" },
      { from: "2027-11-01", till: "2027-12-31" },
    ],
    [
      { from: "2026-03-10", till: "2026-03-19" },
      { from: "2026-02-28", till: "2026-03-09" },
    ],
  ])("of %o is %o", (period, before) => {
    expect(previousPeriod(period)).toEqual(before);
  });

  it("is a year earlier for a date, 29 February becoming 28 February", () => {
    expect(yearEarlier("2026-11-26")).toBe("2025-11-26");
    expect(yearEarlier("2028-02-29")).toBe("2027-02-28");
  });

  it("finds the VAT return period of a day for each kind of period", () => {
    expect(vatPeriodOf("quarter", "2026-11-26")).toBe("2026Q4");
    expect(vatPeriodOf("quarter", "2026-01-01")).toBe("2026Q1");
    expect(vatPeriodOf("month", "2026-03-31")).toBe("2026-03");
    expect(vatPeriodOf("year", "2026-06-15")).toBe("2026");
  });
});

type ReportNode = Schema<"ReportNode">;

const node = (path: string | null, name: string, amount: string, accounts: ReportNode[] = []): ReportNode => ({
  account_id: path === null ? null : path.length,
  path,
  name,
  amount,
  accounts,
});

describe("a tree beside an earlier one", () => {
  it("lists every node depth first, with the earlier amount of the same node and those only the earlier period had", () => {
    const now = node("profit.costs", "Kosten", "300.0", [
      node("profit.costs.housing", "Huisvesting", "100.0"),
      node("profit.costs.other", "Algemeen", "200.0", [node("profit.costs.other.phone", "Telefoon", "200.0")]),
    ]);
    const before = node("profit.costs", "Kosten", "150.0", [
      node("profit.costs.other", "Algemeen", "50.0", [node("profit.costs.other.misc", "Overig", "50.0")]),
      node("profit.costs.vehicle", "Auto", "100.0"),
    ]);
    expect(
      treeRows(now, before).map((row) => [row.node.path, row.depth, row.amount, row.earlier, row.hasChildren]),
    ).toEqual([
      ["profit.costs", 0, "300.0", "150.0", true],
      ["profit.costs.housing", 1, "100.0", null, false],
      ["profit.costs.other", 1, "200.0", "50.0", true],
      ["profit.costs.other.phone", 2, "200.0", null, false],
      ["profit.costs.other.misc", 2, null, "50.0", false],
      ["profit.costs.vehicle", 1, null, "100.0", false],
    ]);
  });

  it("matches the lines a report adds by their name, and gives each row its ancestors", () => {
    const rows = treeRows(node("passiva", "Passiva", "10.0", [node(null, "Resultaat lopend boekjaar", "10.0")]));
    expect(rows.map((row) => [row.key, row.ancestors, row.earlier])).toEqual([
      ["/passiva", [], null],
      ["/passiva/line:Resultaat lopend boekjaar", ["/passiva"], null],
    ]);
  });
});

describe("the auditfile's name", () => {
  it("is the one the server gives, or none", () => {
    expect(attachmentName('attachment; filename="auditfile-7-2026.xaf"')).toBe("auditfile-7-2026.xaf");
    expect(attachmentName(null)).toBeNull();
  });
});
