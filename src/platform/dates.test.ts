import { describe, expect, it } from "vitest";
import { addDays, dateInTimeZone, formatDateTime, isValidDate, parseDateTime } from "./dates.js";

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

  it("gives the calendar date in the company's time zone", () => {
    expect(dateInTimeZone(new Date("2024-03-01T23:30:00Z"), AMSTERDAM)).toBe("2024-03-02");
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
