/**
 * Wire shapes of the bookkeeper's reports (issue 11, part 5). Amounts are decimal strings, signed
 * where a balance can be either way; dates `YYYY-MM-DD`. A report tree node is an account (or a
 * line the report adds, with `account_id` and `path` null) with its amount and its child nodes.
 */
import { type Static, Type } from "@sinclair/typebox";
import { Nullable, ResponseObject } from "../../platform/fields.js";

export const ReportNodeSchema = Type.Recursive(
  (Node) =>
    ResponseObject({
      account_id: Nullable.integer(),
      path: Nullable.string(),
      name: Nullable.string(),
      amount: Nullable.string(),
      accounts: Type.Array(Node),
    }),
  { $id: "ReportNode" },
);
export type ReportNode = Static<typeof ReportNodeSchema>;

export const TrialBalanceSchema = ResponseObject({
  date: Nullable.date(),
  accounts: Type.Array(
    ResponseObject({
      account_id: Nullable.integer(),
      path: Nullable.string(),
      name: Nullable.string(),
      debit: Nullable.string(),
      credit: Nullable.string(),
      balance: Nullable.string(),
    }),
  ),
  total_debit: Nullable.string(),
  total_credit: Nullable.string(),
});

export const ProfitAndLossSchema = ResponseObject({
  from: Nullable.date(),
  till: Nullable.date(),
  revenue: ReportNodeSchema,
  costs: ReportNodeSchema,
  total_revenue: Nullable.string(),
  total_costs: Nullable.string(),
  result: Nullable.string(),
});

export const BalanceSheetSchema = ResponseObject({
  date: Nullable.date(),
  assets: ReportNodeSchema,
  liabilities_and_equity: ReportNodeSchema,
  result: Nullable.string(),
  retained_result: Nullable.string(),
  total_assets: Nullable.string(),
  total_liabilities_and_equity: Nullable.string(),
});

export const MovementSchema = ResponseObject({
  id: Nullable.integer(),
  entry_id: Nullable.integer(),
  date: Nullable.date(),
  description: Nullable.string(),
  source_type: Nullable.string(),
  source_id: Nullable.integer(),
  contact_id: Nullable.integer(),
  debit: Nullable.string(),
  credit: Nullable.string(),
  balance: Nullable.string(),
});

export const GeneralLedgerSchema = ResponseObject({
  account_id: Nullable.integer(),
  path: Nullable.string(),
  name: Nullable.string(),
  from: Nullable.date(),
  till: Nullable.date(),
  opening_balance: Nullable.string(),
  movements: Type.Array(MovementSchema),
  total_debit: Nullable.string(),
  total_credit: Nullable.string(),
  closing_balance: Nullable.string(),
});

const agingFields = {
  not_due: Nullable.string(),
  "1_30": Nullable.string(),
  "31_60": Nullable.string(),
  "61_90": Nullable.string(),
  over_90: Nullable.string(),
};

export const OpenItemsSchema = ResponseObject({
  date: Nullable.date(),
  contacts: Type.Array(
    ResponseObject({
      contact_id: Nullable.integer(),
      name: Nullable.string(),
      total: Nullable.string(),
      ...agingFields,
      items: Type.Array(
        ResponseObject({
          document_id: Nullable.integer(),
          invoice_number: Nullable.string(),
          date: Nullable.date(),
          due_date: Nullable.date(),
          open_amount: Nullable.string(),
          days_past_due: Nullable.integer(),
        }),
      ),
    }),
  ),
  total: Nullable.string(),
  ...agingFields,
});

export const MileageSchema = ResponseObject({
  year: Nullable.integer(),
  business_km: Nullable.integer(),
  private_km: Nullable.integer(),
  rate: Nullable.string(),
  deductible_amount: Nullable.string(),
});

export type TrialBalance = Static<typeof TrialBalanceSchema>;
export type ProfitAndLoss = Static<typeof ProfitAndLossSchema>;
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
