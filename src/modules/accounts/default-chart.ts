/**
 * The default Dutch chart of accounts every new company starts with. Paths and references are
 * the stable identifiers integrations use (they include every one the reference API shows);
 * names are ours. Parents come before their children; `path_name` is derived in `rules.ts`.
 *
 * Types: `balance` for balance-sheet accounts, `revenue` and `costs` for profit-and-loss, and
 * no type for the helper accounts that only carry the bases of the VAT return (references H…).
 */

export type AccountType = "balance" | "revenue" | "costs" | null;

export interface ChartAccount {
  reference: string;
  path: string;
  name: string;
  type: AccountType;
  /** bank and cash accounts, on which payments are booked */
  payment?: boolean;
}

const vatRateAccounts = (parentReference: string, parentPath: string, withOldLow: boolean): ChartAccount[] => [
  { reference: `${parentReference}.1`, path: `${parentPath}.vat_high`, name: "Btw hoog tarief", type: null },
  withOldLow
    ? { reference: `${parentReference}.2`, path: `${parentPath}.vat_low`, name: "Btw oud laag tarief (6%)", type: null }
    : { reference: `${parentReference}.2`, path: `${parentPath}.vat_low_new`, name: "Btw laag tarief", type: null },
  { reference: `${parentReference}.3`, path: `${parentPath}.vat_zero`, name: "Btw nultarief", type: null },
  { reference: `${parentReference}.4`, path: `${parentPath}.vat_none`, name: "Vrijgesteld van btw", type: null },
  { reference: `${parentReference}.5`, path: `${parentPath}.vat_reverse_charged`, name: "Btw verlegd", type: null },
];

/** One liability account per box of output VAT, in the order of the return (1a 1b 1c 1d 2a 4a 4b). */
const VAT_BOX_ACCOUNTS: ReadonlyArray<readonly [string, string]> = [
  ["high", "Btw af te dragen hoog tarief (1a)"],
  ["low", "Btw af te dragen laag tarief (1b)"],
  ["other_rates", "Btw af te dragen overige tarieven (1c)"],
  ["private_use", "Btw privégebruik (1d)"],
  ["reverse_charged", "Btw verlegd naar ons (2a)"],
  ["outside_eu", "Btw leveringen en diensten van buiten de EU (4a)"],
  ["within_eu", "Btw leveringen en diensten uit de EU (4b)"],
];

/** Revenue per box of the return (docs/bookkeeping.md 3.2), so profit and loss and the return reconcile. */
const REVENUE_BOX_ACCOUNTS: ReadonlyArray<readonly [string, string]> = [
  ["high", "Omzet hoog tarief"],
  ["low", "Omzet laag tarief"],
  ["other_rates", "Omzet overige tarieven"],
  ["zero_rated", "Omzet 0% binnenland"],
  ["reverse_charged", "Omzet btw verlegd binnenland"],
  ["export", "Omzet export buiten de EU"],
  ["within_eu_goods", "Omzet intracommunautaire leveringen"],
  ["within_eu_services", "Omzet diensten binnen de EU"],
  ["distance_sales", "Omzet installatie en afstandsverkopen"],
  ["exempt", "Omzet vrijgesteld of buiten de heffing"],
];

export const DEFAULT_CHART: readonly ChartAccount[] = [
  { reference: "B1", path: "activa", name: "Activa", type: "balance" },
  { reference: "B1.1", path: "activa.fixed_assets", name: "Vaste activa", type: "balance" },
  { reference: "B1.1.1", path: "activa.fixed_assets.inventory", name: "Inventaris", type: "balance" },
  { reference: "B1.1.2", path: "activa.fixed_assets.vehicles", name: "Vervoermiddelen", type: "balance" },
  { reference: "B1.1.3", path: "activa.fixed_assets.computers", name: "Computers en software", type: "balance" },
  { reference: "B1.2", path: "activa.current_assets", name: "Vlottende activa", type: "balance" },
  { reference: "B1.2.1", path: "activa.current_assets.liquid_assets", name: "Liquide middelen", type: "balance" },
  {
    reference: "B1.2.1.1",
    path: "activa.current_assets.liquid_assets.bank",
    name: "Bank",
    type: "balance",
    payment: true,
  },
  {
    reference: "B1.2.1.2",
    path: "activa.current_assets.liquid_assets.cash",
    name: "Kas",
    type: "balance",
    payment: true,
  },
  { reference: "B1.2.2", path: "activa.current_assets.debtors", name: "Debiteuren", type: "balance" },
  { reference: "B1.2.3", path: "activa.current_assets.stock", name: "Voorraad", type: "balance" },
  {
    reference: "B1.2.4",
    path: "activa.current_assets.vat_to_claim",
    name: "Te vorderen btw (voorbelasting)",
    type: "balance",
  },
  {
    reference: "B1.2.5",
    path: "activa.current_assets.other_receivables",
    name: "Overige vorderingen",
    type: "balance",
  },
  { reference: "B2", path: "passiva", name: "Passiva", type: "balance" },
  { reference: "B2.1", path: "passiva.equity", name: "Eigen vermogen", type: "balance" },
  { reference: "B2.1.1", path: "passiva.equity.capital", name: "Ondernemingsvermogen", type: "balance" },
  { reference: "B2.1.2", path: "passiva.equity.private_withdrawals", name: "Privé-opnamen", type: "balance" },
  { reference: "B2.1.3", path: "passiva.equity.private_deposits", name: "Privé-stortingen", type: "balance" },
  { reference: "B2.1.4", path: "passiva.equity.result", name: "Resultaat boekjaar", type: "balance" },
  { reference: "B2.2", path: "passiva.long_term_liabilities", name: "Langlopende schulden", type: "balance" },
  { reference: "B2.2.1", path: "passiva.long_term_liabilities.loans", name: "Leningen", type: "balance" },
  { reference: "B2.3", path: "passiva.current_liabilities", name: "Kortlopende schulden", type: "balance" },
  { reference: "B2.3.1", path: "passiva.current_liabilities.creditors", name: "Crediteuren", type: "balance" },
  { reference: "B2.3.2", path: "passiva.current_liabilities.vat_to_pay", name: "Af te dragen btw", type: "balance" },
  ...VAT_BOX_ACCOUNTS.map(([suffix, name], index) => ({
    reference: `B2.3.2.${index + 1}`,
    path: `passiva.current_liabilities.vat_to_pay.${suffix}`,
    name,
    type: "balance" as const,
  })),
  {
    reference: "B2.3.3",
    path: "passiva.current_liabilities.vat_settlement",
    name: "Btw-afrekening met de Belastingdienst",
    type: "balance",
  },
  {
    reference: "B2.3.4",
    path: "passiva.current_liabilities.other_payables",
    name: "Overige schulden",
    type: "balance",
  },
  {
    reference: "B2.3.5",
    path: "passiva.current_liabilities.unallocated_receipts",
    name: "Nog te verdelen ontvangsten",
    type: "balance",
  },
  { reference: "P", path: "profit", name: "Winst en verlies", type: null },
  { reference: "P1", path: "profit.costs", name: "Kosten", type: "costs" },
  { reference: "P1.1", path: "profit.costs.housing", name: "Huisvesting", type: "costs" },
  { reference: "P1.2", path: "profit.costs.vehicle", name: "Auto en vervoer", type: "costs" },
  { reference: "P1.3", path: "profit.costs.personnel", name: "Personeel", type: "costs" },
  { reference: "P1.4", path: "profit.costs.selling", name: "Verkoopkosten", type: "costs" },
  { reference: "P1.4.1", path: "profit.costs.selling.advertising", name: "Reclame en advertenties", type: "costs" },
  { reference: "P1.4.2", path: "profit.costs.selling.representation", name: "Representatie", type: "costs" },
  { reference: "P1.4.3", path: "profit.costs.selling.promotional_gifts", name: "Relatiegeschenken", type: "costs" },
  { reference: "P1.5", path: "profit.costs.other_costs", name: "Algemene kosten", type: "costs" },
  { reference: "P1.5.1", path: "profit.costs.other_costs.phone_internet", name: "Telefoon en internet", type: "costs" },
  {
    reference: "P1.5.2",
    path: "profit.costs.other_costs.administration",
    name: "Administratie en advies",
    type: "costs",
  },
  { reference: "P1.5.3", path: "profit.costs.other_costs.literature", name: "Vakliteratuur", type: "costs" },
  { reference: "P1.5.4", path: "profit.costs.other_costs.education", name: "Cursussen en opleiding", type: "costs" },
  {
    reference: "P1.5.5",
    path: "profit.costs.other_costs.subscriptions",
    name: "Abonnementen en contributies",
    type: "costs",
  },
  {
    reference: "P1.5.6",
    path: "profit.costs.other_costs.office_materials",
    name: "Kantoorbenodigdheden",
    type: "costs",
  },
  { reference: "P1.5.7", path: "profit.costs.other_costs.work_clothes", name: "Werkkleding", type: "costs" },
  { reference: "P1.5.8", path: "profit.costs.other_costs.misc", name: "Overige algemene kosten", type: "costs" },
  { reference: "P1.6", path: "profit.costs.depreciations", name: "Afschrijvingen", type: "costs" },
  { reference: "P1.7", path: "profit.costs.purchased_stock", name: "Inkoop handelsgoederen", type: "costs" },
  { reference: "P1.8", path: "profit.costs.third_parties_work", name: "Uitbesteed werk", type: "costs" },
  { reference: "P1.9", path: "profit.costs.interest_costs", name: "Rente en bankkosten", type: "costs" },
  {
    reference: "P1.10",
    path: "profit.costs.payment_differences",
    name: "Betalingsverschillen (kosten)",
    type: "costs",
  },
  {
    reference: "P1.11",
    path: "profit.costs.rounding_differences",
    name: "Afrondingsverschillen btw",
    type: "costs",
  },
  { reference: "P2", path: "profit.revenue", name: "Omzet", type: "revenue" },
  { reference: "P2.1", path: "profit.revenue.other", name: "Omzet algemeen", type: "revenue" },
  {
    reference: "P2.2",
    path: "profit.revenue.payment_differences",
    name: "Betalingsverschillen (opbrengst)",
    type: "revenue",
  },
  ...REVENUE_BOX_ACCOUNTS.map(([suffix, name], index) => ({
    reference: `P2.${index + 3}`,
    path: `profit.revenue.${suffix}`,
    name,
    type: "revenue" as const,
  })),
  { reference: "H1", path: "vat_to_pay_revenue", name: "Grondslag btw: omzet binnenland", type: null },
  ...vatRateAccounts("H1", "vat_to_pay_revenue", false),
  { reference: "H1.6", path: "vat_to_pay_revenue.vat_private_use", name: "Btw privégebruik", type: null },
  {
    reference: "H2",
    path: "vat_to_pay_revenue_reverse_charged_in_eu",
    name: "Grondslag btw: leveringen en diensten binnen de EU",
    type: null,
  },
  ...vatRateAccounts("H2", "vat_to_pay_revenue_reverse_charged_in_eu", false),
  {
    reference: "H3",
    path: "vat_to_pay_revenue_outside_eu",
    name: "Grondslag btw: leveringen buiten de EU",
    type: null,
  },
  ...vatRateAccounts("H3", "vat_to_pay_revenue_outside_eu", true),
  { reference: "H4", path: "vat_reverse_charged_revenue", name: "Grondslag btw: verlegd naar ons", type: null },
  {
    reference: "H5",
    path: "vat_reverse_charged_revenue_in_eu",
    name: "Grondslag btw: verlegd vanuit de EU",
    type: null,
  },
  {
    reference: "H6",
    path: "vat_reverse_charged_revenue_outside_eu",
    name: "Grondslag btw: verlegd van buiten de EU",
    type: null,
  },
];
