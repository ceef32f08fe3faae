/**
 * Receivables and payables on a date: the published sales invoices and expenses dated up to then
 * on which something is still open, counting the payments linked to them and paid by the end of
 * that day (in the company's time zone), per contact with aging buckets by days past due.
 * Sales invoices are due on their due date; expenses, which have none, on their own date.
 * Totals are bigint cents: open items add up past the 2^53 cents a number holds exactly. A summary
 * (`summary=true`) answers the same totals and buckets with no contacts, summed by the database,
 * so its cost does not grow with the answer: a dashboard's figure at 100k open invoices.
 */
import type { CompanyAccess } from "../../platform/access.js";
import { dateInTimeZone, endOfDate } from "../../platform/dates.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { centsToDecimal } from "../../platform/money.js";
import { contactSnapshot, contactsByIds } from "../contacts/service.js";
import {
  findOpenExpenses,
  findOpenSalesInvoices,
  type OpenDocumentRow,
  sumOpenItemsByAge,
} from "./open-items-store.js";
import { type AGING_BUCKETS, ageOpenItems, agingBounds, type BucketCents, type OpenItem } from "./rules.js";
import type { OpenItems } from "./schemas.js";

type Buckets = Pick<OpenItems, (typeof AGING_BUCKETS)[number]>;

function presentBuckets(buckets: BucketCents): Buckets {
  return {
    not_due: centsToDecimal(buckets.not_due),
    "1_30": centsToDecimal(buckets["1_30"]),
    "31_60": centsToDecimal(buckets["31_60"]),
    "61_90": centsToDecimal(buckets["61_90"]),
    over_90: centsToDecimal(buckets.over_90),
  };
}

function frozenName(cachedContact: string | null): string | null {
  if (cachedContact === null) return null;
  const copy = JSON.parse(cachedContact) as { name?: unknown };
  return typeof copy.name === "string" ? copy.name : null;
}

/** Contact names: the copy frozen into the document, else the live contact's. */
async function contactNames(
  deps: ServiceDeps,
  companyId: number,
  rows: readonly OpenDocumentRow[],
): Promise<Map<number, string | null>> {
  const names = new Map<number, string | null>();
  const missing = rows.flatMap((row) => {
    names.set(row.id, frozenName(row.cached_contact));
    return row.cached_contact === null && row.contact_id !== null ? [row.contact_id] : [];
  });
  if (missing.length === 0) return names;
  const live = await contactsByIds(deps.db, companyId, missing);
  for (const row of rows) {
    const contact = row.contact_id === null ? undefined : live.get(row.contact_id);
    if (row.cached_contact === null && contact !== undefined) names.set(row.id, contactSnapshot(contact).name);
  }
  return names;
}

/** The report's date (today when left out) and whether only its totals are asked for. */
export interface OpenItemsRequest {
  date?: string;
  summary?: boolean;
}

/** Only the totals, summed by the database: no contacts, however many documents are open. */
async function openItemsSummary(
  deps: ServiceDeps,
  company: CompanyAccess,
  kind: "sales_invoice" | "expense",
  date: string,
): Promise<OpenItems> {
  const paidBefore = endOfDate(date, company.timeZone);
  const sums = await sumOpenItemsByAge(deps.db, company.companyId, kind, date, paidBefore, agingBounds(date));
  return { date, contacts: [], total: centsToDecimal(sums.total_cents), ...presentBuckets(sums.buckets) };
}

async function openItemsReport(
  deps: ServiceDeps,
  company: CompanyAccess,
  requested: OpenItemsRequest,
  kind: "sales_invoice" | "expense",
  openCents: (row: OpenDocumentRow) => bigint,
): Promise<OpenItems> {
  const date = requested.date ?? dateInTimeZone(deps.now(), company.timeZone);
  if (requested.summary === true) return openItemsSummary(deps, company, kind, date);
  const find = kind === "sales_invoice" ? findOpenSalesInvoices : findOpenExpenses;
  const rows = await find(deps.db, company.companyId, date, endOfDate(date, company.timeZone));
  const names = await contactNames(deps, company.companyId, rows);
  const items: OpenItem[] = rows.map((row) => ({
    contact_id: row.contact_id,
    contact_name: names.get(row.id) ?? null,
    document_id: row.id,
    invoice_number: row.invoice_number,
    date: row.date,
    due_date: row.due_date,
    open_cents: openCents(row),
  }));
  const aged = ageOpenItems(items, date);
  return {
    date,
    contacts: aged.contacts.map((contact) => ({
      contact_id: contact.contact_id,
      name: contact.name,
      total: centsToDecimal(contact.total_cents),
      ...presentBuckets(contact.buckets),
      items: contact.items.map((item) => ({
        document_id: item.document_id,
        invoice_number: item.invoice_number,
        date: item.date,
        due_date: item.due_date,
        open_amount: centsToDecimal(item.open_cents),
        days_past_due: item.days_past_due,
      })),
    })),
    total: centsToDecimal(aged.total_cents),
    ...presentBuckets(aged.buckets),
  };
}

/** What customers owe: total − payments received (a negative amount: we owe the customer). */
export function receivablesReport(deps: ServiceDeps, company: CompanyAccess, requested: OpenItemsRequest) {
  return openItemsReport(
    deps,
    company,
    requested,
    "sales_invoice",
    (row) => BigInt(row.price_with_vat_cents) - row.paid_cents,
  );
}

/** What is owed to suppliers: total + payments (paid out money is negative). */
export function payablesReport(deps: ServiceDeps, company: CompanyAccess, requested: OpenItemsRequest) {
  return openItemsReport(
    deps,
    company,
    requested,
    "expense",
    (row) => BigInt(row.price_with_vat_cents) + row.paid_cents,
  );
}
