/** Wire shape of the token owner (`GET /me`), field order as the reference. */
import { Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObject } from "../../platform/fields.js";

export const MeSchema = ResponseObject({
  first_name: Nullable.string(),
  last_name: Nullable.string(),
  email: Filled.string(),
});

export const MeResponse = Type.Object({ me: MeSchema });
