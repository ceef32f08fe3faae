/**
 * Wire shapes of the bookkeeper's reports (issue 11, part 5). Amounts are decimal strings, signed
 * where a balance can be either way; dates `YYYY-MM-DD`. A report tree node is an account (or a
 * line the report adds, with `account_id` and `path` null) with its amount and its child nodes.
 */
import { type Static, Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObject } from "../../platform/fields.js";

export const ReportNodeSchema = Type.Recursive(
  (Node) =>
    ResponseObject({
      account_id: Nullable.integer(),
      path: Nullable.string(),
      name: Nullable.string(),
      amount: Filled.string(),
      accounts: Type.Array(Node),
    }),
  { $id: "ReportNode" },
);
export type ReportNode = Static<typeof ReportNodeSchema>;

export const TrialBalanceSchema = ResponseObject({
  date: Filled.date(),
  accounts: Type.Array(
    ResponseObject({
      account_id: Nullable.integer(),
      path: Nullable.string(),
      name: Nullable.string(),
      debit: Filled.string(),
      credit: Filled.string(),
      balance: Filled.string(),
    }),
  ),
  total_debit: Filled.string(),
  total_credit: Filled.string(),
});

/** One calendar month of a profit and loss with `breakdown=month`, cut to the period's own dates. */
export const MonthResultSchema = ResponseObject({
  month: Filled.string({ description: "YYYY-MM" }),
  from: Filled.date(),
  till: Filled.date(),
  total_revenue: Filled.string(),
  total_costs: Filled.string(),
  result: Filled.string(),
});

export const ProfitAndLossSchema = ResponseObject({
  from: Filled.date(),
  till: Filled.date(),
  revenue: ReportNodeSchema,
  costs: ReportNodeSchema,
  total_revenue: Filled.string(),
  total_costs: Filled.string(),
  result: Filled.string(),
  // last, so leaving it out keeps the other fields' order (fields.ts ResponseObjectWithOmissions)
  months: Type.Optional(
    Type.Array(MonthResultSchema, {
      description:
        "Only with breakdown=month: every month the period touches, oldest first, with months of no movements at zero",
    }),
  ),
});

export const BalanceSheetSchema = ResponseObject({
  date: Filled.date(),
  assets: ReportNodeSchema,
  liabilities_and_equity: ReportNodeSchema,
  result: Filled.string(),
  retained_result: Filled.string(),
  total_assets: Filled.string(),
  total_liabilities_and_equity: Filled.string(),
});

export const MovementSchema = ResponseObject({
  id: Filled.integer(),
  entry_id: Filled.integer(),
  date: Filled.date(),
  description: Nullable.string(),
  source_type: Nullable.string(),
  source_id: Nullable.integer(),
  contact_id: Nullable.integer(),
  debit: Filled.string(),
  credit: Filled.string(),
  balance: Filled.string(),
});

export const GeneralLedgerSchema = ResponseObject({
  account_id: Nullable.integer(),
  path: Nullable.string(),
  name: Nullable.string(),
  from: Filled.date(),
  till: Filled.date(),
  opening_balance: Filled.string(),
  movements: Type.Array(MovementSchema),
  total_debit: Filled.string(),
  total_credit: Filled.string(),
  closing_balance: Filled.string(),
});

const agingFields = {
  not_due: Filled.string(),
  "1_30": Filled.string(),
  "31_60": Filled.string(),
  "61_90": Filled.string(),
  over_90: Filled.string(),
};

export const OpenItemsSchema = ResponseObject({
  date: Filled.date(),
  contacts: Type.Array(
    ResponseObject({
      contact_id: Nullable.integer(),
      name: Nullable.string(),
      total: Filled.string(),
      ...agingFields,
      items: Type.Array(
        ResponseObject({
          document_id: Nullable.integer(),
          invoice_number: Nullable.string(),
          date: Filled.date(),
          due_date: Nullable.date(),
          open_amount: Filled.string(),
          days_past_due: Filled.integer(),
        }),
      ),
    }),
  ),
  total: Filled.string(),
  ...agingFields,
});

export const MileageSchema = ResponseObject({
  year: Filled.integer(),
  business_km: Filled.integer(),
  private_km: Filled.integer(),
  rate: Filled.string(),
  deductible_amount: Filled.string(),
});

export type TrialBalance = Static<typeof TrialBalanceSchema>;
export type ProfitAndLoss = Static<typeof ProfitAndLossSchema>;
export type MonthResult = Static<typeof MonthResultSchema>;
export type BalanceSheet = Static<typeof BalanceSheetSchema>;
export type GeneralLedger = Static<typeof GeneralLedgerSchema>;
export type Movement = Static<typeof MovementSchema>;
export type OpenItems = Static<typeof OpenItemsSchema>;
export type Mileage = Static<typeof MileageSchema>;

export const TrialBalanceResponse = Type.Object({ trial_balance: TrialBalanceSchema });
export const ProfitAndLossResponse = Type.Object({ profit_and_loss: ProfitAndLossSchema });
export const BalanceSheetResponse = Type.Object({ balance_sheet: BalanceSheetSchema });
export const GeneralLedgerResponse = Type.Object({ general_ledger: GeneralLedgerSchema });
export const ReceivablesResponse = Type.Object({ receivables: OpenItemsSchema });
export const PayablesResponse = Type.Object({ payables: OpenItemsSchema });
export const MileageResponse = Type.Object({ mileage: MileageSchema });
