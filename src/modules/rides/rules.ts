/**
 * Pure rules of a ride as it would be stored: a date and an end reading are required, odometer
 * readings are not negative and the end is not before the start.
 */
import type { ValidationErrors } from "../../platform/errors.js";

export interface RideFields {
  km_start: number | null;
  km_end: number | null;
  date: string | null;
}

export function validateRide(ride: RideFields, errors: ValidationErrors): void {
  if (ride.date === null && !errors.has("date")) errors.add("date", { key: "blank" });
  if (ride.km_end === null && !errors.has("km_end")) errors.add("km_end", { key: "blank" });
  if (ride.km_start !== null && ride.km_start < 0) errors.add("km_start", { key: "notNegative" });
  if (ride.km_end !== null && ride.km_end < 0) errors.add("km_end", { key: "notNegative" });
  if (ride.km_start !== null && ride.km_end !== null && ride.km_end < ride.km_start) {
    errors.add("km_end", { key: "notBelowKmStart" });
  }
}
