/**
 * The bookkeeper's reports (scope read:reports): trial balance, profit and loss, balance sheet,
 * general ledger (paged), receivables, payables and mileage. All are GETs inside a company.
 */
import type { FastifyInstance } from "fastify";
import { access, requireCompany } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { setPagingHeaders } from "../../platform/paging.js";
import type { Query } from "../../platform/query-string.js";
import {
  GENERAL_LEDGER_QUERY,
  MILEAGE_QUERY,
  OPEN_ITEMS_QUERY,
  PROFIT_AND_LOSS_QUERY,
  REPORT_DATE_QUERY,
  readAccountSelector,
  readMonthBreakdown,
  readOpenItemsQuery,
  readReportDate,
  readReportPeriod,
  readReportYear,
} from "./parameters.js";
import {
  BalanceSheetResponse,
  GeneralLedgerResponse,
  MileageResponse,
  PayablesResponse,
  ProfitAndLossResponse,
  ReceivablesResponse,
  TrialBalanceResponse,
} from "./schemas.js";
import {
  balanceSheetReport,
  generalLedgerReport,
  mileageReport,
  payablesReport,
  profitAndLossReport,
  receivablesReport,
  trialBalanceReport,
} from "./service.js";

const reports = access("read:reports", "company_id");
const BASE = "/api/v1/companies/:company_id/reports";

export function registerReportRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(
    `${BASE}/trial_balance`,
    {
      config: reports,
      schema: {
        querystring: REPORT_DATE_QUERY.schema,
        response: { 200: TrialBalanceResponse },
      },
    },
    async (request) => ({
      trial_balance: await trialBalanceReport(deps, requireCompany(request), readReportDate(request.query as Query)),
    }),
  );

  app.get(
    `${BASE}/profit_and_loss`,
    {
      config: reports,
      schema: {
        querystring: PROFIT_AND_LOSS_QUERY.schema,
        response: { 200: ProfitAndLossResponse },
      },
    },
    async (request) => {
      const query = request.query as Query;
      return {
        profit_and_loss: await profitAndLossReport(deps, requireCompany(request), {
          ...readReportPeriod(query),
          months: readMonthBreakdown(query),
        }),
      };
    },
  );

  app.get(
    `${BASE}/balance_sheet`,
    {
      config: reports,
      schema: {
        querystring: REPORT_DATE_QUERY.schema,
        response: { 200: BalanceSheetResponse },
      },
    },
    async (request) => ({
      balance_sheet: await balanceSheetReport(deps, requireCompany(request), readReportDate(request.query as Query)),
    }),
  );

  app.get(
    `${BASE}/general_ledger`,
    {
      config: reports,
      schema: {
        querystring: GENERAL_LEDGER_QUERY.schema,
        // an account_id that is not one of the company's accounts
        errors: ["client.not_found.resource"],
        response: { 200: GeneralLedgerResponse },
      },
    },
    async (request, reply) => {
      const query = request.query as Query;
      const selector = readAccountSelector(query);
      const period = readReportPeriod(query);
      const paging = GENERAL_LEDGER_QUERY.read(query).paging;
      const { report, page } = await generalLedgerReport(deps, requireCompany(request), selector, period, paging);
      setPagingHeaders(reply, page);
      return { general_ledger: report };
    },
  );

  app.get(
    `${BASE}/receivables`,
    {
      config: reports,
      schema: {
        querystring: OPEN_ITEMS_QUERY.schema,
        response: { 200: ReceivablesResponse },
      },
    },
    async (request) => ({
      receivables: await receivablesReport(deps, requireCompany(request), readOpenItemsQuery(request.query as Query)),
    }),
  );

  app.get(
    `${BASE}/payables`,
    {
      config: reports,
      schema: {
        querystring: OPEN_ITEMS_QUERY.schema,
        response: { 200: PayablesResponse },
      },
    },
    async (request) => ({
      payables: await payablesReport(deps, requireCompany(request), readOpenItemsQuery(request.query as Query)),
    }),
  );

  app.get(
    `${BASE}/mileage`,
    {
      config: reports,
      schema: {
        querystring: MILEAGE_QUERY.schema,
        response: { 200: MileageResponse },
      },
    },
    async (request) => ({
      mileage: await mileageReport(deps, requireCompany(request), readReportYear(request.query as Query)),
    }),
  );
}
