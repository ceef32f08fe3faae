/**
 * The description of every API operation: what it does in a few sentences, for the reference and
 * for the doc comment a client generator puts above the method. Most of it follows from what the
 * route declares (a list pages, a write takes the wrapper, a delete answers 204, a file is not
 * JSON, the scope); what is particular to one operation (publishing, a state it moves, what may
 * not be deleted) is its note below, or the route's own `schema.description`.
 *
 * Invariant: every note names an operation the app has; the document is not built otherwise, so
 * a renamed route cannot leave its note behind unseen.
 */
import { MAX_PER_PAGE } from "../../platform/params.js";
import type { CataloguedRoute } from "../../platform/route-catalogue.js";
import { errorTypesOf } from "./errors.js";
import { type OperationNames, withArticle } from "./names.js";

const NESTED_LINES =
  "In `invoice_lines` a line without `id` is added, a line with its `id` changes only the fields sent, " +
  "`_destroy: true` with its `id` removes it, and lines left out stay as they are.";

/** What only one operation does, by operationId, beside what its route declares. */
export const OPERATION_NOTES: Record<string, string> = {
  getMe: "The name and e-mail address of the user the token belongs to.",
  createCompany: "The token's user becomes its owner; the company's plan decides how many it may have.",
  deleteCompany: "Deletes the company with all its books. Only its owner may.",
  listVatTypes: "The VAT rates and schemes a line can have: those valid on or after `since` (default today).",
  listAccounts: "The chart of accounts; an account's `path` names it on lines and payments (`account_path`).",
  deleteContact: "A contact a published document names cannot be deleted (422).",
  createSalesInvoice:
    "The invoice is a concept unless `_publish` is true: publishing gives it its number, books it and freezes " +
    "it. A new `contact` may be sent instead of `contact_id`. Totals are computed from the lines.",
  updateSalesInvoice:
    "`_publish: true` publishes a concept (a published invoice is a 422). `payments` records payments of the " +
    `invoice. ${NESTED_LINES} A published invoice's lines, contact, date and amounts no longer change.`,
  deleteSalesInvoice: "Only a concept can be deleted; a published invoice is corrected with a credit invoice (422).",
  createQuotation: "The quotation is a concept unless `_publish` is true, which numbers it and makes it final.",
  updateQuotation:
    "One trigger at a time moves its status: `_publish` (a concept), `_approve` and `_deny` (once published), " +
    `\`_invoice\` (published or approved: makes a concept sales invoice of it). ${NESTED_LINES}`,
  deleteQuotation: "Only a concept can be deleted (422 otherwise).",
  createExpense: "The expense is a concept unless `state` is `published`, which numbers and books it.",
  updateExpense: `\`state: "published"\` publishes a concept; a published expense stays published. ${NESTED_LINES}`,
  deleteExpense: "Only a concept can be deleted (422 otherwise).",
  listPayments: "Without `selection`, only the unbooked ones: payments not linked to an invoice or expense yet.",
  createPayment:
    "Records money received (positive) or paid (negative) on the bank or cash account given by `account_id` or " +
    "`account_path`, and books it.",
  createJournalEntry: "The lines' debits and credits must balance; each line has either a debit or a credit amount.",
  updateJournalEntry:
    "In `lines` a line without `id` is added, one with its `id` changed, one with `_destroy: true` removed; " +
    "the entry must still balance.",
  createHour: "Give a start (and usually an end), or a `duration` in hours; a `pause` in hours is taken off.",
  getBookkeepingSettings:
    "How the books are kept: the VAT return's rounding, the VAT period and the small-business scheme (KOR).",
  updateBookkeepingSettings: "A setting cannot be emptied (null is a 422): each always has a value.",
  createVatReturn:
    "Files the return of a period that is over: the return is stored as computed, the VAT is settled in the " +
    "ledger, and nothing can be booked into the period afterwards.",
  getVatReturn: "An open period's return is computed from the books as they are now; a filed one is what was filed.",
  listVatReturnLines: "The posted ledger lines whose VAT box is `box`, with their base and VAT amounts.",
  getIcpReturn: "Intra-community supplies of goods and services in the period, per customer VAT number.",
  getReportTrialBalance: "Every account's debit, credit and balance on `date`.",
  getReportProfitAndLoss: "Revenue and costs between `from` and `till`, as a tree of accounts.",
  getReportBalanceSheet: "Assets, liabilities and equity on `date`, as a tree of accounts.",
  listReportGeneralLedger:
    "The movements of one account (`account_id` or `account_path`) between `from` and `till`, with its " +
    "opening and closing balance.",
  getReportReceivables: "What customers still owe on `date`, per contact, by days past due.",
  getReportPayables: "What is still owed to suppliers on `date`, per contact, by days past due.",
  getReportMileage: "Business and private kilometres of `year`, and the deductible amount.",
  getOpenapi: "This document: generate a client from it. No token needed.",
  getOpenapiYaml: "This document as YAML. No token needed.",
};

/** `manage:contacts` → "Needs the scope `manage:contacts`." */
const scopeSentence = (route: CataloguedRoute) =>
  route.config.access === undefined ? "" : `Needs the scope \`${route.config.access.scope}\`.`;

function wrapperOf(route: CataloguedRoute): string | undefined {
  const body = route.schema.body as { properties?: Record<string, unknown> } | undefined;
  return Object.keys(body?.properties ?? {})[0];
}

/** The sentences that follow from the route's declarations. */
function declaredSentences(route: CataloguedRoute, names: OperationNames): string[] {
  const { verb, subject } = names;
  const wrapper = wrapperOf(route);
  const file = route.schema.file;
  const sentences: string[] = [];
  if (file !== undefined) {
    if (file.contentType !== "application/json") {
      sentences.push(`Answers the file itself (${file.contentType === "*/*" ? "its own type" : file.contentType}).`);
    }
  } else if (verb === "list") {
    sentences.push(
      `Answers one page of the ${subject} (\`page\` from 1, \`per_page\` at most ${MAX_PER_PAGE}); ` +
        "`X-Total` says how many match the filters.",
    );
  } else if (verb === "get" && names.isItem) {
    sentences.push(`Answers the ${subject} ${route.url.endsWith(":period") ? "of this period" : "with this id"}.`);
  } else if (verb === "create" && wrapper !== undefined) {
    sentences.push(
      `Creates ${withArticle(subject)} from the attributes under \`${wrapper}\`: those left out take their ` +
        "defaults, read-only ones are ignored, and every invalid one is named in one 422. Answers it as stored.",
    );
  } else if (verb === "update" && wrapper !== undefined) {
    sentences.push(
      `Changes the attributes sent under \`${wrapper}\`; those left out keep their value. ` +
        `Answers the ${subject} as stored.`,
    );
  } else if (verb === "delete") {
    sentences.push(`Deletes the ${subject}; answers 204 without a body.`);
  }
  // the 404 the route documents: an id that is not there, or is another company's
  if (errorTypesOf(route).has(404)) sentences.push("An id that is not there, or is another company's, is a 404.");
  return sentences;
}

/** The operation's description: declared facts, its note or the route's own words, the scope. */
export function operationDescription(route: CataloguedRoute, names: OperationNames): string {
  const own = route.schema.description ?? OPERATION_NOTES[names.operationId];
  return [...declaredSentences(route, names), ...(own === undefined ? [] : [own]), scopeSentence(route)]
    .filter((sentence) => sentence !== "")
    .join(" ");
}

/** Throws for a note whose operation the app does not have (a renamed or removed route). */
export function checkOperationNotes(operationIds: ReadonlySet<string>): void {
  const orphans = Object.keys(OPERATION_NOTES).filter((operationId) => !operationIds.has(operationId));
  if (orphans.length > 0) throw new Error(`descriptions.ts has notes for no operation: ${orphans.join(", ")}`);
}
