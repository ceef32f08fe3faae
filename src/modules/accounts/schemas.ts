/** Wire shape of an account, field order as the reference. */
import { Type } from "@sinclair/typebox";
import { Nullable, ResponseObject } from "../../platform/fields.js";

export const AccountSchema = ResponseObject({
  id: Nullable.integer(),
  name: Nullable.string(),
  path_name: Nullable.string(),
  path: Nullable.string(),
  reference: Nullable.string(),
  type: Nullable.string(),
  parent_id: Nullable.integer(),
});

export const AccountResponse = Type.Object({ account: AccountSchema });
export const AccountListResponse = Type.Object({ accounts: Type.Array(AccountSchema) });
