/**
 * Wire shape of the ICP return (issue 11): supplies of goods and services to EU customers, each
 * with the customer's country and VAT number (without its prefix) and an amount in whole euros.
 */
import { Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObject } from "../../platform/fields.js";

export const IcpLineSchema = ResponseObject({
  country_code: Nullable.string(),
  vat_number: Nullable.string(),
  amount: Filled.string(),
});

export const IcpReturnSchema = ResponseObject({
  period: Filled.string(),
  from: Filled.date(),
  till: Filled.date(),
  supplies: Type.Array(IcpLineSchema),
  services: Type.Array(IcpLineSchema),
  total: Filled.string(),
});

export const IcpReturnResponse = Type.Object({ icp_return: IcpReturnSchema });
