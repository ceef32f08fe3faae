/**
 * `kasboek books backfill`: opens the books of companies that existed before the ledger — the
 * accounts the chart gained and a posting for everything published or recorded that the books do
 * not hold yet (modules/books-backfill). Safe to run at any time and again: what is posted stays
 * as it is. `kasboek serve` logs a warning while a company still needs it. A company that fails
 * (a posting into a period a filed VAT return locked) is reported and left as it was; the others
 * are opened, and the command then exits with status 1.
 */
import { type BackfillResult, backfillCompanyBooks, companiesToBackfill } from "../modules/books-backfill/service.js";
import { describeFailure, parseCommand, printJson, stringOption, UsageError, withDatabase } from "./shared.js";

const USAGE = `Usage:
  kasboek books backfill [--company COMPANY_ID] [--json]

backfill gives every company (or the one given) the accounts of the default chart it lacks, and
posts each published invoice and expense, payment and manual entry the books hold no posting of,
as the ledger posts them today. Postings already in the books are left as they are, so running it
again changes nothing. Needed once after upgrading an installation that ran before the ledger;
kasboek serve logs a warning while it is.`;

interface CompanyOutcome {
  company_id: number;
  posted?: { sales_invoices: number; expenses: number; payments: number; journal_entries: number };
  error?: string;
}

const describePosted = (result: BackfillResult) =>
  `${result.salesInvoices} invoices, ${result.expenses} expenses, ${result.payments} payments, ` +
  `${result.journalEntries} manual entries posted`;

async function backfill(argv: string[]): Promise<void> {
  const parsed = parseCommand(argv, {
    usage: USAGE,
    options: { company: { type: "string" }, json: { type: "boolean" } },
  });
  if (parsed === null) return;
  const companyText = stringOption(parsed, "company");
  if (companyText !== undefined && !/^\d+$/.test(companyText)) {
    throw new UsageError(`--company takes a numeric COMPANY_ID, got "${companyText}"`);
  }
  const json = parsed.values.json === true;
  const outcomes = await withDatabase(async (deps) => {
    const companies = await companiesToBackfill(deps, companyText === undefined ? undefined : Number(companyText));
    if (companyText !== undefined && companies.length === 0) throw new UsageError(`No company with id ${companyText}`);
    const done: CompanyOutcome[] = [];
    for (const company of companies) {
      try {
        const result = await backfillCompanyBooks(deps, company);
        done.push({
          company_id: company.id,
          posted: {
            sales_invoices: result.salesInvoices,
            expenses: result.expenses,
            payments: result.payments,
            journal_entries: result.journalEntries,
          },
        });
        if (!json) process.stdout.write(`Company ${company.id}: ${describePosted(result)}.\n`);
      } catch (error) {
        done.push({ company_id: company.id, error: describeFailure(error) });
        if (!json) process.stderr.write(`Company ${company.id}: not opened: ${describeFailure(error)}\n`);
      }
    }
    return done;
  });
  if (json) printJson({ companies: outcomes });
  const failed = outcomes.filter((outcome) => outcome.error !== undefined).length;
  if (failed > 0)
    throw new Error(`${failed} of ${outcomes.length} companies could not be opened; nothing of theirs changed`);
}

export async function booksCommand(argv: string[]): Promise<void> {
  const [action, ...rest] = argv;
  if (action === "backfill") return backfill(rest);
  if (action === undefined || action === "--help" || action === "-h") {
    process.stdout.write(`${USAGE}\n`);
    if (action === undefined) throw new UsageError("books needs an action: backfill");
    return;
  }
  throw new UsageError(`Unknown books action "${action}"\n\n${USAGE}`);
}
