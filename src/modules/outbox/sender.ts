/**
 * Delivers queued mail after commit. Invariants:
 * - a message is sent only by the holder of its lease, taken with one conditional UPDATE, so two
 *   passes or processes never send the same message at the same time;
 * - delivery is at least once: `sent_at` is written after the SMTP server accepted the message,
 *   so a crash in between sends it again once the lease expires (the Message-ID is stable per
 *   row, so receivers can recognise the duplicate); a sent row is kept as the record;
 * - every failure (rendering attachments, connecting, a rejection) is retried with exponential
 *   backoff capped at 6 h, forever; a message that keeps failing is logged as an error;
 * - one pass at a time per sender; `stop()` lets the message being sent finish and takes no new
 *   lease, so after it returns this process holds no lease and shutdown may close the database.
 */
import { createTransport } from "nodemailer";
import type { Executor } from "../../db/connection.js";
import type { Attachment, OutboxMessage } from "./service.js";
import { claimMessage, findDueMessageIds, markMessageFailed, markMessageSent } from "./store.js";

export interface OutboxLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DeliveryOptions {
  db: Executor;
  /** smtp://host:port or smtps://user:password@host:port, options as nodemailer reads them */
  smtpUrl: string;
  from: string;
  now?: () => Date;
  attachmentsFor: (message: OutboxMessage) => Promise<Attachment[]>;
  log?: OutboxLog;
  /** how long a claim lasts; it must outlast rendering plus one SMTP conversation */
  leaseMs?: number;
  /** deliver only this company's messages (tests, one-off operator runs) */
  companyId?: number;
}

export interface SenderOptions extends DeliveryOptions {
  pollIntervalMs?: number;
}

/** What publishing code needs: a way to wake the sender after its transaction committed. */
export interface OutboxNudger {
  nudge(): void;
}

export interface OutboxSender extends OutboxNudger {
  stop(): Promise<void>;
}

export interface DeliveryResult {
  sent: number;
  failed: number;
}

type Transport = ReturnType<typeof createTransport>;

const DEFAULT_POLL_INTERVAL_MS = 5_000;
const DEFAULT_LEASE_MS = 5 * 60_000;
const BATCH_SIZE = 50;
const RETRY_BASE_MS = 30_000;
const RETRY_CAP_MS = 6 * 60 * 60_000;
/** 30 s × (2^10 − 1) ≈ 8.5 h of trying: past that a person should look */
const ALERT_AFTER_ATTEMPTS = 10;
const MAX_ERROR_LENGTH = 500;
// Well inside the lease, so a hung server fails the attempt before another process may claim it.
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

function openTransport(smtpUrl: string): Transport {
  return createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
}

/** One pass over everything due now. */
export async function deliverDueMessages(options: DeliveryOptions): Promise<DeliveryResult> {
  const transport = openTransport(options.smtpUrl);
  try {
    return await deliverWith(transport, options);
  } finally {
    transport.close();
  }
}

async function deliverWith(
  transport: Transport,
  options: DeliveryOptions,
  stopping: () => boolean = () => false,
): Promise<DeliveryResult> {
  const now = options.now ?? (() => new Date());
  const result: DeliveryResult = { sent: 0, failed: 0 };
  // A message retried within this pass (a short backoff under a slow pass) waits for the next
  // pass, so a pass always ends.
  const seen = new Set<number>();
  for (;;) {
    const due = await findDueMessageIds(options.db, now().toISOString(), BATCH_SIZE, options.companyId);
    const fresh = due.filter((id) => !seen.has(id));
    if (fresh.length === 0) return result;
    for (const id of fresh) {
      // the rest stays unclaimed for the next pass, here or in another process
      if (stopping()) return result;
      seen.add(id);
      const outcome = await deliverOne(transport, options, now, id);
      if (outcome === "sent") result.sent += 1;
      if (outcome === "failed") result.failed += 1;
    }
  }
}

async function deliverOne(
  transport: Transport,
  options: DeliveryOptions,
  now: () => Date,
  messageId: number,
): Promise<"sent" | "failed" | "taken"> {
  const claimedAt = now();
  const leaseUntil = new Date(claimedAt.getTime() + (options.leaseMs ?? DEFAULT_LEASE_MS)).toISOString();
  const message = await claimMessage(options.db, messageId, claimedAt.toISOString(), leaseUntil);
  if (message === undefined) return "taken";
  try {
    const attachments = await options.attachmentsFor(message);
    await transport.sendMail({
      from: options.from,
      to: message.recipient,
      subject: message.subject,
      text: message.body_text,
      messageId: stableMessageId(message, options.from),
      attachments,
    });
  } catch (error) {
    await recordFailure(options, now, message, leaseUntil, error);
    return "failed";
  }
  await markMessageSent(options.db, message.id, now().toISOString());
  options.log?.info(
    { outboxMessageId: message.id, documentType: message.document_type, documentId: message.document_id },
    "mail sent",
  );
  return "sent";
}

async function recordFailure(
  options: DeliveryOptions,
  now: () => Date,
  message: OutboxMessage,
  leaseUntil: string,
  error: unknown,
): Promise<void> {
  const attempts = message.attempts + 1;
  const delayMs = Math.min(RETRY_BASE_MS * 2 ** (attempts - 1), RETRY_CAP_MS);
  const nextAttemptAt = new Date(now().getTime() + delayMs).toISOString();
  const lastError = describeError(error, options.smtpUrl);
  const released = await markMessageFailed(options.db, message.id, leaseUntil, { attempts, lastError, nextAttemptAt });
  const details = { outboxMessageId: message.id, attempts, nextAttemptAt, error: lastError, released };
  if (attempts >= ALERT_AFTER_ATTEMPTS) {
    options.log?.error(details, "mail keeps failing; still retrying");
  } else {
    options.log?.info(details, "mail not sent; will retry");
  }
}

function stableMessageId(message: OutboxMessage, from: string): string {
  const domain = /@([^\s>]+)/.exec(from)?.[1] ?? "localhost";
  return `<outbox-${message.id}.${Date.parse(message.created_at)}@${domain}>`;
}

/** One line, bounded, and without the SMTP password: it is stored and shown to operators. */
export function describeError(error: unknown, smtpUrl: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const code =
    typeof error === "object" && error !== null && "code" in error && typeof error.code === "string" ? error.code : "";
  let text = (code !== "" && !message.includes(code) ? `${code}: ${message}` : message).replace(/\s+/g, " ").trim();
  for (const secret of passwordsIn(smtpUrl)) text = text.split(secret).join("***");
  text = text.replace(/\/\/[^\s/@:]*:[^\s/@]*@/g, "//***@");
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

function passwordsIn(smtpUrl: string): string[] {
  try {
    const raw = new URL(smtpUrl).password;
    return [raw, decodeURIComponent(raw)].filter((secret) => secret.length > 0);
  } catch {
    return [];
  }
}

/** Delivers now, on every nudge, and every poll interval, until stopped. */
export function startOutboxSender(options: SenderOptions): OutboxSender {
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const transport = openTransport(options.smtpUrl);
  let stopped = false;
  let running: Promise<void> | null = null;
  // a nudge during a pass may concern a message the pass already looked past
  let nudgedWhileRunning = false;
  let timer: NodeJS.Timeout | undefined;

  const pass = (): void => {
    if (stopped) return;
    if (running !== null) {
      nudgedWhileRunning = true;
      return;
    }
    clearTimeout(timer);
    running = deliverWith(transport, options, () => stopped)
      .then(
        (result) => {
          if (result.sent + result.failed > 0) options.log?.info(result, "outbox pass finished");
        },
        (error: unknown) => {
          options.log?.error({ error: describeError(error, options.smtpUrl) }, "outbox pass failed");
        },
      )
      .finally(() => {
        running = null;
        if (stopped) return;
        if (nudgedWhileRunning) {
          nudgedWhileRunning = false;
          pass();
        } else {
          timer = setTimeout(pass, pollIntervalMs);
          // the sender alone must not keep the process alive
          timer.unref();
        }
      });
  };

  pass();
  return {
    nudge: pass,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
