/**
 * `kasboek serve`: migrates, then serves the API on HOST:PORT until SIGINT/SIGTERM. On an empty
 * database it says how to get a token. With SMTP_URL set it also runs the mail sender, which
 * delivers the outbox after each commit; housekeeping deletes expired rows periodically.
 *
 * Shutdown invariants: on the first SIGTERM/SIGINT the listener closes (no new connections) once
 * the connections already waiting in its backlog are taken (platform/graceful-close.ts),
 * /health/ready answers 503, and every request already received — in flight, waiting to be
 * accepted, or arriving on a connection that was already open — is answered normally (with
 * `Connection: close`, idle keep-alive sockets closed at once), never cut
 * off and never Fastify's raw 503; the mail sender finishes the message it holds a lease on and
 * claims no more; housekeeping stops; then the database closes and the process exits 0. Should
 * any of that take longer than SHUTDOWN_GRACE_SECONDS, it logs what it gave up and exits 1.
 *
 * After listening it logs a warning while companies lack accounts of the default chart (made
 * before the ledger) and so wait for `kasboek books backfill` (modules/books-backfill), which no
 * migration runs.
 *
 * Start-up invariants (cold start is measured to the first answered request): what a request
 * does not need is not loaded — the mail sender (and nodemailer) only with SMTP_URL, ioredis only
 * with REDIS_URL, one database driver — and housekeeping's first round waits
 * HOUSEKEEPING_FIRST_ROUND_DELAY_MS, so the first requests do not share the connection with it.
 */
import { fileURLToPath } from "node:url";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/connection.js";
import { migrateToLatest } from "../db/migrate.js";
import { afterCommit } from "../db/request-transaction.js";
import { companiesAwaitingBackfill } from "../modules/books-backfill/service.js";
import { type Housekeeper, startHousekeeping } from "../modules/housekeeping/service.js";
import type { OutboxSender } from "../modules/outbox/sender.js";
import { type AttachmentRenderers, attachmentsFromRenderers } from "../modules/outbox/service.js";
import { salesInvoiceMailAttachments } from "../modules/sales-invoices/service.js";
import { hasUsers } from "../modules/users/service.js";
import type { ServiceDeps } from "../platform/deps.js";
import { gracefulClose } from "../platform/graceful-close.js";
import { createRedisClient } from "../platform/rate-limit.js";
import { parseCommand } from "./shared.js";

const USAGE = `Usage: kasboek serve

Runs the HTTP API. Environment: DATABASE_URL (default sqlite:./data/kasboek.sqlite),
PORT (default 3000), HOST (default 127.0.0.1), LOG_LEVEL (default info),
SMTP_URL (e.g. smtp://127.0.0.1:2525 or smtps://user:password@mail.example.com:465;
unset: e-mail is queued but not sent until a server runs with it),
MAIL_FROM (default "Kasboek <no-reply@localhost>"),
TRUST_PROXY (true behind a reverse proxy, default false),
PUBLIC_URL (the address customers reach this service at, for quotation signing links and
the OpenAPI document's server; default http://HOST:PORT, and the document then names the
address each request reached),
METRICS_TOKEN (bearer token GET /metrics requires; unset: /metrics is open),
SHUTDOWN_GRACE_SECONDS (how long SIGTERM waits for in-flight work, default 10),
HOUSEKEEPING_INTERVAL_SECONDS (how often expired rows are deleted, default 600; 0: never),
RATE_LIMIT_PER_MINUTE (requests a minute per token or client address, default 300; 0: off),
REDIS_URL (rate-limit counters shared by every process; unset: each process counts alone).`;

/**
 * Expired rows wait a few seconds longer after a start: nothing depends on their deletion, while
 * the first requests of a fresh process (a deploy, a restart under load) are what clients wait on.
 */
const HOUSEKEEPING_FIRST_ROUND_DELAY_MS = 30_000;

/** What each kind of document attaches to its e-mail, by outbox `document_type`. */
const ATTACHMENT_RENDERERS: AttachmentRenderers = { sales_invoice: salesInvoiceMailAttachments };

export async function serveCommand(argv: string[]): Promise<void> {
  if (parseCommand(argv, { usage: USAGE }) === null) return;
  const config = loadConfig();
  const handle = openDatabase(config.DATABASE_URL);
  // The app is built while the migrations' connection opens and their read runs (PostgreSQL
  // starts a process per connection): building touches no table, and nothing is served before
  // the migrations are done.
  const migrated = migrateToLatest(handle.db);
  // awaited below; this keeps a failure while the app is built from counting as unhandled
  migrated.catch(() => {});
  const smtpUrl = config.SMTP_URL;
  // The sender starts after listen, but requests may commit mail before that: the late-bound
  // nudge is a no-op until then, and the sender's first pass picks those messages up.
  let outbox: OutboxSender | null = null;
  const deps: ServiceDeps = {
    db: handle.db,
    now: () => new Date(),
    publicUrl: config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`,
    ...(config.SESSION_SECRET === undefined ? {} : { sessionSecret: config.SESSION_SECRET }),
    // after the request's own transaction, when one holds the whole request (Idempotency-Key)
    ...(smtpUrl === undefined ? {} : { nudgeOutbox: () => afterCommit(() => outbox?.nudge()) }),
  };
  // one Redis client for the shared rate-limit counters and the readiness check, closed last
  const redis = config.REDIS_URL === undefined ? undefined : createRedisClient(config.REDIS_URL);
  const app = buildApp(
    deps,
    {
      logger: { level: config.LOG_LEVEL },
      trustProxy: config.TRUST_PROXY,
      // Fastify's own answer during close is a bare 503 outside our envelope; requests it still
      // receives then are served normally instead (the database stays open until they are done).
      return503OnClosing: false,
      rateLimit: { perMinute: config.RATE_LIMIT_PER_MINUTE, ...(redis === undefined ? {} : { redis }) },
    },
    {
      metricsToken: config.METRICS_TOKEN,
      configuredPublicUrl: config.PUBLIC_URL,
      poolStats: handle.poolStats,
      processMetrics: true,
      // beside the bundle: `npm run build` puts the web app in dist/web/
      webAppDirectory: fileURLToPath(new URL("./web", import.meta.url)),
      readinessChecks: redis === undefined ? [] : [{ name: "Redis", probe: async () => void (await redis.ping()) }],
    },
  );

  const closeServer = gracefulClose(app, (config.SHUTDOWN_GRACE_SECONDS * 1000) / 2);

  await migrated;
  if (!(await hasUsers(deps))) {
    process.stderr.write(
      "This database has no users yet. Create one with a company and an API token:\n" +
        "  npx kasboek bootstrap --email you@example.com --company 'Your Company' --vat-number NL… --kvk … \\\n" +
        "    --address … --zipcode … --city … --iban …   (npx kasboek bootstrap --help lists every option)\n",
    );
  }
  if (smtpUrl === undefined) {
    app.log.warn("SMTP_URL is not set: e-mail is queued in outbox_messages but not sent");
  }

  let housekeeper: Housekeeper | null = null;
  let closing = false;
  const graceSeconds = config.SHUTDOWN_GRACE_SECONDS;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, graceSeconds }, "shutting down: finishing requests in flight");
    const force = setTimeout(() => {
      app.log.error({ graceSeconds }, "shutdown grace period over: exiting with work still in flight");
      process.exit(1);
    }, graceSeconds * 1000);
    // only the work still running keeps the process alive, not this deadline
    force.unref();
    try {
      await Promise.all([closeServer(), outbox?.stop(), housekeeper?.stop()]);
      redis?.disconnect();
      await handle.close();
      app.log.info("shut down cleanly");
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exitCode = 1;
    } finally {
      clearTimeout(force);
    }
  };
  // `on`, not `once`: a second signal during shutdown must not fall back to Node's default of
  // dying at once, which would cut off the requests the first one is letting finish.
  process.on("SIGINT", (signal) => void shutdown(signal));
  process.on("SIGTERM", (signal) => void shutdown(signal));

  await app.listen({ port: config.PORT, host: config.HOST });

  // after listen, so the first requests do not wait for it: it reads every company's chart
  companiesAwaitingBackfill(deps).then(
    (companies) => {
      if (companies === 0) return;
      app.log.warn(
        { companies },
        "companies lack accounts of the default chart (made before the ledger, or before the chart grew) and " +
          "may lack postings of earlier documents; their publications fail until then: run `kasboek books backfill`",
      );
    },
    (error: unknown) =>
      app.log.error({ err: error }, "could not check whether the books need `kasboek books backfill`"),
  );

  if (config.HOUSEKEEPING_INTERVAL_SECONDS > 0 && !closing) {
    housekeeper = startHousekeeping(
      deps,
      config.HOUSEKEEPING_INTERVAL_SECONDS * 1000,
      app.log.child({ component: "housekeeping" }),
      { firstRoundAfterMs: Math.min(HOUSEKEEPING_FIRST_ROUND_DELAY_MS, config.HOUSEKEEPING_INTERVAL_SECONDS * 1000) },
    );
  }

  if (smtpUrl !== undefined && !closing) {
    const { startOutboxSender } = await import("../modules/outbox/sender.js");
    // a signal may have come while the sender's code loaded: then it is not started at all
    if (closing) return;
    const log = app.log.child({ component: "outbox" });
    outbox = startOutboxSender({
      db: handle.db,
      smtpUrl,
      from: config.MAIL_FROM,
      now: deps.now,
      attachmentsFor: attachmentsFromRenderers(handle.db, ATTACHMENT_RENDERERS, log),
      log,
    });
  }
}
