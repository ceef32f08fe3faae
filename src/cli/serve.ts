/**
 * `kasboek serve`: migrates, then serves the API on HOST:PORT until SIGINT/SIGTERM, closing
 * connections and the database cleanly. On an empty database it says how to get a token. With
 * SMTP_URL set it also runs the mail sender, which delivers the outbox after each commit.
 */
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/connection.js";
import { migrateToLatest } from "../db/migrate.js";
import { type OutboxSender, startOutboxSender } from "../modules/outbox/sender.js";
import { type AttachmentRenderers, attachmentsFromRenderers } from "../modules/outbox/service.js";
import { salesInvoiceMailAttachments } from "../modules/sales-invoices/service.js";
import { hasUsers } from "../modules/users/service.js";
import type { ServiceDeps } from "../platform/deps.js";
import { parseCommand } from "./shared.js";

const USAGE = `Usage: kasboek serve

Runs the HTTP API. Environment: DATABASE_URL (default sqlite:./data/kasboek.sqlite),
PORT (default 3000), HOST (default 127.0.0.1), LOG_LEVEL (default info),
SMTP_URL (e.g. smtp://127.0.0.1:2525 or smtps://user:password@mail.example.com:465;
unset: e-mail is queued but not sent until a server runs with it),
MAIL_FROM (default "Kasboek <no-reply@localhost>"),
TRUST_PROXY (true behind a reverse proxy, default false),
PUBLIC_URL (the address customers reach this service at, for quotation signing links;
default http://HOST:PORT).`;

/** What each kind of document attaches to its e-mail, by outbox `document_type`. */
const ATTACHMENT_RENDERERS: AttachmentRenderers = { sales_invoice: salesInvoiceMailAttachments };

export async function serveCommand(argv: string[]): Promise<void> {
  if (parseCommand(argv, { usage: USAGE }) === null) return;
  const config = loadConfig();
  const handle = openDatabase(config.DATABASE_URL);
  await migrateToLatest(handle.db);
  const smtpUrl = config.SMTP_URL;
  // The sender starts after listen, but requests may commit mail before that: the late-bound
  // nudge is a no-op until then, and the sender's first pass picks those messages up.
  let outbox: OutboxSender | null = null;
  const deps: ServiceDeps = {
    db: handle.db,
    now: () => new Date(),
    publicUrl: config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`,
    ...(config.SESSION_SECRET === undefined ? {} : { sessionSecret: config.SESSION_SECRET }),
    ...(smtpUrl === undefined ? {} : { nudgeOutbox: () => outbox?.nudge() }),
  };
  const app = buildApp(deps, { logger: { level: config.LOG_LEVEL }, trustProxy: config.TRUST_PROXY });

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

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await outbox?.stop();
    await handle.close();
  };
  process.once("SIGINT", () => void shutdown());
  process.once("SIGTERM", () => void shutdown());

  await app.listen({ port: config.PORT, host: config.HOST });

  if (smtpUrl !== undefined && !closing) {
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
