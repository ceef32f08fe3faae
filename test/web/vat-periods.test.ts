/**
 * The VAT page's own reading of what the server said (web/src/vat/periods.ts, amounts.ts): a
 * period's name for the reader, where a period the URL names lies against the server's list (the
 * list always holds today's period), which period opens by default, and the filed whole euros.
 */
import { describe, expect, it } from "vitest";
import { en } from "../../web/src/i18n/en.js";
import { nl } from "../../web/src/i18n/nl.js";
import { formatWholeEuros, signOf } from "../../web/src/vat/amounts.js";
import { defaultPeriod, periodLabel, placeOf } from "../../web/src/vat/periods.js";

type Period = Parameters<typeof placeOf>[1][number];

const quarter = (period: string, from: string, till: string, timing: Period["timing"], state = "open"): Period =>
  ({ period, from, till, state, timing }) as Period;

/** newest first, as the server lists them: today lies in 2026Q4 */
const LISTED = [
  quarter("2027Q1", "2027-01-01", "2027-03-31", "future"),
  quarter("2026Q4", "2026-10-01", "2026-12-31", "current"),
  quarter("2026Q3", "2026-07-01", "2026-09-30", "past"),
  quarter("2026Q2", "2026-04-01", "2026-06-30", "past", "filed"),
];

const translate =
  (catalogue: typeof en | typeof nl) =>
  (key: keyof typeof en, values: Record<string, string | number> = {}) =>
    catalogue[key].replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));

describe("the VAT page's periods", () => {
  it("names quarters, months and years in the reader's language", () => {
    expect(periodLabel("2026Q3", "nl", translate(nl))).toBe("3e kwartaal 2026");
    expect(periodLabel("2026Q3", "en", translate(en))).toBe("Q3 2026");
    expect(periodLabel("2026-08", "nl", translate(nl))).toBe("augustus 2026");
    expect(periodLabel("2026-08", "en", translate(en))).toBe("August 2026");
    expect(periodLabel("2026", "nl", translate(nl))).toBe("2026");
  });

  it("places a period by the list: listed, before the books, past, running or not begun", () => {
    expect(placeOf({ from: "2026-07-01", till: "2026-09-30" }, LISTED, null)).toEqual({
      timing: "past",
      beforeBooks: false,
    });
    expect(placeOf({ from: "2024-01-01", till: "2024-03-31" }, LISTED, null)).toEqual({
      timing: "past",
      beforeBooks: true,
    });
    // a month of a listed quarter, the return length having changed
    expect(placeOf({ from: "2026-11-01", till: "2026-11-30" }, LISTED, null).timing).toBe("current");
    expect(placeOf({ from: "2028-01-01", till: "2028-03-31" }, LISTED, null)).toEqual({
      timing: "future",
      beforeBooks: false,
    });
    // the oldest period comes from a later page when the list is long
    const oldest = quarter("2019Q1", "2019-01-01", "2019-03-31", "past");
    expect(placeOf({ from: "2024-01-01", till: "2024-03-31" }, LISTED, oldest).beforeBooks).toBe(false);
    expect(placeOf({ from: "2026-07-01", till: "2026-09-30" }, [], null)).toEqual({ timing: null, beforeBooks: false });
  });

  it("opens on the last period that is over, else the newest", () => {
    expect(defaultPeriod(LISTED)).toBe("2026Q3");
    expect(defaultPeriod(LISTED.slice(0, 2))).toBe("2027Q1");
    expect(defaultPeriod([])).toBeNull();
  });

  it("shows filed figures in whole euros with their sign", () => {
    expect([formatWholeEuros("1000.0"), formatWholeEuros("-201.0"), formatWholeEuros(null)]).toEqual([
      "€\u00a01.000",
      "€\u00a0-201",
      "",
    ]);
    expect([signOf("-201.0"), signOf("0.0"), signOf("-0.0"), signOf("12.5"), signOf(null)]).toEqual([-1, 0, 0, 1, 0]);
  });
});
