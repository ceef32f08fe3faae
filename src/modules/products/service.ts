/**
 * Products: a priced invoice line kept for reuse. The embedded line shows its amounts for
 * quantity 1, computed with the shared invoice-line arithmetic. Product codes are unique per
 * company; a code given by hand that is taken is a 422. A blank one is generated (P1, P2, …)
 * from the company's counter inside the writing transaction and is never a 422: a code given by
 * hand, stored earlier or committed meanwhile by another transaction (which the counter's row
 * lock does not serialise), makes the write retry with the next counter value. A new product
 * counts against the plan's `max_products` (402 when it is reached), checked first in its transaction.
 */
import type { Static } from "@sinclair/typebox";
import type { Executor } from "../../db/connection.js";
import { booleanFromColumn, booleanToColumn, isUniqueViolation } from "../../db/dialect.js";
import type { CompanyAccess } from "../../platform/access.js";
import { readWritePayload } from "../../platform/attributes.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { invalid, notFound, ValidationErrors } from "../../platform/errors.js";
import { centsToDecimal, formatDecimal } from "../../platform/money.js";
import type { Page } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import { isBlank } from "../../platform/text.js";
import { accountPathsById, resolveAccountReference } from "../accounts/service.js";
import { nextInSeries } from "../counters/service.js";
import {
  lineTotals,
  type ProductDefaultsLookup,
  type ProductLineDefaults,
  unitsSoldByProduct,
} from "../invoice-lines/service.js";
import { assertCanCreate } from "../plans/service.js";
import { resolveLineVat } from "../vat-types/service.js";
import { type ProductInvoiceLineAttributes, ProductPayload, type ProductSchema } from "./schemas.js";
import {
  countProducts,
  deleteProduct,
  findProduct,
  insertProduct,
  insertProductIfCodeFree,
  listProducts,
  type ProductFilter,
  type ProductRow,
  productCodeTaken,
  updateProduct,
  updateProductIfCodeFree,
} from "./store.js";

export type Product = Static<typeof ProductSchema>;
type ProductAttributes = Partial<Static<typeof ProductPayload.schema>>;
const RESOURCE = "product";
const PRODUCT_CODE_SERIES = "product_code";
const ONE = "1";
/** units sold are counted from the lines of published sales invoices */
const SOLD_ON_DOCUMENT_TYPE = "sales_invoice";

async function presentProducts(executor: Executor, companyId: number, rows: ProductRow[]): Promise<Product[]> {
  const paths = await accountPathsById(
    executor,
    companyId,
    rows.flatMap((row) => (row.account_id === null ? [] : [row.account_id])),
  );
  const unitsSold = await unitsSoldByProduct(
    executor,
    companyId,
    SOLD_ON_DOCUMENT_TYPE,
    rows.map((row) => row.id),
  );
  const vatRates = new Map<number, string>();
  for (const row of rows) {
    if (row.custom_vat_rate !== null || vatRates.has(row.vat_type_id)) continue;
    const resolved = await resolveLineVat(executor, { vat_type_id: row.vat_type_id }, new ValidationErrors());
    if (resolved) vatRates.set(row.vat_type_id, resolved.rate);
  }
  return rows.map((row) => {
    const rate = row.custom_vat_rate ?? vatRates.get(row.vat_type_id) ?? "0";
    const totals = lineTotals(ONE, row.price_per_unit, rate);
    return {
      id: row.id,
      number_sold: unitsSold.get(row.id) ?? 0,
      has_stock: booleanFromColumn(row.has_stock),
      invoice_line: {
        id: row.id,
        description: row.description,
        extended_description: row.extended_description,
        price_per_unit: formatDecimal(row.price_per_unit),
        price_with_vat: centsToDecimal(totals.price_with_vat_cents),
        price_without_vat: centsToDecimal(totals.price_without_vat_cents),
        vat_amount: centsToDecimal(totals.vat_amount_cents),
        vat_rate: formatDecimal(rate),
        vat_type_id: row.vat_type_id,
        quantity: formatDecimal(ONE),
        product_id: null,
        account_id: row.account_id,
        account_path: row.account_id === null ? null : (paths.get(row.account_id) ?? null),
        product_code: row.product_code,
      },
    };
  });
}

async function presentOne(executor: Executor, companyId: number, row: ProductRow): Promise<Product> {
  const [product] = await presentProducts(executor, companyId, [row]);
  if (!product) throw new Error("product could not be presented");
  return product;
}

/** The code given by hand, checked for being free; null when it is blank and must be generated. */
async function givenProductCode(
  transaction: Executor,
  companyId: number,
  requested: string | null | undefined,
  errors: ValidationErrors,
  exceptProductId?: number,
): Promise<string | null> {
  if (isBlank(requested)) return null;
  const code = requested.trim();
  if (await productCodeTaken(transaction, companyId, code, exceptProductId)) {
    errors.add("invoice_line.product_code", { key: "taken" });
  }
  return code;
}

/**
 * Runs `write` with the next free generated code. `write` answers undefined when its code turned
 * out to be taken after all, and is then called again with the next one.
 */
async function writeWithGeneratedCode(
  transaction: Executor,
  companyId: number,
  write: (productCode: string) => Promise<ProductRow | undefined>,
): Promise<ProductRow> {
  for (;;) {
    const generated = `P${await nextInSeries(transaction, companyId, PRODUCT_CODE_SERIES)}`;
    // Looking first skips codes given by hand long ago without a write that must be undone.
    if (await productCodeTaken(transaction, companyId, generated)) continue;
    const row = await write(generated);
    if (row !== undefined) return row;
  }
}

function duplicateCode(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw invalid(RESOURCE, [{ attribute: "invoice_line.product_code", problem: { key: "taken" } }]);
  }
  throw error;
}

/** The product as it would be stored after the request: every rule checked, problems recorded. */
async function productColumns(
  transaction: Executor,
  companyId: number,
  existing: ProductRow | null,
  attributes: ProductAttributes,
  errors: ValidationErrors,
) {
  const line: Partial<Static<typeof ProductInvoiceLineAttributes>> = attributes.invoice_line ?? {};
  const pick = <Value>(given: Value | undefined, stored: Value) => (given === undefined ? stored : given);
  const pricePerUnit = pick(line.price_per_unit, existing?.price_per_unit ?? null);
  if (pricePerUnit === null) errors.add("invoice_line.price_per_unit", { key: "blank" });
  const vat = await resolveLineVat(
    transaction,
    {
      vat_type_id: pick(line.vat_type_id, existing?.vat_type_id ?? null),
      vat_rate: pick(line.vat_rate, existing?.custom_vat_rate ?? null),
    },
    errors,
    "invoice_line.",
  );
  let accountId = existing?.account_id ?? null;
  if (line.account_id !== undefined || line.account_path !== undefined) {
    const account = await resolveAccountReference(transaction, companyId, line, errors, "invoice_line.");
    accountId = account?.id ?? null;
  }
  const productCode =
    existing !== null && (line.product_code === undefined || line.product_code?.trim() === existing.product_code)
      ? existing.product_code
      : await givenProductCode(transaction, companyId, line.product_code, errors, existing?.id);
  return {
    has_stock: booleanToColumn(pick(attributes.has_stock, booleanFromColumn(existing?.has_stock ?? 0)) ?? false) ?? 0,
    description: pick(line.description, existing?.description ?? null),
    extended_description: pick(line.extended_description, existing?.extended_description ?? null),
    price_per_unit: pricePerUnit ?? "0",
    vat_type_id: vat?.vatTypeId ?? 0,
    custom_vat_rate: vat?.customRate ?? null,
    account_id: accountId,
    product_code: productCode,
  };
}

function readProduct(company: CompanyAccess, body: unknown) {
  const errors = new ValidationErrors();
  const attributes = readWritePayload(ProductPayload, body, { timeZone: company.timeZone }, errors);
  return { attributes, errors };
}

export async function createProduct(deps: ServiceDeps, company: CompanyAccess, body: unknown): Promise<Product> {
  const { attributes, errors } = readProduct(company, body);
  return deps.db.transaction().execute(async (transaction) => {
    await assertCanCreate(transaction, {
      resource: "products",
      companyId: company.companyId,
      planLimited: company.planLimited,
      count: () => countProducts(transaction, company.companyId),
    });
    const { product_code: code, ...columns } = await productColumns(
      transaction,
      company.companyId,
      null,
      attributes,
      errors,
    );
    errors.throwIfAny(RESOURCE);
    const values = { company_id: company.companyId, ...columns };
    const row =
      code === null
        ? await writeWithGeneratedCode(transaction, company.companyId, (productCode) =>
            insertProductIfCodeFree(transaction, { ...values, product_code: productCode }),
          )
        : await insertProduct(transaction, { ...values, product_code: code }).catch(duplicateCode);
    return presentOne(transaction, company.companyId, row);
  });
}

export async function updateCompanyProduct(
  deps: ServiceDeps,
  company: CompanyAccess,
  productId: number,
  body: unknown,
): Promise<Product> {
  const { attributes, errors } = readProduct(company, body);
  return deps.db.transaction().execute(async (transaction) => {
    const existing = await findProduct(transaction, company.companyId, productId, "lock");
    if (!existing) throw notFound(RESOURCE);
    const { product_code: code, ...columns } = await productColumns(
      transaction,
      company.companyId,
      existing,
      attributes,
      errors,
    );
    errors.throwIfAny(RESOURCE);
    const row =
      code === null
        ? await writeWithGeneratedCode(transaction, company.companyId, (productCode) =>
            updateProductIfCodeFree(transaction, company.companyId, productId, {
              ...columns,
              product_code: productCode,
            }),
          )
        : await updateProduct(transaction, company.companyId, productId, { ...columns, product_code: code }).catch(
            duplicateCode,
          );
    return presentOne(transaction, company.companyId, row);
  });
}

export async function listCompanyProducts(
  deps: ServiceDeps,
  company: CompanyAccess,
  filter: ProductFilter,
  paging: Paging,
): Promise<Page<Product>> {
  const { rows, total } = await listProducts(deps.db, company.companyId, filter, paging);
  return { items: await presentProducts(deps.db, company.companyId, rows), total, paging };
}

export async function showProduct(deps: ServiceDeps, company: CompanyAccess, productId: number): Promise<Product> {
  const row = await findProduct(deps.db, company.companyId, productId);
  if (!row) throw notFound(RESOURCE);
  return presentOne(deps.db, company.companyId, row);
}

/** What a document line naming this product takes from it; undefined when it is not the company's. */
export async function productLineDefaults(
  executor: Executor,
  companyId: number,
  productId: number,
): Promise<ProductLineDefaults | undefined> {
  const row = await findProduct(executor, companyId, productId);
  if (!row) return undefined;
  return {
    description: row.description,
    extended_description: row.extended_description,
    price_per_unit: row.price_per_unit,
    vat_type_id: row.vat_type_id,
    vat_rate: row.custom_vat_rate,
    account_id: row.account_id,
  };
}

/** The lookup document lines use to fill what they leave out from the product they name. */
export function productDefaultsOf(executor: Executor, companyId: number): ProductDefaultsLookup {
  return (productId) => productLineDefaults(executor, companyId, productId);
}

export async function deleteCompanyProduct(
  deps: ServiceDeps,
  company: CompanyAccess,
  productId: number,
): Promise<void> {
  if (!(await deleteProduct(deps.db, company.companyId, productId))) throw notFound(RESOURCE);
}
