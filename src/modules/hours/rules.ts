/**
 * Pure rules of a time record. Time is recorded either as a start (and usually an
 * end) or as a duration in hours; a pause is subtracted. Durations are exact decimal hours,
 * rounded to four places when they come from a start and an end (0.25 = 15 minutes). Instants
 * are absolute, so a record across midnight or a daylight-saving change measures real time.
 */
import Big from "big.js";
import { isSupportedInstant, LAST_DATE } from "../../platform/dates.js";
import type { ValidationErrors } from "../../platform/errors.js";

const MILLISECONDS_PER_HOUR = 3_600_000;
const DURATION_DECIMALS = 4;

export interface HourFields {
  date: string | null;
  started_at: string | null;
  ended_at: string | null;
  duration_hours: string | null;
  pause_hours: string | null;
}

export interface CalculatedHours {
  calculated_duration: Big | null;
  calculated_duration_without_pause: Big | null;
  /** ISO UTC */
  calculated_ended_at: string | null;
}

function hoursBetween(startIso: string, endIso: string): Big {
  const milliseconds = Date.parse(endIso) - Date.parse(startIso);
  return new Big(milliseconds).div(MILLISECONDS_PER_HOUR).round(DURATION_DECIMALS, Big.roundHalfUp);
}

export function calculateHours(hour: HourFields): CalculatedHours {
  const duration =
    hour.started_at !== null && hour.ended_at !== null
      ? hoursBetween(hour.started_at, hour.ended_at)
      : hour.duration_hours !== null
        ? new Big(hour.duration_hours)
        : null;
  const withoutPause = duration === null ? null : duration.minus(hour.pause_hours ?? "0");
  let endedAt = hour.ended_at;
  if (endedAt === null && hour.started_at !== null && withoutPause !== null) {
    const milliseconds = Number(withoutPause.times(MILLISECONDS_PER_HOUR).round(0, Big.roundHalfUp).toFixed(0));
    endedAt = new Date(Date.parse(hour.started_at) + milliseconds).toISOString();
  }
  return {
    calculated_duration: duration,
    calculated_duration_without_pause: withoutPause,
    calculated_ended_at: endedAt,
  };
}

/** `timeZone` is the company's: a start and duration must end on a supported date there. */
export function validateHour(hour: HourFields, errors: ValidationErrors, timeZone: string): void {
  if (hour.date === null && !errors.has("date")) errors.add("date", { key: "blank" });
  if (
    hour.started_at === null &&
    hour.duration_hours === null &&
    !errors.has("started_at") &&
    !errors.has("duration")
  ) {
    errors.add("started_at", { key: "orDuration" });
  }
  if (hour.ended_at !== null && hour.started_at === null && !errors.has("started_at")) {
    errors.add("started_at", { key: "blankWhenEnded" });
  }
  // An end before the start is refused, not read as "the next day": apps that roll 22:00–02:00
  // over midnight take bare clock times on one date, but started_at and ended_at are full
  // date-times, so an earlier ended_at is a real contradiction and the message says how to fix it.
  if (hour.started_at !== null && hour.ended_at !== null && Date.parse(hour.ended_at) < Date.parse(hour.started_at)) {
    errors.add("ended_at", { key: "endBeforeStart" });
  }
  if (hour.duration_hours !== null && new Big(hour.duration_hours).lt(0))
    errors.add("duration", { key: "notNegative" });
  if (hour.pause_hours !== null && new Big(hour.pause_hours).lt(0)) errors.add("pause", { key: "notNegative" });
  // The time worked is only known when its end and duration are sound; otherwise comparing the
  // pause with it would report a second, made-up problem.
  if (errors.has("pause") || errors.has("ended_at") || errors.has("duration")) return;
  const { calculated_duration_without_pause: withoutPause, calculated_ended_at: end } = calculateHours(hour);
  if (withoutPause?.lt(0)) errors.add("pause", { key: "pauseTooLong" });
  else if (hour.ended_at === null && end !== null && !isSupportedInstant(end, timeZone)) {
    errors.add("duration", { key: "endBy", date: LAST_DATE });
  }
}
