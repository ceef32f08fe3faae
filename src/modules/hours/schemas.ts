/**
 * Wire shapes of a time record, field order as the reference. `duration` and
 * `pause` (decimal hours, write only) are Kasboek's way to record time without a start and end,
 * and to take a break off; the reference's fields work unchanged without them.
 */
import { Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObject } from "../../platform/fields.js";

export const HourSchema = ResponseObject({
  id: Filled.integer(),
  client_id: Nullable.integer(),
  project_id: Nullable.integer(),
  calculated_duration: Nullable.string(),
  calculated_duration_without_pause: Nullable.string(),
  calculated_ended_at: Nullable.dateTime(),
  date: Filled.date(),
  started_at: Nullable.dateTime(),
  ended_at: Nullable.dateTime(),
  description: Nullable.string(),
});

export const HourResponse = Type.Object({ hour: HourSchema });
export const HourListResponse = Type.Object({ hours: Type.Array(HourSchema) });

export const HourAttributes = Type.Object({
  client_id: Nullable.integer(),
  project_id: Nullable.integer(),
  date: Nullable.date(),
  started_at: Nullable.dateTime(),
  ended_at: Nullable.dateTime(),
  description: Nullable.string({ maxLength: 10_000 }),
  // hours, not money: a year is under 10,000 hours, and a bound keeps dates computed from them valid
  duration: Nullable.decimal({ maxMagnitude: "100000" }),
  pause: Nullable.decimal({ maxMagnitude: "100000" }),
});

export const HourPayload = {
  wrapper: "hour",
  schema: HourAttributes,
  readOnly: ["id", "calculated_duration", "calculated_duration_without_pause", "calculated_ended_at"],
} as const;
