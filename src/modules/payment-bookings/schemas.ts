/** Wire shape of a booking of a payment to a cost account (a Kasboek extension): its request body. */
import { Type } from "@sinclair/typebox";
import { Nullable } from "../../platform/fields.js";
import { DESCRIPTION_MAX_LENGTH } from "../invoice-lines/service.js";

export const BookingPayload = {
  wrapper: "booking",
  schema: Type.Object({
    account_id: Type.Unsafe<number | null>({
      type: ["integer", "null"],
      description: "The cost account the payment is booked to (an account of the company's `costs` selection)",
    }),
    description: Nullable.string({
      maxLength: DESCRIPTION_MAX_LENGTH,
      description: "What the payment was for: the description of the expense's one line",
    }),
  }),
  readOnly: [],
} as const;
