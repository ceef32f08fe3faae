/**
 * Builds the HTTP application: the shared conventions, access control, and every resource
 * module, registered explicitly (one line each). No autoloading, no container.
 */
import type { FastifyInstance } from "fastify";
import type { PoolStats } from "./db/dialect.js";
import { registerAccountPageRoutes } from "./modules/account-pages/routes.js";
import { registerAccountRoutes } from "./modules/accounts/routes.js";
import { registerAttachmentRoutes } from "./modules/attachments/routes.js";
import { registerBankStatementRoutes } from "./modules/bank-statements/routes.js";
import { registerBookkeepingSettingsRoutes } from "./modules/bookkeeping-settings/routes.js";
import { registerCompanyRoutes } from "./modules/companies/routes.js";
import { companyAccess } from "./modules/companies/service.js";
import { registerContactRoutes } from "./modules/contacts/routes.js";
import { EXPENSE_ATTACHMENTS, registerExpenseRoutes } from "./modules/expenses/routes.js";
import { registerExportRoutes } from "./modules/exports/routes.js";
import { registerHealthRoutes } from "./modules/health/routes.js";
import type { ReadinessCheck } from "./modules/health/service.js";
import { registerHourRoutes } from "./modules/hours/routes.js";
import { registerIcpReturnRoutes } from "./modules/icp-returns/routes.js";
import { idempotencyStore } from "./modules/idempotency/service.js";
import { registerJournalEntryRoutes } from "./modules/journal-entries/routes.js";
import { registerOAuthRoutes } from "./modules/oauth/routes.js";
import { registerOpenApiRoutes } from "./modules/openapi/routes.js";
import { unsentMessageCount } from "./modules/outbox/service.js";
import { registerPaymentBookingRoutes } from "./modules/payment-bookings/routes.js";
import { registerPaymentRoutes } from "./modules/payments/routes.js";
import { registerProductRoutes } from "./modules/products/routes.js";
import { registerQuotationSigningRoutes } from "./modules/quotation-signing/routes.js";
import { registerQuotationRoutes } from "./modules/quotations/routes.js";
import { registerReportRoutes } from "./modules/reports/routes.js";
import { registerRideRoutes } from "./modules/rides/routes.js";
import { registerSalesInvoiceRoutes, SALES_INVOICE_ATTACHMENTS } from "./modules/sales-invoices/routes.js";
import { registerSessionRoutes } from "./modules/sessions/routes.js";
import { instanceSecretKey } from "./modules/sessions/service.js";
import { registerTemplateRoutes } from "./modules/templates/routes.js";
import { authenticateToken } from "./modules/tokens/service.js";
import { registerUserRoutes } from "./modules/users/routes.js";
import { registerVatReturnRoutes } from "./modules/vat-returns/routes.js";
import { registerVatTypeRoutes } from "./modules/vat-types/routes.js";
import { registerWebAppRoutes } from "./modules/web-app/routes.js";
import { registerAccessControl } from "./platform/access.js";
import { cachedAccessLookups } from "./platform/access-cache.js";
import type { ServiceDeps } from "./platform/deps.js";
import { createHttpServer, type HttpServerOptions } from "./platform/http.js";
import { registerIdempotency } from "./platform/idempotency.js";
import { createMetrics, registerRequestMetrics } from "./platform/metrics.js";
import { registerPageCookies } from "./platform/pages/cookies.js";
import { registerCsrfProtection } from "./platform/pages/csrf.js";
import { registerPageAssets } from "./platform/pages/respond.js";
import { isHttpsAddress } from "./platform/transport-security.js";

/** What `kasboek serve` adds for running in production; tests leave it out or set parts. */
export interface OperationsOptions {
  /** METRICS_TOKEN: unset leaves /metrics open */
  metricsToken?: string;
  /** readiness waits for these too (e.g. Redis when REDIS_URL is set) */
  readinessChecks?: readonly ReadinessCheck[];
  /** the PostgreSQL pool's occupancy, for /metrics */
  poolStats?: () => PoolStats;
  /** process metrics (CPU, memory, event loop) on /metrics */
  processMetrics?: boolean;
  /** the built web app (index.html, assets/) served at /app/; unset: /app/ says it is not built */
  webAppDirectory?: string;
  /** PUBLIC_URL as configured, the OpenAPI document's server; unset, each request's own address */
  configuredPublicUrl?: string;
}

export function buildApp(
  deps: ServiceDeps,
  options: HttpServerOptions = {},
  operations: OperationsOptions = {},
): FastifyInstance {
  // a refusal is counted once `metrics` exists: the limiter calls back only when a request comes
  let countRejection = () => {};
  const rateLimit = options.rateLimit && { onRejected: () => countRejection(), ...options.rateLimit };
  const app = createHttpServer({
    ...options,
    ...(rateLimit ? { rateLimit } : {}),
    httpsSite: options.httpsSite ?? isHttpsAddress(deps.publicUrl),
  });
  const metrics = createMetrics({
    outboxBacklog: () => unsentMessageCount(deps.db),
    poolStats: operations.poolStats,
    processMetrics: operations.processMetrics,
    log: app.log,
  });
  countRejection = metrics.countRateLimitRejection;
  registerRequestMetrics(app, metrics);
  registerAccessControl(
    app,
    cachedAccessLookups(
      app,
      {
        authenticateToken: (token) => authenticateToken(deps, token),
        companyAccess: (companyId, userId) => companyAccess(deps, companyId, userId),
      },
      deps.now,
    ),
  );
  registerIdempotency(app, idempotencyStore(deps));
  registerPageCookies(app, () => instanceSecretKey(deps));
  registerCsrfProtection(app);
  registerPageAssets(app);

  registerUserRoutes(app, deps);
  registerCompanyRoutes(app, deps);
  registerVatTypeRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerTemplateRoutes(app, deps);
  registerRideRoutes(app, deps);
  registerContactRoutes(app, deps);
  registerHourRoutes(app, deps);
  registerPaymentRoutes(app, deps);
  registerPaymentBookingRoutes(app, deps);
  registerBankStatementRoutes(app, deps);
  registerJournalEntryRoutes(app, deps);
  registerProductRoutes(app, deps);
  registerSalesInvoiceRoutes(app, deps);
  registerAttachmentRoutes(app, deps, SALES_INVOICE_ATTACHMENTS);
  registerQuotationRoutes(app, deps);
  registerQuotationSigningRoutes(app, deps);
  registerExpenseRoutes(app, deps);
  registerAttachmentRoutes(app, deps, EXPENSE_ATTACHMENTS);
  registerBookkeepingSettingsRoutes(app, deps);
  registerVatReturnRoutes(app, deps);
  registerIcpReturnRoutes(app, deps);
  registerReportRoutes(app, deps);
  registerExportRoutes(app, deps);
  registerSessionRoutes(app, deps);
  registerAccountPageRoutes(app, deps);
  registerOAuthRoutes(app, deps);
  registerOpenApiRoutes(app, { publicUrl: operations.configuredPublicUrl });
  registerWebAppRoutes(app, operations.webAppDirectory);
  registerHealthRoutes(app, deps, {
    metrics,
    metricsToken: operations.metricsToken,
    readinessChecks: operations.readinessChecks,
  });
  return app;
}
