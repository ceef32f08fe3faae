/** Wire shape of an account, field order as the reference. */
import { Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObject } from "../../platform/fields.js";

export const AccountSchema = ResponseObject({
  id: Filled.integer(),
  name: Filled.string(),
  path_name: Filled.string(),
  path: Filled.string(),
  reference: Filled.string(),
  type: Nullable.string(),
  parent_id: Nullable.integer(),
});

export const AccountResponse = Type.Object({ account: AccountSchema });
export const AccountListResponse = Type.Object({ accounts: Type.Array(AccountSchema) });
