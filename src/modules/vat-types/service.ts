/**
 * VAT types: global reference data with validity dates (`public`). The list shows the types
 * known on or after `since` (default: today in the company's time zone).
 * They are not cached in memory: only migrations write them, and a migration may run (from
 * another process) while a server is up. A request that prices many lines reads every type it
 * names in one query instead (`vatTypesFor`).
 */
import type { Static } from "@sinclair/typebox";
import Big from "big.js";
import type { Executor } from "../../db/connection.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { notFound, type ValidationErrors } from "../../platform/errors.js";
import { formatDecimal } from "../../platform/money.js";
import type { Page } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import type { VAT_TYPE_NAMES, VatTypeSchema } from "./schemas.js";
import { findVatType, findVatTypeByName, findVatTypesByIdsOrName, listVatTypes, type VatTypeRow } from "./store.js";

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
  if (!row) throw notFound("vatType");
  return presentVatType(row);
}

/** For modules that compute lines: the stored row with its exact rate. */
export async function vatTypeById(executor: Executor, vatTypeId: number): Promise<VatTypeRow | undefined> {
  return findVatType(executor, vatTypeId);
}

export async function vatTypeByName(executor: Executor, name: VatTypeName): Promise<VatTypeRow | undefined> {
  return findVatTypeByName(executor, name);
}

export const DEFAULT_VAT_TYPE: VatTypeName = "vat_high";

/** VAT types by id and by name, for pricing lines; a type not read in advance is read when asked. */
export interface VatTypeLookup {
  byId(vatTypeId: number): Promise<VatTypeRow | undefined>;
  byName(name: VatTypeName): Promise<VatTypeRow | undefined>;
}

/** A lookup that reads each type when asked. */
export function vatTypesOnDemand(executor: Executor): VatTypeLookup {
  return {
    byId: (vatTypeId) => findVatType(executor, vatTypeId),
    byName: (name) => findVatTypeByName(executor, name),
  };
}

/**
 * A lookup holding the types with `vatTypeIds` and the default type, read in one query; any
 * other type (a product's, say) is read when asked.
 */
export async function vatTypesFor(executor: Executor, vatTypeIds: Iterable<number>): Promise<VatTypeLookup> {
  const rows = await findVatTypesByIdsOrName(executor, [...new Set(vatTypeIds)], DEFAULT_VAT_TYPE);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const byName = new Map(rows.map((row) => [row.name, row]));
  const onDemand = vatTypesOnDemand(executor);
  return {
    byId: async (vatTypeId) => byId.get(vatTypeId) ?? onDemand.byId(vatTypeId),
    byName: async (name) => byName.get(name) ?? onDemand.byName(name),
  };
}

/** The names of VAT types by id, in one query (for posting stored lines). */
export async function vatTypeNamesByIds(
  executor: Executor,
  vatTypeIds: Iterable<number>,
): Promise<Map<number, string>> {
  const ids = [...new Set(vatTypeIds)];
  if (ids.length === 0) return new Map();
  const rows = await findVatTypesByIdsOrName(executor, ids, null);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The VAT type and exact rate of a line: `vat_type_id` (default vat_high), and for the custom
 * type the line's own `vat_rate` (required, from 0 to 1); for every other type a given rate is
 * ignored. Problems are recorded under `prefix`; null when the line cannot be priced.
 */
export async function resolveLineVat(
  source: Executor | VatTypeLookup,
  given: { vat_type_id?: number | null; vat_rate?: string | null },
  errors: ValidationErrors,
  prefix = "",
): Promise<{ vatTypeId: number; name: string; rate: string; customRate: string | null } | null> {
  const lookup = "byId" in source ? source : vatTypesOnDemand(source);
  const vatType =
    given.vat_type_id === undefined || given.vat_type_id === null
      ? await lookup.byName(DEFAULT_VAT_TYPE)
      : await lookup.byId(given.vat_type_id);
  if (!vatType) {
    errors.add(`${prefix}vat_type_id`, { key: "notAVatType" });
    return null;
  }
  if (vatType.value !== null) {
    return { vatTypeId: vatType.id, name: vatType.name, rate: vatType.value, customRate: null };
  }
  const rate = given.vat_rate;
  if (rate === undefined || rate === null) {
    errors.add(`${prefix}vat_rate`, { key: "blankForCustomVatType" });
    return null;
  }
  if (new Big(rate).lt(0) || new Big(rate).gt(1)) {
    errors.add(`${prefix}vat_rate`, { key: "rateFraction" });
    return null;
  }
  return { vatTypeId: vatType.id, name: vatType.name, rate, customRate: rate };
}
