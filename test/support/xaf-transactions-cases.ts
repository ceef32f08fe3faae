/**
 * Hand-made ledger entries that take every branch of the auditfile's transaction writer
 * (src/modules/exports/xaf-transactions.ts), with the chart and relations they name. The files
 * xaf-transactions.4.0.xml and .3.2.xml beside this one are what the string writer that came
 * before it wrote for them, byte for byte.
 */
import type { AccountRow } from "../../src/modules/accounts/store.js";
import type { EntryRow } from "../../src/modules/exports/store-entries.js";

export const CHART_ROWS: AccountRow[] = [
  {
    id: 1,
    company_id: 1,
    parent_id: null,
    name: "Debiteuren",
    path_name: "",
    path: "activa.current_assets.receivables.debtors",
    reference: "B1.2.2",
    type: null,
    is_payment_account: 0,
    is_ledger_account: 1,
  },
  {
    id: 2,
    company_id: 1,
    parent_id: null,
    name: "Omzet",
    path_name: "",
    path: "profit.revenue.sales",
    reference: "P2.3",
    type: null,
    is_payment_account: 0,
    is_ledger_account: 1,
  },
  {
    id: 3,
    company_id: 1,
    parent_id: null,
    name: "Af te dragen btw hoog",
    path_name: "",
    path: "passiva.current_liabilities.vat.high",
    reference: "B2.3.2.1",
    type: null,
    is_payment_account: 0,
    is_ledger_account: 1,
  },
  {
    id: 4,
    company_id: 1,
    parent_id: null,
    name: "Voorbelasting",
    path_name: "",
    path: "activa.current_assets.vat.input",
    reference: "B1.4",
    type: null,
    is_payment_account: 0,
    is_ledger_account: 1,
  },
  {
    id: 5,
    company_id: 1,
    parent_id: null,
    name: "Kosten",
    path_name: "",
    path: "profit.costs.other_costs.misc",
    reference: "P4.9",
    type: null,
    is_payment_account: 0,
    is_ledger_account: 1,
  },
  {
    id: 6,
    company_id: 1,
    parent_id: null,
    name: "Crediteuren",
    path_name: "",
    path: "passiva.current_liabilities.creditors",
    reference: "B2.1",
    type: null,
    is_payment_account: 0,
    is_ledger_account: 1,
  },
  {
    id: 7,
    company_id: 1,
    parent_id: null,
    name: "Bank",
    path_name: "",
    path: "activa.current_assets.liquid_assets.bank",
    reference: "B1.1 bank",
    type: null,
    is_payment_account: 1,
    is_ledger_account: 1,
  },
];

export const RELATIONS: ReadonlyMap<number, string> = new Map([
  [10, "K00010"],
  [11, "L&<11>"],
]);

const ODD = "  A & B <c> 'd' \"e\" ü€😀\u0001\ttab  ";
const BIG = 1_000_000_000_000_000;

export const ENTRIES: EntryRow[] = [
  // an invoice: debtor on the entry's contact, revenue, 21 % VAT, a 0 % line in 1e
  {
    id: 1,
    date: "2026-01-31",
    description: "Factuur F2026-001",
    source_type: "sales_invoice",
    source_id: 41,
    contact_id: 10,
    lines: "1,,12100,0,,,;2,,0,10000,,,;3,,0,2100,1a,10000,2100;2,,0,5000,1e,5000,",
  },
  // its credit note: every side turned
  {
    id: 2,
    date: "2026-02-01",
    description: "Factuur F2026-002",
    source_type: "sales_invoice",
    source_id: 42,
    contact_id: 10,
    lines: "1,,0,12100,,,;2,,10000,0,,,;3,,2100,0,1a,-10000,-2100",
  },
  // an expense: input VAT tagged without a base (5b over profit and loss), supplier on the line
  {
    id: 3,
    date: "2026-03-15",
    description: null,
    source_type: "expense",
    source_id: 7,
    contact_id: null,
    lines: "5,,10000,0,,,;4,,2100,0,5b,,2100;6,11,0,12100,,,",
  },
  // reverse charge at a rate no VAT type has, an account outside the chart, an unknown relation
  {
    id: 4,
    date: "2026-04-30",
    description: ODD,
    source_type: "expense",
    source_id: 8,
    contact_id: 99,
    lines: "5,,333,0,4a,333,70;4,,70,0,4a,,70;99,12,0,403,,,",
  },
  // a memo with odd text and a long document reference; a payment without description
  {
    id: 5,
    date: "2026-05-01",
    description: `${"x".repeat(300)} `,
    source_type: "sales_invoice",
    source_id: 43,
    contact_id: null,
    lines: "7,,5,0,,,;2,,0,5,,,",
  },
  {
    id: 6,
    date: "2026-06-30",
    description: null,
    source_type: "payment",
    source_id: 9,
    contact_id: 10,
    lines: "7,,12100,0,,,;1,10,0,12100,,,",
  },
  {
    id: 7,
    date: "2026-07-01",
    description: ODD,
    source_type: "journal_entry",
    source_id: 3,
    contact_id: null,
    lines: null,
  },
  // sums past 2^53 in one box: the exact path
  {
    id: 8,
    date: "2026-12-31",
    description: "Groot",
    source_type: "journal_entry",
    source_id: 4,
    contact_id: null,
    lines: [...Array<string>(10).fill(`5,,${BIG},0,1a,${BIG},${BIG / 5}`), `6,,0,${BIG},,,`].join(";"),
  },
  {
    id: 9,
    date: "2026-08-01",
    description: "vat return",
    source_type: "vat_return",
    source_id: 2026,
    contact_id: null,
    lines: "3,,2100,0,,,;6,,0,2100,,,",
  },
];
