/**
 * SQL for `vat_types`: global reference data (no company), seeded by its migration.
 */
import type { Generated, Selectable } from "kysely";
import type { Executor } from "../../db/connection.js";
import { selectPage } from "../../db/paging.js";
import { reusableQuery } from "../../db/reusable-query.js";
import type { Paging } from "../../platform/params.js";

interface VatTypesTable {
  id: Generated<number>;
  name: string;
  friendly_name: string;
  value: string | null;
  valid_from: string;
  valid_until: string | null;
}

export type VatTypeRow = Selectable<VatTypesTable>;

type VatTypeTables = {
  vat_types: VatTypesTable;
};

function vatTypes(executor: Executor) {
  return executor.withTables<VatTypeTables>();
}

/** VAT types still valid on or after `since`. */
function validSince(executor: Executor, since: string) {
  return vatTypes(executor)
    .selectFrom("vat_types")
    .where((eb) => eb.or([eb("valid_until", "is", null), eb("valid_until", ">=", since)]));
}

export async function listVatTypes(
  executor: Executor,
  since: string,
  paging: Paging,
): Promise<{ rows: VatTypeRow[]; total: number }> {
  return selectPage(validSince(executor, since), paging, (query) => query.selectAll().orderBy("id"));
}

export async function findVatType(executor: Executor, vatTypeId: number): Promise<VatTypeRow | undefined> {
  return vatTypes(executor).selectFrom("vat_types").selectAll().where("id", "=", vatTypeId).executeTakeFirst();
}

const vatTypesByIds = reusableQuery((executor, vatTypeIds: readonly number[]) =>
  vatTypes(executor).selectFrom("vat_types").selectAll().where("id", "in", vatTypeIds).orderBy("id"),
);

const vatTypesByIdsOrName = reusableQuery((executor, vatTypeIds: readonly number[], name: string) =>
  vatTypes(executor)
    .selectFrom("vat_types")
    .selectAll()
    .where((eb) => eb.or([eb("id", "in", vatTypeIds), eb("name", "=", name)]))
    .orderBy("id"),
);

/** The VAT types with these ids and, when given, the one named `name`, in one query. */
export async function findVatTypesByIdsOrName(
  executor: Executor,
  vatTypeIds: readonly number[],
  name: string | null,
): Promise<VatTypeRow[]> {
  if (name !== null) {
    // `in ()` is no SQL: an id that no row has stands for an empty list
    return vatTypesByIdsOrName(executor, vatTypeIds.length === 0 ? [0] : vatTypeIds, name);
  }
  return vatTypeIds.length === 0 ? [] : vatTypesByIds(executor, vatTypeIds);
}

export async function findVatTypeByName(executor: Executor, name: string): Promise<VatTypeRow | undefined> {
  return vatTypes(executor).selectFrom("vat_types").selectAll().where("name", "=", name).executeTakeFirst();
}
