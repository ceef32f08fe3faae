/**
 * How the books become the auditfile's parts: the chart with its RGS codes, the VAT codes, the
 * opening balance, a contact as a customer or supplier, and an entry as a transaction with its
 * lines and their VAT. No database: auditfile.ts reads, this shapes, xaf.ts writes.
 *
 * Invariants: every ledger line is one trLine with its signed amount (debit positive) unchanged;
 * a line carries a VAT element where it carries VAT, or a base in a 0 % box; the opening balance
 * keeps every balance-sheet account's balance and closes earlier years' profit and loss into the
 * result account, so it balances as the books do.
 */
import type { companyChart } from "../accounts/service.js";
import { type ContactRow, presentContact } from "../contacts/service.js";
import { LEDGER_ACCOUNTS, OUTPUT_VAT_ACCOUNTS } from "../ledger/service.js";
import { RGS_BY_PATH } from "./rgs.js";
import {
  accountTypeOf,
  documentReference,
  isZeroRateBox,
  type LineRow,
  linesOf,
  periodOf,
  sourceReference,
  splitStreetAddress,
  sumOfCents,
  VAT_BOX_CODES,
  vatPercentage,
  type XafVersion,
} from "./rules.js";
import type { EntryRow } from "./store.js";
import { transaction, type XafAddress, type XafLine, type XafRelation } from "./xaf.js";

type AccountRow = Awaited<ReturnType<typeof companyChart>>[number];

export function addressOf(row: {
  address: string | null;
  zipcode: string | null;
  city: string | null;
  country_code: string | null;
}): XafAddress | null {
  if ([row.address, row.zipcode, row.city].every((part) => part === null || part.trim() === "")) return null;
  const street = splitStreetAddress(row.address ?? "");
  return { ...street, city: row.city, postalCode: row.zipcode, country: row.country_code };
}

/** The chart as the auditfile names it: reference as accID, RGS code, parent as 3.2's lead. */
export function chartOf(chart: readonly AccountRow[]) {
  const byId = new Map(chart.map((account) => [account.id, account]));
  const accounts = chart.map((account) => {
    const parent = account.parent_id === null ? undefined : byId.get(account.parent_id);
    return {
      id: account.reference,
      description: account.name,
      type: accountTypeOf(account.path),
      rgsCode: RGS_BY_PATH[account.path] ?? null,
      parent: parent === undefined ? null : { id: parent.reference, description: parent.name },
    };
  });
  const referenceOf = (accountId: number) => byId.get(accountId)?.reference ?? String(accountId);
  const idOfPath = (accountPath: string) => chart.find((account) => account.path === accountPath)?.id;
  return { accounts, referenceOf, idOfPath, byId };
}

export type Chart = ReturnType<typeof chartOf>;

export function vatCodesOf(chart: Chart) {
  const referenceOfPath = (accountPath: string) => {
    const id = chart.idOfPath(accountPath);
    return id === undefined ? null : chart.referenceOf(id);
  };
  const inputVat = referenceOfPath(LEDGER_ACCOUNTS.inputVat);
  return VAT_BOX_CODES.map(({ box, description }) => {
    const owed = box in OUTPUT_VAT_ACCOUNTS ? OUTPUT_VAT_ACCOUNTS[box as keyof typeof OUTPUT_VAT_ACCOUNTS] : undefined;
    const selfAssessed = box === "2a" || box === "4a" || box === "4b";
    return {
      id: box,
      description,
      toPayAccountId: owed === undefined ? null : referenceOfPath(owed),
      toClaimAccountId: box === "5b" || selfAssessed ? inputVat : null,
    };
  });
}

/** Balances before the year; profit and loss of earlier years closed into the result account. */
export function openingLines(chart: Chart, balances: ReadonlyMap<number, bigint>) {
  const resultId = chart.idOfPath("passiva.equity.result");
  const folded = new Map<number, bigint>();
  for (const [accountId, cents] of balances) {
    const account = chart.byId.get(accountId);
    const isProfit = account !== undefined && accountTypeOf(account.path) === "P";
    const target = isProfit && resultId !== undefined ? resultId : accountId;
    folded.set(target, (folded.get(target) ?? 0n) + cents);
  }
  return [...folded]
    .filter(([, cents]) => cents !== 0n)
    .sort(([left], [right]) => left - right)
    .map(([accountId, cents]) => ({ accountId: chart.referenceOf(accountId), cents }));
}

export function relationOf(
  contact: ContactRow,
  id: string,
  use: { sold: boolean; bought: boolean },
  balance: { openingCents: bigint; closingCents: bigint },
): XafRelation {
  const type = use.sold && use.bought ? "B" : use.sold ? "C" : use.bought ? "S" : contact.is_supplier ? "S" : "C";
  return {
    id,
    name: presentContact(contact).name,
    email: contact.contact_person_email_address,
    kvkNumber: contact.kvk_number,
    country: contact.country_code,
    vatNumber: contact.vat_number,
    type,
    openingCents: balance.openingCents,
    closingCents: balance.closingCents,
    address: addressOf(contact),
  };
}

/** The XAF line of each ledger line; VAT elements where the line carries VAT or a 0 % box. */
function transactionLines(
  entry: EntryRow,
  lines: readonly LineRow[],
  chart: Chart,
  relationIds: ReadonlyMap<number, string>,
): XafLine[] {
  const base = new Map<string, number[]>();
  const vat = new Map<string, number[]>();
  // input VAT (5b) is tagged without a base: its base is what the entry puts in profit and loss
  const profitAndLoss: number[] = [];
  for (const line of lines) {
    const account = chart.byId.get(line.account_id);
    if (account !== undefined && accountTypeOf(account.path) === "P") {
      profitAndLoss.push(line.debit_cents - line.credit_cents);
    }
    if (line.vat_box === null) continue;
    base.set(line.vat_box, [...(base.get(line.vat_box) ?? []), line.vat_base_cents ?? 0]);
    vat.set(line.vat_box, [...(vat.get(line.vat_box) ?? []), line.vat_cents ?? 0]);
  }
  const totalOf = (parts: readonly number[] | undefined) => BigInt(sumOfCents(parts ?? []));
  if (totalOf(base.get("5b")) === 0n) base.set("5b", profitAndLoss);
  const reference = documentReference(entry.source_type, entry.source_id, entry.description);
  return lines.map((line) => {
    // one positive side per line, each a safe integer: their difference is exact
    const cents = line.debit_cents - line.credit_cents;
    const box = line.vat_box;
    const carriesVat = box !== null && line.vat_cents !== null;
    const lineVat =
      box === null || !(carriesVat || isZeroRateBox(box))
        ? null
        : {
            id: box,
            percentage: vatPercentage(totalOf(base.get(box)), totalOf(vat.get(box))),
            // the VAT is on this line's side of the entry
            cents: carriesVat ? Math.sign(cents) * Math.abs(line.vat_cents ?? 0) : 0,
          };
    const contactId = line.contact_id ?? entry.contact_id;
    return {
      accountId: chart.referenceOf(line.account_id),
      documentReference: reference,
      date: entry.date,
      // the transaction's desc says it once; on every line it was a fifth of the file
      description: null,
      cents,
      relationId: contactId === null ? null : (relationIds.get(contactId) ?? null),
      vat: lineVat,
    };
  });
}

/** Each entry of a page as its transaction's text. */
export function* transactionsOf(
  version: XafVersion,
  entries: readonly EntryRow[],
  chart: Chart,
  relationIds: ReadonlyMap<number, string>,
): Generator<string> {
  for (const entry of entries) {
    yield transaction(version, {
      number: String(entry.id),
      description: entry.description,
      period: periodOf(entry.date),
      date: entry.date,
      source: sourceReference(entry.source_type, entry.source_id),
      lines: transactionLines(entry, linesOf(entry.lines), chart, relationIds),
    });
  }
}
