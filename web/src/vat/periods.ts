/**
 * How the VAT page names and places a period, from what the server said: the period's name
 * (`2026Q3`, `2026-08`, `2026`) read for the reader, and where a period lies against the list of
 * periods the server gave (before the books began, past, running, not begun). No dates are
 * computed here beyond comparing the server's own.
 */
import type { Schema } from "@kasboek/client";
import type { MessageKey } from "../i18n/en.js";

type VatReturnPeriod = Schema<"VatReturnPeriod">;
/** the app's `t` (i18n.tsx), named here so this module stays free of React */
type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** `2026Q3` → "3e kwartaal 2026" / "Q3 2026", `2026-08` → "augustus 2026", `2026` → "2026". */
export function periodLabel(period: string, language: "nl" | "en", t: Translate): string {
  const quarter = /^(\d{4})Q([1-4])$/.exec(period);
  if (quarter) return t("vat.period.quarter", { year: quarter[1] ?? "", quarter: quarter[2] ?? "" });
  const month = /^(\d{4})-(\d{2})$/.exec(period);
  if (month) {
    const format = new Intl.DateTimeFormat(language === "nl" ? "nl-NL" : "en-GB", {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    return format.format(new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1)));
  }
  return period;
}

export type Timing = VatReturnPeriod["timing"];

export interface Place {
  timing: Timing | null;
  /** the period ends before the first listed one: nothing was booked in it */
  beforeBooks: boolean;
}

/**
 * Where a period (its first and last day) lies, by the list (newest first, always holding today's
 * period when not empty) and its oldest entry. Unknown (null) only when the list is empty.
 */
export function placeOf(
  dates: { from: string; till: string },
  periods: readonly VatReturnPeriod[],
  oldest: VatReturnPeriod | null,
): Place {
  const listed = periods.find((period) => period.from === dates.from && period.till === dates.till);
  const first = oldest ?? periods.at(-1);
  const beforeBooks = first !== undefined && dates.till < first.from;
  if (listed !== undefined) return { timing: listed.timing, beforeBooks: false };
  const current = periods.find((period) => period.timing === "current");
  if (current === undefined) return { timing: null, beforeBooks };
  if (dates.till < current.from) return { timing: "past", beforeBooks };
  if (dates.from > current.till) return { timing: "future", beforeBooks };
  return { timing: "current", beforeBooks };
}

/** The period to show when none is asked for: the last one that is over, else the newest. */
export function defaultPeriod(periods: readonly VatReturnPeriod[]): string | null {
  return (periods.find((period) => period.timing === "past") ?? periods[0])?.period ?? null;
}
