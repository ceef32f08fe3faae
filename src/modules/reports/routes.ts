/**
 * The bookkeeper's reports (scope read:reports): trial balance, profit and loss, balance sheet,
 * general ledger (paged), receivables, payables and mileage. All are GETs inside a company.
 */
import type { FastifyInstance } from "fastify";
import { access, requireCompany } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { setPagingHeaders } from "../../platform/paging.js";
import { readPaging } from "../../platform/params.js";
import type { Query } from "../../platform/query-string.js";
import { dateParameter, listQuery } from "../../platform/route-docs.js";
import { readAccountSelector, readReportDate, readReportPeriod, readReportYear } from "./parameters.js";
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
        querystring: listQuery({ paged: false, extra: { date: dateParameter("The report's date (default: today)") } }),
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
        querystring: listQuery({
          paged: false,
          extra: {
            from: dateParameter("The first day (default: the start of this year)"),
            till: dateParameter("The last day (default: today)"),
          },
        }),
        response: { 200: ProfitAndLossResponse },
      },
    },
    async (request) => ({
      profit_and_loss: await profitAndLossReport(
        deps,
        requireCompany(request),
        readReportPeriod(request.query as Query),
      ),
    }),
  );

  app.get(
    `${BASE}/balance_sheet`,
    {
      config: reports,
      schema: {
        querystring: listQuery({ paged: false, extra: { date: dateParameter("The report's date (default: today)") } }),
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
        querystring: listQuery({
          extra: {
            account_id: { type: "integer", minimum: 1, description: "The account, by id (this or account_path)" },
            account_path: { type: "string", description: "The account, by path (this or account_id)" },
            from: dateParameter("The first day (default: the start of this year)"),
            till: dateParameter("The last day (default: today)"),
          },
        }),
        response: { 200: GeneralLedgerResponse },
      },
    },
    async (request, reply) => {
      const query = request.query as Query;
      const selector = readAccountSelector(query);
      const period = readReportPeriod(query);
      const paging = readPaging(query);
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
        querystring: listQuery({ paged: false, extra: { date: dateParameter("The report's date (default: today)") } }),
        response: { 200: ReceivablesResponse },
      },
    },
    async (request) => ({
      receivables: await receivablesReport(deps, requireCompany(request), readReportDate(request.query as Query)),
    }),
  );

  app.get(
    `${BASE}/payables`,
    {
      config: reports,
      schema: {
        querystring: listQuery({ paged: false, extra: { date: dateParameter("The report's date (default: today)") } }),
        response: { 200: PayablesResponse },
      },
    },
    async (request) => ({
      payables: await payablesReport(deps, requireCompany(request), readReportDate(request.query as Query)),
    }),
  );

  app.get(
    `${BASE}/mileage`,
    {
      config: reports,
      schema: {
        querystring: listQuery({
          paged: false,
          extra: {
            year: {
              type: "integer",
              minimum: 1000,
              maximum: 9999,
              description: "The calendar year (default: this year)",
            },
          },
        }),
        response: { 200: MileageResponse },
      },
    },
    async (request) => ({
      mileage: await mileageReport(deps, requireCompany(request), readReportYear(request.query as Query)),
    }),
  );
}
