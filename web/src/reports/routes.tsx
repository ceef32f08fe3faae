/**
 * The reports' pages under /app/{company}/reports, each loaded when first opened (its own chunk),
 * so the app's first download stays what the daily work needs; the dashboard, the home page,
 * is not among them.
 */
import type { RouteObject } from "react-router";

export const REPORT_ROUTES: RouteObject[] = [
  { path: "reports", lazy: async () => ({ Component: (await import("./ReportsPage.js")).ReportsPage }) },
  {
    path: "reports/profit-and-loss",
    lazy: async () => ({ Component: (await import("./ProfitAndLossReport.js")).ProfitAndLossReport }),
  },
  {
    path: "reports/balance-sheet",
    lazy: async () => ({ Component: (await import("./BalanceSheetReport.js")).BalanceSheetReport }),
  },
  {
    path: "reports/trial-balance",
    lazy: async () => ({ Component: (await import("./TrialBalanceReport.js")).TrialBalanceReport }),
  },
  {
    path: "reports/general-ledger",
    lazy: async () => ({ Component: (await import("./GeneralLedgerReport.js")).GeneralLedgerReport }),
  },
  {
    path: "reports/receivables",
    lazy: async () => {
      const { OpenItemsReport } = await import("./OpenItemsReport.js");
      return { Component: () => <OpenItemsReport kind="receivables" /> };
    },
  },
  {
    path: "reports/payables",
    lazy: async () => {
      const { OpenItemsReport } = await import("./OpenItemsReport.js");
      return { Component: () => <OpenItemsReport kind="payables" /> };
    },
  },
  { path: "reports/mileage", lazy: async () => ({ Component: (await import("./MileageReport.js")).MileageReport }) },
];
