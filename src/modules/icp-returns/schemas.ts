/**
 * Wire shape of the ICP return (issue 11): supplies of goods and services to EU customers, each
 * with the customer's country and VAT number (without its prefix) and an amount in whole euros.
 */
import { Type } from "@sinclair/typebox";
import { Nullable, ResponseObject } from "../../platform/fields.js";

export const IcpLineSchema = ResponseObject({
  country_code: Nullable.string(),
  vat_number: Nullable.string(),
  amount: Nullable.string(),
});

export const IcpReturnSchema = ResponseObject({
  period: Nullable.string(),
  from: Nullable.date(),
  till: Nullable.date(),
  supplies: Type.Array(IcpLineSchema),
  services: Type.Array(IcpLineSchema),
  total: Nullable.string(),
});

export const IcpReturnResponse = Type.Object({ icp_return: IcpReturnSchema });
