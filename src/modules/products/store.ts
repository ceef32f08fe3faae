/**
 * SQL for `products`. Product codes are unique per company (enforced by a unique index). The
 * `…IfCodeFree` writes report a code collision as `undefined` and leave the caller's
 * transaction usable, also on PostgreSQL.
 */
import { type Generated, type Selectable, sql, type Updateable } from "kysely";
import type { Executor } from "../../db/connection.js";
import { isUniqueViolation, type RowLock, withRowLock } from "../../db/dialect.js";
import { selectPage } from "../../db/paging.js";
import { countOfAll, narrowsNothing } from "../../db/row-counts.js";
import { containsAny, ofCompany } from "../../db/search.js";
import type { Paging } from "../../platform/params.js";

interface ProductsTable {
  id: Generated<number>;
  company_id: number;
  has_stock: number;
  description: string | null;
  extended_description: string | null;
  price_per_unit: string;
  vat_type_id: number;
  custom_vat_rate: string | null;
  account_id: number | null;
  product_code: string;
}

export type ProductRow = Selectable<ProductsTable>;
export type ProductInsert = Omit<ProductRow, "id">;
export type ProductUpdate = Updateable<Omit<ProductsTable, "id" | "company_id">>;

type ProductTables = { products: ProductsTable };

function products(executor: Executor) {
  return executor.withTables<ProductTables>();
}

/** What `search[q]` matches against. */
const PRODUCT_SEARCH_FIELDS = ["product_code", "description"] as const;

export interface ProductFilter {
  query?: string;
  productCodes?: string[];
}

export async function listProducts(
  executor: Executor,
  companyId: number,
  filter: ProductFilter,
  paging: Paging,
): Promise<{ rows: ProductRow[]; total: number }> {
  // a search's index, when it answers, finds the rows and the company is checked on them (db/search.ts)
  let query = products(executor)
    .selectFrom("products")
    .where(ofCompany(executor, "products", companyId, filter.query));
  if (filter.productCodes !== undefined) {
    query =
      filter.productCodes.length === 0
        ? query.where("id", "<", 0)
        : query.where("product_code", "in", filter.productCodes);
  }
  const text = filter.query;
  if (text !== undefined) query = query.where(containsAny(executor, "products", PRODUCT_SEARCH_FIELDS, text));
  return selectPage(
    query,
    paging,
    (page) => page.selectAll().orderBy("id"),
    narrowsNothing(filter) ? countOfAll(executor, "products", companyId) : undefined,
  );
}

/** How many products the company has (its plan's `max_products`). */
export async function countProducts(executor: Executor, companyId: number): Promise<number> {
  const row = await products(executor)
    .selectFrom("products")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("company_id", "=", companyId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findProduct(
  executor: Executor,
  companyId: number,
  productId: number,
  lock: RowLock = "read",
): Promise<ProductRow | undefined> {
  const query = products(executor)
    .selectFrom("products")
    .selectAll()
    .where("company_id", "=", companyId)
    .where("id", "=", productId);
  return withRowLock(executor, query, lock).executeTakeFirst();
}

export async function productCodeTaken(
  executor: Executor,
  companyId: number,
  productCode: string,
  exceptProductId?: number,
): Promise<boolean> {
  // a search's index, when it answers, finds the rows and the company is checked on them (db/search.ts)
  let query = products(executor)
    .selectFrom("products")
    .select("id")
    .where("company_id", "=", companyId)
    .where("product_code", "=", productCode);
  if (exceptProductId !== undefined) query = query.where("id", "!=", exceptProductId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertProduct(executor: Executor, values: ProductInsert): Promise<ProductRow> {
  return products(executor).insertInto("products").values(values).returningAll().executeTakeFirstOrThrow();
}

/**
 * Inserts unless the company already has the product code, counting a row another transaction
 * is committing at that moment (PostgreSQL waits for it); undefined when the code was taken.
 */
export async function insertProductIfCodeFree(
  executor: Executor,
  values: ProductInsert,
): Promise<ProductRow | undefined> {
  return products(executor)
    .insertInto("products")
    .values(values)
    .onConflict((conflict) => conflict.columns(["company_id", "product_code"]).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Updates unless the new product code is taken; undefined when it was. An UPDATE has no
 * ON CONFLICT, and a failed statement aborts a PostgreSQL transaction, so the write runs under
 * a savepoint that a collision rolls back to. `transaction` must be a transaction.
 */
export async function updateProductIfCodeFree(
  transaction: Executor,
  companyId: number,
  productId: number,
  changes: ProductUpdate,
): Promise<ProductRow | undefined> {
  await sql`savepoint product_code_write`.execute(transaction);
  try {
    const row = await updateProduct(transaction, companyId, productId, changes);
    await sql`release savepoint product_code_write`.execute(transaction);
    return row;
  } catch (error) {
    await sql`rollback to savepoint product_code_write`.execute(transaction);
    await sql`release savepoint product_code_write`.execute(transaction);
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

export async function updateProduct(
  executor: Executor,
  companyId: number,
  productId: number,
  changes: ProductUpdate,
): Promise<ProductRow> {
  return products(executor)
    .updateTable("products")
    .set(changes)
    .where("company_id", "=", companyId)
    .where("id", "=", productId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteProduct(executor: Executor, companyId: number, productId: number): Promise<boolean> {
  const result = await products(executor)
    .deleteFrom("products")
    .where("company_id", "=", companyId)
    .where("id", "=", productId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
