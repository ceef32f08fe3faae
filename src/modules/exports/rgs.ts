/**
 * The RGS reference code (Referentie GrootboekSchema 3.3) of each account of our default chart
 * that has one, by path. Pure data.
 *
 * Only codes that a source settles are here: those the RGS 3.3 workbook gives the account's role
 * (docs/bookkeeping.md 3.2 lists the accounts the postings use), and BMvaTevVvp and BMvaObeVvp,
 * read in the same workbook's generated copy (ddegraaf-max/factuur `resources/data/rgs33.php`).
 * Grouping accounts (activa, vaste activa, …) and accounts no source names (stock, loans,
 * personnel, the VAT helper accounts H…) have none: an RGS code is an agreement between packages,
 * and a guessed one looks exactly like a real one until an accountant's import rejects it.
 *
 * Each code is used once: XAF 4.0 rule [0003] wants RGScode unique per file.
 */
export const RGS_VERSION = "3.3";

export const RGS_BY_PATH: Readonly<Record<string, string>> = {
  "activa.fixed_assets.inventory": "BMvaObeVvp",
  "activa.fixed_assets.vehicles": "BMvaTevVvp",
  "activa.current_assets.liquid_assets.bank": "BLimBanRba",
  "activa.current_assets.liquid_assets.cash": "BLimKasKas",
  "activa.current_assets.debtors": "BVorDebHad",
  "activa.current_assets.vat_to_claim": "BSchBepBtwVoo",
  "activa.current_assets.other_receivables": "BVorOvrOvk",
  "passiva.equity.capital": "BEivKapOnd",
  "passiva.equity.private_withdrawals": "BEivKapPro",
  "passiva.equity.private_deposits": "BEivKapPrs",
  "passiva.equity.result": "BEivOreRvh",
  "passiva.current_liabilities.creditors": "BSchCreHac",
  "passiva.current_liabilities.vat_to_pay.high": "BSchBepBtwOla",
  "passiva.current_liabilities.vat_to_pay.low": "BSchBepBtwOlv",
  "passiva.current_liabilities.vat_to_pay.other_rates": "BSchBepBtwOlo",
  "passiva.current_liabilities.vat_to_pay.private_use": "BSchBepBtwOop",
  "passiva.current_liabilities.vat_to_pay.reverse_charged": "BSchBepBtwOlw",
  "passiva.current_liabilities.vat_to_pay.outside_eu": "BSchBepBtwOlb",
  "passiva.current_liabilities.vat_to_pay.within_eu": "BSchBepBtwOlu",
  "passiva.current_liabilities.vat_settlement": "BSchBepBtwOvm",
  "passiva.current_liabilities.other_payables": "BSchOvsOvs",
  "passiva.current_liabilities.unallocated_receipts": "BSchOpaOop",
  "profit.costs.housing": "WBedHuiBeh",
  "profit.costs.selling.advertising": "WBedVkkRea",
  "profit.costs.selling.representation": "WBedVkkRep",
  "profit.costs.other_costs.phone_internet": "WBedKanTef",
  "profit.costs.other_costs.administration": "WBedKanBoe",
  "profit.costs.other_costs.subscriptions": "WBedKanCea",
  "profit.costs.other_costs.office_materials": "WBedKanKan",
  "profit.costs.other_costs.misc": "WBedAlkOal",
  "profit.costs.purchased_stock": "WKprInhInh",
  "profit.costs.third_parties_work": "WKprKuwKuw",
  "profit.costs.interest_costs": "WFbeOrlRkb",
  "profit.costs.payment_differences": "WBedAdlBet",
  "profit.costs.rounding_differences": "WBedAdlBov",
  "profit.revenue.high": "WOmzNodOdh",
  "profit.revenue.low": "WOmzNodOdl",
  "profit.revenue.other_rates": "WOmzNodOdo",
  "profit.revenue.zero_rated": "WOmzNodOdg",
  "profit.revenue.reverse_charged": "WOmzNodOdv",
  "profit.revenue.export": "WOmzNopOln",
  "profit.revenue.within_eu_goods": "WOmzNohOli",
  "profit.revenue.within_eu_services": "WOmzNodOdi",
  "profit.revenue.exempt": "WOmzNodNod",
};
