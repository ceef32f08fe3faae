/** Wire shapes of a ride: all seven fields always present, in the reference's order. */
import { Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObject } from "../../platform/fields.js";

export const RideSchema = ResponseObject({
  id: Filled.integer(),
  departure_address: Nullable.string(),
  visiting_address: Nullable.string(),
  km_start: Nullable.integer(),
  km_end: Nullable.integer(),
  private: Nullable.boolean(),
  date: Filled.date(),
});

export const RideResponse = Type.Object({ ride: RideSchema });
export const RideListResponse = Type.Object({ rides: Type.Array(RideSchema) });

export const RideAttributes = Type.Object({
  departure_address: Nullable.string({ maxLength: 255 }),
  visiting_address: Nullable.string({ maxLength: 255 }),
  km_start: Nullable.integer(),
  km_end: Nullable.integer(),
  private: Nullable.boolean(),
  date: Nullable.date(),
});

export const RidePayload = { wrapper: "ride", schema: RideAttributes, readOnly: ["id"] } as const;

export const RIDE_SELECTIONS = ["all", "business"] as const;
