/**
 * How the books become the auditfile's master data: the chart with its RGS codes, the VAT codes,
 * the opening balance and a contact as a customer or supplier. No database: auditfile.ts reads,
 * this shapes, xaf.ts writes (the entries' transactions: xaf-transactions.ts).
 *
 * Invariants: the opening balance keeps every balance-sheet account's balance and closes earlier
 * years' profit and loss into the result account, so it balances as the books do.
 */
import type { companyChart } from "../accounts/service.js";
import { type ContactRow, presentContact } from "../contacts/service.js";
import { LEDGER_ACCOUNTS, OUTPUT_VAT_ACCOUNTS } from "../ledger/service.js";
import { RGS_BY_PATH } from "./rgs.js";
import { accountTypeOf, splitStreetAddress, VAT_BOX_CODES } from "./rules.js";
import type { XafAddress, XafRelation } from "./xaf.js";

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
