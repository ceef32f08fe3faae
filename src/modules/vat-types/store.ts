/**
 * SQL for `vat_types`: global reference data (no company), seeded by its migration. The paged
 * list reads the table; the lookups answer from the table as read once (`allVatTypes`).
 */
import type { Generated, Selectable } from "kysely";
import type { Executor } from "../../db/connection.js";
import { selectPage } from "../../db/paging.js";
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

/**
 * The whole table, read once per database and kept: VAT types are reference data that only
 * migrations write, and migrations run before the service serves, while a create read the types
 * of its lines in a statement of its own (a round trip on PostgreSQL, issue 13). A database is
 * told by its Kysely adapter, which its connections and transactions share; a failed read is
 * not kept.
 */
const allByDatabase = new WeakMap<object, Promise<VatTypeRow[]>>();

function allVatTypes(executor: Executor): Promise<VatTypeRow[]> {
  const database = executor.getExecutor().adapter;
  let all = allByDatabase.get(database);
  if (all === undefined) {
    // frozen: every request shares these rows
    all = vatTypes(executor)
      .selectFrom("vat_types")
      .selectAll()
      .orderBy("id")
      .execute()
      .then((rows) => rows.map((row) => Object.freeze(row)));
    allByDatabase.set(database, all);
    all.catch(() => allByDatabase.delete(database));
  }
  return all;
}

export async function findVatType(executor: Executor, vatTypeId: number): Promise<VatTypeRow | undefined> {
  return (await allVatTypes(executor)).find((row) => row.id === vatTypeId);
}

/** The VAT types with these ids and, when given, the one named `name`, in id order. */
export async function findVatTypesByIdsOrName(
  executor: Executor,
  vatTypeIds: readonly number[],
  name: string | null,
): Promise<VatTypeRow[]> {
  const wanted = new Set(vatTypeIds);
  return (await allVatTypes(executor)).filter((row) => wanted.has(row.id) || row.name === name);
}

export async function findVatTypeByName(executor: Executor, name: string): Promise<VatTypeRow | undefined> {
  return (await allVatTypes(executor)).find((row) => row.name === name);
}
