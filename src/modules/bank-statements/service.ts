/**
 * Importing a bank statement file (issue 29): read (statement-file.ts), every transaction a payment
 * on the bank account (payments `insertBankPayments`), linked at once to the open sales invoice or
 * expense it certainly pays (matching.ts: exactly the open amount, and its RF reference, number or
 * the contact's IBAN).
 *
 * Invariants:
 * - an import is one transaction: a file with any problem stores nothing (a 422 naming
 *   `attachment`);
 * - the imports of one company run one after the other, even when sent at once (db/held-work.ts):
 *   each sees what the ones before it booked, so two imports of one file give the same books
 *   (duplicates by fingerprint), and a document two statements pay is linked to one payment;
 * - the statements of one file are one record when they are of one account, and refused when of
 *   several (each account's import reports its own balance);
 * - each IBAN books on one account (`bookingAccount`): the bank for the company's own, a bank
 *   account of its own under the bank for another, so each account's balance is one statement's;
 * - a document is linked to at most one payment of an import, and only while the amount is its
 *   whole open amount; everything else stays unbooked for the owner to link (with suggestions);
 * - `ledger_difference` is computed when answered, from the books as they are then.
 */
import type { Static } from "@sinclair/typebox";
import type { Executor } from "../../db/connection.js";
import { holdUntilCommit } from "../../db/held-work.js";
import type { CompanyAccess } from "../../platform/access.js";
import { readWritePayload } from "../../platform/attributes.js";
import { parseDateTime } from "../../platform/dates.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { notFound, ValidationErrors } from "../../platform/errors.js";
import { centsToDecimal } from "../../platform/money.js";
import type { Page } from "../../platform/paging.js";
import type { Paging } from "../../platform/params.js";
import { accountIdsByPath, isPaymentAccount, paymentSubAccount, resolveAccountReference } from "../accounts/service.js";
import { checkFileName, decodeBase64 } from "../attachments/service.js";
import { companyDetails } from "../companies/service.js";
import { type BankPayment, insertBankPayments } from "../payments/service.js";
import { accountBalanceCents } from "../reports/service.js";
import { certainMatch, type MatchablePayment } from "./matching.js";
import { findOpenDocuments } from "./matching-store.js";
import { type ParsedStatement, type ParsedTransaction, StatementProblem } from "./parsed.js";
import { fingerprints, paymentDescription } from "./rules.js";
import { BankStatementPayload, type BankStatementSchema } from "./schemas.js";
import { readStatementFile } from "./statement-file.js";
import {
  accountHasStatements,
  accountOfIban,
  type BankStatementRow,
  findBankStatement,
  insertBankStatement,
  listBankStatements,
  setStatementCounts,
} from "./store.js";

export type BankStatement = Static<typeof BankStatementSchema>;
export { type MatchSuggestion, paymentMatchSuggestions } from "./suggestions.js";

const RESOURCE = "bankStatement";
const BANK_PATH = "activa.current_assets.liquid_assets.bank";

interface Upload {
  statement: ParsedStatement;
  fileName: string | null;
  accountId: number | undefined;
}

/** The file and its statement(s), checked; every problem in one 422. */
async function readUpload(executor: Executor, company: CompanyAccess, body: unknown): Promise<Upload> {
  const errors = new ValidationErrors();
  const attributes = readWritePayload(BankStatementPayload, body, { timeZone: company.timeZone }, errors);
  let statement: ParsedStatement | undefined;
  if (!errors.has("attachment")) {
    const decoded = attributes.attachment == null ? null : decodeBase64(attributes.attachment);
    if (decoded === null) errors.add("attachment", { key: "blankFile" });
    else if (!decoded.ok) errors.add("attachment", decoded.problem);
    else {
      try {
        statement = oneAccount(readStatementFile(decoded.value));
      } catch (error) {
        if (!(error instanceof StatementProblem)) throw error;
        errors.add("attachment", error.problem);
      }
    }
  }
  let fileName: string | null = null;
  if (attributes.attachment_file_name != null && !errors.has("attachment_file_name")) {
    const checked = checkFileName(attributes.attachment_file_name);
    if (checked.ok) fileName = checked.value;
    else errors.add("attachment_file_name", checked.problem);
  }
  let accountId: number | undefined;
  if (attributes.account_id != null && !errors.has("account_id")) {
    const account = await resolveAccountReference(executor, company.companyId, attributes, errors);
    if (account !== undefined && !isPaymentAccount(account)) errors.add("account_id", { key: "bankOrCashAccount" });
    accountId = account?.id;
  }
  errors.throwIfAny(RESOURCE);
  if (statement === undefined) throw new Error("statement checked without a problem but missing");
  return { statement, fileName, accountId };
}

/** The statements of a file as one, when they are of one account (in the file's order). */
function oneAccount(statements: ParsedStatement[]): ParsedStatement {
  const ibans = [...new Set(statements.map((statement) => statement.iban))];
  const [first] = statements;
  const last = statements.at(-1);
  if (ibans.length > 1) throw new StatementProblem({ key: "statementAccounts", ibans });
  if (first === undefined || last === undefined) throw new StatementProblem({ key: "statementEmpty" });
  return {
    ...first,
    from: statements.map((statement) => statement.from).sort()[0] ?? first.from,
    till:
      statements
        .map((statement) => statement.till)
        .sort()
        .at(-1) ?? last.till,
    closing_balance_cents: last.closing_balance_cents,
    transactions: statements.flatMap((statement) => statement.transactions),
  };
}

/**
 * The account a statement books on: the one asked for; else the one earlier statements of its IBAN
 * used; else the bank account, while it is the company's own IBAN or no other IBAN's statements
 * are booked on it; else a bank account of its own for the IBAN, made under the bank.
 */
async function bookingAccount(executor: Executor, companyId: number, upload: Upload): Promise<number> {
  if (upload.accountId !== undefined) return upload.accountId;
  const { iban } = upload.statement;
  const earlier = await accountOfIban(executor, companyId, iban);
  if (earlier !== undefined) return earlier;
  const bank = (await accountIdsByPath(executor, companyId, [BANK_PATH])).get(BANK_PATH);
  if (bank === undefined) throw new Error(`company ${companyId} has no bank account in its chart`);
  const ownIban = (await companyDetails(executor, companyId))?.iban ?? null;
  const bankTaken = ownIban !== null ? ownIban !== iban : await accountHasStatements(executor, companyId, bank);
  if (!bankTaken) return bank;
  return paymentSubAccount(
    executor,
    companyId,
    BANK_PATH,
    iban.toLowerCase(),
    `Bank ${iban.replace(/(.{4})(?=.)/g, "$1 ")}`,
  );
}

/** The transaction as the matching rules read it. */
function matchable(transaction: ParsedTransaction): MatchablePayment {
  return {
    amountCents: BigInt(transaction.amount_cents),
    date: transaction.booking_date,
    counterpartyIban: transaction.counterparty_iban,
    counterpartyName: transaction.counterparty_name,
    texts: [transaction.reference, transaction.remittance, transaction.end_to_end_id],
  };
}

/** The statement's payments, each linked to the one open document it certainly settles (matching.ts). */
async function bankPayments(
  executor: Executor,
  company: CompanyAccess,
  statement: ParsedStatement,
): Promise<BankPayment[]> {
  const documents = await findOpenDocuments(executor, company.companyId);
  const taken = new Set<string>();
  const prints = fingerprints(statement.transactions);
  return statement.transactions.map((transaction, index) => {
    const settles = certainMatch(matchable(transaction), company.companyId, documents, taken);
    return {
      amountCents: transaction.amount_cents,
      description: paymentDescription(transaction),
      paidAt: parseDateTime(transaction.booking_date, company.timeZone) ?? `${transaction.booking_date}T00:00:00.000Z`,
      fingerprint: prints[index] ?? "",
      details: {
        booking_date: transaction.booking_date,
        value_date: transaction.value_date,
        counterparty_name: transaction.counterparty_name,
        counterparty_iban: transaction.counterparty_iban,
        end_to_end_id: transaction.end_to_end_id,
        reference: transaction.reference,
        remittance: transaction.remittance,
      },
      settles: settles === null ? null : { type: settles.type, id: settles.id },
    };
  });
}

async function present(executor: Executor, row: BankStatementRow): Promise<BankStatement> {
  const booked = await accountBalanceCents(executor, row.company_id, row.account_id, row.till_date);
  return {
    id: row.id,
    format: row.format === "mt940" ? "mt940" : "camt.053",
    iban: row.iban,
    currency: row.currency,
    from: row.from_date,
    till: row.till_date,
    opening_balance: centsToDecimal(row.opening_balance_cents),
    closing_balance: centsToDecimal(row.closing_balance_cents),
    transactions_count: row.transactions_count,
    new_count: row.new_count,
    duplicates_count: row.duplicates_count,
    matched_count: row.matched_count,
    ledger_difference: centsToDecimal(BigInt(row.closing_balance_cents) - booked),
    account_id: row.account_id,
    attachment_file_name: row.file_name,
  };
}

export async function importBankStatement(
  deps: ServiceDeps,
  company: CompanyAccess,
  body: unknown,
): Promise<BankStatement> {
  return deps.db.transaction().execute(async (transaction) => {
    await holdUntilCommit(transaction, "bankImportsOfCompany", company.companyId);
    const upload = await readUpload(transaction, company, body);
    const { statement } = upload;
    const accountId = await bookingAccount(transaction, company.companyId, upload);
    const row = await insertBankStatement(transaction, {
      company_id: company.companyId,
      account_id: accountId,
      format: statement.format,
      iban: statement.iban,
      currency: statement.currency,
      from_date: statement.from,
      till_date: statement.till,
      opening_balance_cents: statement.opening_balance_cents,
      closing_balance_cents: statement.closing_balance_cents,
      transactions_count: statement.transactions.length,
      new_count: 0,
      duplicates_count: 0,
      matched_count: 0,
      file_name: upload.fileName,
      created_at: deps.now().toISOString(),
    });
    const payments = await bankPayments(transaction, company, statement);
    const counts = await insertBankPayments(transaction, company, row.id, accountId, payments);
    const counted = await setStatementCounts(transaction, row.id, {
      new_count: counts.newCount,
      duplicates_count: counts.duplicatesCount,
      matched_count: counts.matchedCount,
    });
    return present(transaction, counted);
  });
}

export async function listCompanyBankStatements(
  deps: ServiceDeps,
  company: CompanyAccess,
  paging: Paging,
): Promise<Page<BankStatement>> {
  const { rows, total } = await listBankStatements(deps.db, company.companyId, paging);
  return { items: await Promise.all(rows.map((row) => present(deps.db, row))), total, paging };
}

export async function showBankStatement(
  deps: ServiceDeps,
  company: CompanyAccess,
  statementId: number,
): Promise<BankStatement> {
  const row = await findBankStatement(deps.db, company.companyId, statementId);
  if (row === undefined) throw notFound(RESOURCE);
  return present(deps.db, row);
}
