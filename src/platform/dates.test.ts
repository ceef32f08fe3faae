import { describe, expect, it } from "vitest";
import {
  addDays,
  dateInTimeZone,
  daysInMonth,
  endOfDate,
  formatDateTime,
  isSupportedDate,
  isSupportedInstant,
  isValidDate,
  parseDateTime,
  timeZoneOffsetMinutes,
} from "./dates.js";

const AMSTERDAM = "Europe/Amsterdam";

describe("dates", () => {
  it("accepts only real calendar dates", () => {
    expect(isValidDate("2024-02-29")).toBe(true);
    expect(isValidDate("2023-02-29")).toBe(false);
    expect(isValidDate("2024-2-1")).toBe(false);
  });

  it("adds days across months and years", () => {
    expect(addDays("2024-12-15", 30)).toBe("2025-01-14");
  });

  it("supports 1900-01-01 to 9999-12-31, and counts days on both ends of them without failing", () => {
    expect(["1900-01-01", "9999-12-31", "2024-02-29"].map(isSupportedDate)).toEqual([true, true, true]);
    expect(["1899-12-31", "10000-01-01", "0050-01-01", "9999-02-29"].map(isSupportedDate)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(addDays("9999-12-31", 1)).toBe("10000-01-01");
    expect(addDays("9999-12-31", -1)).toBe("9999-12-30");
    expect(addDays("1900-01-01", -1)).toBe("1899-12-31");
    expect(addDays("1900-02-28", 1)).toBe("1900-03-01");
    expect([daysInMonth(1900, 2), daysInMonth(2000, 2), daysInMonth(9999, 12)]).toEqual([28, 29, 31]);
  });

  it("ends a date at the next midnight in the time zone, and the last date nowhere", () => {
    expect(endOfDate("2024-03-01", AMSTERDAM)).toBe("2024-03-01T23:00:00.000Z");
    expect(endOfDate("9999-12-30", AMSTERDAM)).toBe("9999-12-30T23:00:00.000Z");
    expect(endOfDate("9999-12-31", AMSTERDAM)).toBeNull();
  });

  it("supports an instant on a supported date in the time zone that is stored with four digits of year", () => {
    const instant = (text: string, zone = AMSTERDAM) => isSupportedInstant(parseDateTime(text, zone) ?? "", zone);
    expect(instant("9999-12-31T23:59:59")).toBe(true);
    expect(instant("1900-01-01")).toBe(true);
    expect(instant("9999-12-31T23:30:00Z")).toBe(false);
    expect(instant("9999-12-31T23:30:00", "America/New_York")).toBe(false);
    expect(instant("1899-12-31T12:00:00")).toBe(false);
  });

  it("refuses an instant of the years 0–99, which Date.UTC and Intl read as other years", () => {
    const instant = (text: string, zone = AMSTERDAM) => isSupportedInstant(parseDateTime(text, zone) ?? "", zone);
    for (const text of [
      "0000-01-01T00:00:00Z",
      "0000-12-31T23:59:59Z",
      "0001-01-01T00:00:00Z",
      "0099-06-15T12:00:00Z",
    ]) {
      expect([text, instant(text)]).toEqual([text, false]);
      expect([text, instant(text, "UTC")]).toEqual([text, false]);
    }
  });

  it("shows a stored instant of a year before 1000 with its own year, in four digits", () => {
    expect(formatDateTime("0001-01-01T00:00:00.000Z", "UTC")).toBe("0001-01-01T00:00:00.000+00:00");
    expect(formatDateTime("0099-06-15T12:00:00.000Z", AMSTERDAM).slice(0, 10)).toBe("0099-06-15");
  });

  it("gives the calendar date in the company's time zone", () => {
    expect(dateInTimeZone(new Date("2024-03-01T23:30:00Z"), AMSTERDAM)).toBe("2024-03-02");
  });

  it("turns to the next date at the zone's midnight, asked one millisecond apart, and back", () => {
    const asked = ["2024-03-01T22:59:59.998Z", "2024-03-01T22:59:59.999Z", "2024-03-01T23:00:00.000Z"];
    expect(asked.map((instant) => dateInTimeZone(new Date(instant), AMSTERDAM))).toEqual([
      "2024-03-01",
      "2024-03-01",
      "2024-03-02",
    ]);
    // a clock set back (a test's) is answered for its own instant too
    expect(dateInTimeZone(new Date("2024-03-01T22:59:59.999Z"), AMSTERDAM)).toBe("2024-03-01");
    expect(dateInTimeZone(new Date("2024-03-01T22:59:59.999Z"), "America/St_Johns")).toBe("2024-03-01");
    expect(dateInTimeZone(new Date("2024-03-02T03:29:59.999Z"), "America/St_Johns")).toBe("2024-03-01");
    expect(dateInTimeZone(new Date("2024-03-02T03:30:00.000Z"), "America/St_Johns")).toBe("2024-03-02");
  });
});

describe("date-times", () => {
  it("formats in the company's time zone with milliseconds and offset, winter and summer", () => {
    expect(formatDateTime("2024-02-29T23:00:00.000Z", AMSTERDAM)).toBe("2024-03-01T00:00:00.000+01:00");
    expect(formatDateTime("2024-07-01T10:15:30.250Z", AMSTERDAM)).toBe("2024-07-01T12:15:30.250+02:00");
    expect(formatDateTime("2024-07-01T10:15:30.250Z", "America/St_Johns")).toBe("2024-07-01T07:45:30.250-02:30");
  });

  it("parses ISO 8601 and the `YYYY-MM-DD HH:MM:SS +HHMM` form", () => {
    expect(parseDateTime("2024-03-01T00:00:00.000+01:00", AMSTERDAM)).toBe("2024-02-29T23:00:00.000Z");
    expect(parseDateTime("2024-03-01 10:00:00 +0100", AMSTERDAM)).toBe("2024-03-01T09:00:00.000Z");
    expect(parseDateTime("2024-03-01T10:00:00Z", AMSTERDAM)).toBe("2024-03-01T10:00:00.000Z");
  });

  it("reads a value without offset, or a bare date, as wall-clock time in the time zone", () => {
    expect(parseDateTime("2024-07-01T12:00", AMSTERDAM)).toBe("2024-07-01T10:00:00.000Z");
    expect(parseDateTime("2024-01-15", AMSTERDAM)).toBe("2024-01-14T23:00:00.000Z");
  });

  it("refuses what is not a date-time", () => {
    for (const bad of ["2024-02-30T10:00:00Z", "2024-03-01T25:00:00Z", "yesterday", ""]) {
      expect(parseDateTime(bad, AMSTERDAM), bad).toBeNull();
    }
  });
});

describe("time zone offsets", () => {
  /** The offset as Intl gives it, minute-rounded as the wire shows it: the oracle. */
  function intlOffsetMinutes(epochMs: number, timeZone: string): number {
    const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
      .formatToParts(new Date(epochMs))
      .find((part) => part.type === "timeZoneName")?.value;
    const match = /GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(name ?? "");
    if (!match?.[1]) return 0;
    const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4] ?? 0);
    return Math.round(((match[1] === "-" ? -1 : 1) * seconds) / 60);
  }

  it("is Intl's at every minute around changes of offset, remembered or not", () => {
    const around = [
      ["Europe/Amsterdam", "2024-03-31T01:00:00Z"],
      ["Europe/Amsterdam", "2024-10-27T01:00:00Z"],
      ["America/New_York", "2024-11-03T06:00:00Z"],
      ["Australia/Lord_Howe", "2024-04-06T15:00:00Z"],
      ["Asia/Kathmandu", "1986-01-01T00:00:00Z"],
      ["Europe/Amsterdam", "1937-06-30T23:40:28Z"],
      // -00:44:30 to GMT at 00:44:30 UTC, inside a quarter hour: asked for each instant
      ["Africa/Monrovia", "1972-01-07T00:44:30Z"],
    ] as const;
    for (const [timeZone, change] of around) {
      const middle = Date.parse(change);
      for (let minute = -90; minute <= 90; minute += 1) {
        for (const second of [0, 29, 59]) {
          const instant = middle + minute * 60_000 + second * 1000;
          // twice: the first asks and remembers, the second is remembered
          for (let time = 0; time < 2; time++) {
            expect(timeZoneOffsetMinutes(instant, timeZone), `${timeZone} ${new Date(instant).toISOString()}`).toBe(
              intlOffsetMinutes(instant, timeZone),
            );
          }
        }
      }
    }
  });
});
