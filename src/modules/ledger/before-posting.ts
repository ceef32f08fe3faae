/**
 * What a posting reads and checks before it writes (ledger/service.ts writes): the company's books
 * held, the period of its date open, the ids of the accounts it names by path.
 *
 * Invariants:
 * - Nothing posts into a period a filed VAT return locked: 422 naming `date`. The company row is
 *   held shared first, so a filing in progress and a posting never interleave on PostgreSQL.
 * - A document's posting may read both before its number is taken (`preparePosting`): the
 *   counter row stays locked until commit, so what is read after it makes racing publications
 *   of the company wait longer.
 */
import type { Executor } from "../../db/connection.js";
import type { Resource } from "../../platform/catalogue/keys.js";
import { ValidationErrors } from "../../platform/errors.js";
import { accountIdsByPath } from "../accounts/service.js";
import { DOCUMENT_POSTING_PATHS } from "./classification.js";
import type { PostingLine } from "./rules.js";
import { findLockCovering, holdCompanyForPosting } from "./store.js";

/**
 * Holds the company row shared for a posting still to come, for a writer that would otherwise
 * take another lock first (a publication takes its number before it posts). The company row is
 * then locked before any counter row, by this writer as by one that creates what a plan limits
 * (plans/store.ts), so the two wait for each other instead of deadlocking.
 */
export async function holdBooksForPosting(transaction: Executor, companyId: number): Promise<void> {
  await holdCompanyForPosting(transaction, companyId);
}

/**
 * Records a problem of `attribute` (`date` unless a request calls it otherwise) when `date` is in a
 * locked period, for a writer that names all its problems at once before it posts; the posting
 * still checks again, with the books held.
 */
export async function checkPeriodOpen(
  executor: Executor,
  companyId: number,
  date: string,
  errors: ValidationErrors,
  attribute = "date",
): Promise<void> {
  const lock = await findLockCovering(executor, companyId, date);
  if (lock) errors.add(attribute, { key: "inFiledPeriod", from: lock.from_date, till: lock.till_date });
}

/** Refuses a posting dated in a locked period, naming `date` in a 422 validation error. */
export async function assertPeriodOpen(
  executor: Executor,
  companyId: number,
  date: string,
  resource: Resource,
): Promise<void> {
  const errors = new ValidationErrors();
  await checkPeriodOpen(executor, companyId, date, errors);
  errors.throwIfAny(resource);
}

/** The ids of the accounts `lines` name by path; those `known` already holds are not read again. */
export async function accountIds(
  transaction: Executor,
  companyId: number,
  lines: readonly PostingLine[],
  known?: ReadonlyMap<string, number>,
): Promise<ReadonlyMap<string, number>> {
  const paths = lines.flatMap((line) => ("path" in line.account ? [line.account.path] : []));
  const missing = known === undefined ? paths : paths.filter((path) => !known.has(path));
  if (known !== undefined && missing.length === 0) return known;
  const read = await accountIdsByPath(transaction, companyId, missing);
  return known === undefined ? read : new Map([...known, ...read]);
}

/** What a document's posting read before its writer took the document's number. */
export interface PreparedPosting {
  /** the date whose period was found open */
  date: string;
  idByPath: ReadonlyMap<string, number>;
}

/** Call after the books are held (`holdBooksForPosting`), so no filing can lock `date` meanwhile. */
export async function preparePosting(
  transaction: Executor,
  companyId: number,
  date: string,
  resource: Resource,
): Promise<PreparedPosting> {
  await assertPeriodOpen(transaction, companyId, date, resource);
  return { date, idByPath: await accountIdsByPath(transaction, companyId, DOCUMENT_POSTING_PATHS) };
}
