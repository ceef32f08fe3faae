/**
 * The seller as documents print it, read in the caller's transaction; a publication's read also
 * holds the company's row for the books (documents/publication.ts).
 */
import type { Executor } from "../../db/connection.js";
import { type CompanyRow, findCompany, findCompanyHeldShared } from "./store.js";

/**
 * The seller as a document prints it: every stored column (name, address, zipcode, city,
 * country_code, kvk_number, vat_liable, vat_number, email, website, iban, bic, time zone, …),
 * with `vat_liable` as a boolean as the API shows it.
 */
export type CompanyDetails = Omit<CompanyRow, "vat_liable"> & { vat_liable: boolean };

const detailsOf = (row: CompanyRow | undefined): CompanyDetails | undefined =>
  row === undefined ? undefined : { ...row, vat_liable: row.vat_liable !== 0 };

/** The company's stored details, for documents that print them. */
export async function companyDetails(executor: Executor, companyId: number): Promise<CompanyDetails | undefined> {
  return detailsOf(await findCompany(executor, companyId));
}

/**
 * `companyDetails`, the company's row held for the books by the same read: what a posting
 * would otherwise hold with a statement of its own (ledger `holdBooksForPosting`).
 */
export async function companyDetailsHoldingBooks(
  executor: Executor,
  companyId: number,
): Promise<CompanyDetails | undefined> {
  return detailsOf(await findCompanyHeldShared(executor, companyId));
}
