/**
 * VAT types: global reference data with validity dates (`public`). The list shows the types
 * known on or after `since` (default: today in the company's time zone).
 */
import type { Static } from "@sinclair/typebox";
import type { Executor } from "../../db/connection.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { notFound } from "../../platform/errors.js";
import { formatDecimal } from "../../platform/money.js";
import type { Page } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import type { VAT_TYPE_NAMES, VatTypeSchema } from "./schemas.js";
import { findVatType, findVatTypeByName, listVatTypes, type VatTypeRow } from "./store.js";

export type VatType = Static<typeof VatTypeSchema>;
export type VatTypeName = (typeof VAT_TYPE_NAMES)[number];

function presentVatType(row: VatTypeRow): VatType {
  return {
    id: row.id,
    name: row.name as VatTypeName,
    friendly_name: row.friendly_name,
    value: row.value === null ? null : formatDecimal(row.value),
  };
}

export async function listKnownVatTypes(deps: ServiceDeps, since: string, paging: Paging): Promise<Page<VatType>> {
  const { rows, total } = await listVatTypes(deps.db, since, paging);
  return { items: rows.map(presentVatType), total, paging };
}

export async function showVatType(deps: ServiceDeps, vatTypeId: number): Promise<VatType> {
  const row = await findVatType(deps.db, vatTypeId);
  if (!row) throw notFound("VAT type");
  return presentVatType(row);
}

/** For modules that compute lines: the stored row with its exact rate. */
export async function vatTypeById(executor: Executor, vatTypeId: number): Promise<VatTypeRow | undefined> {
  return findVatType(executor, vatTypeId);
}

export async function vatTypeByName(executor: Executor, name: VatTypeName): Promise<VatTypeRow | undefined> {
  return findVatTypeByName(executor, name);
}
