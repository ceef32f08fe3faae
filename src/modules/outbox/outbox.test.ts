/**
 * The outbox against a real SMTP server on the run's database. The clock is set in the year
 * 2999 and every pass is narrowed to the test's own company, so senders in other test files
 * (real clocks) never see these messages and these passes never touch theirs.
 */
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { newCompany } from "../../../test/support/app.js";
import { type DatabaseHandle, openDatabase } from "../../db/connection.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { type DeliveryOptions, deliverDueMessages, startOutboxSender } from "./sender.js";
import { attachmentsFromRenderers, enqueueMessage, type OutboxMessage, outboxMessagesOfCompany } from "./service.js";
import { claimMessage, markMessageFailed } from "./store.js";

const T0 = new Date("2999-01-01T00:00:00.000Z");
const at = (offsetMs: number) => new Date(T0.getTime() + offsetMs);
const MINUTE = 60_000;

interface Received {
  to: string[];
  raw: string;
}

let handle: DatabaseHandle;
let deps: ServiceDeps;
let clock: Date;
let smtp: SMTPServer;
let smtpUrl: string;
let received: Received[];
let rejecting = false;

function startSmtpServer(): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!rejecting) return callback();
      callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function portOf(server: { address(): unknown }): number {
  const address = server.address();
  return typeof address === "object" && address !== null && "port" in address ? Number(address.port) : 0;
}

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = portOf(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function fakePdf(message: OutboxMessage) {
  return [
    {
      filename: `invoice-${message.document_id}.pdf`,
      content: Buffer.from("%PDF-1.4 kasboek"),
      contentType: "application/pdf",
    },
  ];
}

async function setup() {
  const { companyId } = await newCompany(deps);
  const options: DeliveryOptions = {
    db: handle.db,
    smtpUrl,
    from: "Kasboek <no-reply@kasboek.test>",
    now: () => clock,
    attachmentsFor: fakePdf,
    companyId,
  };
  const recipient = `customer-${companyId}@example.test`;
  const enqueue = (documentId: number, executor = handle.db) =>
    enqueueMessage(
      executor,
      {
        companyId,
        document: { type: "sales_invoice", id: documentId },
        recipient,
        subject: `Invoice ${documentId} of company ${companyId}`,
        bodyText: `Attached is invoice ${documentId}.`,
      },
      clock,
    );
  const rows = () => outboxMessagesOfCompany(handle.db, companyId);
  const mails = () => received.filter((mail) => mail.to.includes(recipient));
  return { companyId, options, recipient, enqueue, rows, mails };
}

beforeAll(async () => {
  handle = openDatabase(inject("databaseUrl"));
  deps = { db: handle.db, now: () => new Date() };
  received = [];
  smtp = await startSmtpServer();
  smtpUrl = `smtp://127.0.0.1:${portOf(smtp.server)}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(resolve));
  await handle.close();
});
beforeEach(() => {
  clock = T0;
  rejecting = false;
});

describe("outbox", () => {
  it("queues nothing when the enqueuing transaction rolls back", async () => {
    const { options, enqueue, rows, mails } = await setup();
    const rollback = handle.db.transaction().execute(async (transaction) => {
      await enqueue(1, transaction);
      throw new Error("publication failed");
    });
    await expect(rollback).rejects.toThrow("publication failed");
    expect(await rows()).toEqual([]);
    expect(await deliverDueMessages(options)).toEqual({ sent: 0, failed: 0 });
    expect(mails()).toEqual([]);
  });

  it("delivers a committed message exactly once, with its attachment, and keeps the row as the record", async () => {
    const { companyId, options, recipient, enqueue, rows, mails } = await setup();
    const id = await handle.db.transaction().execute((transaction) => enqueue(7, transaction));
    expect(await deliverDueMessages(options)).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDueMessages(options)).toEqual({ sent: 0, failed: 0 });

    expect(mails()).toHaveLength(1);
    const raw = mails()[0]?.raw ?? "";
    expect(raw).toContain(`Subject: Invoice 7 of company ${companyId}`);
    expect(raw).toContain("From: Kasboek <no-reply@kasboek.test>");
    expect(raw).toContain(`To: ${recipient}`);
    expect(raw).toContain(`Message-ID: <outbox-${id}.${T0.getTime()}@kasboek.test>`);
    expect(raw).toContain("Attached is invoice 7.");
    expect(raw).toMatch(/Content-Type: application\/pdf; name=invoice-7\.pdf/);
    expect(raw).toMatch(/filename=invoice-7\.pdf/);
    expect(raw).toContain(Buffer.from("%PDF-1.4 kasboek").toString("base64"));
    expect(await rows()).toMatchObject([
      { id, attempts: 0, sent_at: T0.toISOString(), claimed_until: null, last_error: null },
    ]);
  });

  it("retries a rejected message with a growing backoff and delivers it once the server accepts", async () => {
    const { options, enqueue, rows, mails } = await setup();
    await enqueue(1);
    rejecting = true;
    expect(await deliverDueMessages(options)).toEqual({ sent: 0, failed: 1 });
    const [failed] = await rows();
    expect(failed).toMatchObject({ attempts: 1, sent_at: null, claimed_until: null });
    expect(failed?.last_error).toContain("550");
    expect(failed?.next_attempt_at).toBe(at(30_000).toISOString());

    expect(await deliverDueMessages(options)).toEqual({ sent: 0, failed: 0 });
    clock = at(30_000);
    expect(await deliverDueMessages(options)).toEqual({ sent: 0, failed: 1 });
    expect(await rows()).toMatchObject([{ attempts: 2, next_attempt_at: at(90_000).toISOString() }]);

    rejecting = false;
    clock = at(90_000);
    expect(await deliverDueMessages(options)).toEqual({ sent: 1, failed: 0 });
    expect(mails()).toHaveLength(1);
    expect(await rows()).toMatchObject([{ attempts: 2, sent_at: at(90_000).toISOString() }]);
  });

  it("counts a server that is down as a failure, without the password in last_error", async () => {
    const { options, enqueue, rows } = await setup();
    await enqueue(1);
    const down = `smtp://mailer:s3cret-pw@127.0.0.1:${await closedPort()}`;
    expect(await deliverDueMessages({ ...options, smtpUrl: down })).toEqual({ sent: 0, failed: 1 });
    const [row] = await rows();
    expect(row).toMatchObject({ attempts: 1, sent_at: null, next_attempt_at: at(30_000).toISOString() });
    expect(row?.last_error).toMatch(/ECONNREFUSED/);
    expect(row?.last_error).not.toContain("s3cret");
  });

  it("retries when rendering the attachments fails", async () => {
    const { options, enqueue, rows, mails } = await setup();
    await enqueue(1);
    const broken = async () => Promise.reject(new Error("template missing"));
    expect(await deliverDueMessages({ ...options, attachmentsFor: broken })).toEqual({ sent: 0, failed: 1 });
    expect(await rows()).toMatchObject([{ attempts: 1, last_error: "template missing", sent_at: null }]);
    expect(mails()).toEqual([]);
    clock = at(30_000);
    expect(await deliverDueMessages(options)).toEqual({ sent: 1, failed: 0 });
  });

  it("keeps retrying at the 6-hour cap and logs an error once a message keeps failing", async () => {
    const { options, enqueue, rows } = await setup();
    const id = await enqueue(1);
    const lease = at(MINUTE).toISOString();
    await claimMessage(handle.db, id, T0.toISOString(), lease);
    await markMessageFailed(handle.db, id, lease, { attempts: 19, lastError: "x", nextAttemptAt: T0.toISOString() });
    const log = { info: vi.fn(), error: vi.fn() };
    rejecting = true;
    expect(await deliverDueMessages({ ...options, log })).toEqual({ sent: 0, failed: 1 });
    expect(await rows()).toMatchObject([{ attempts: 20, next_attempt_at: at(6 * 60 * MINUTE).toISOString() }]);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ outboxMessageId: id, attempts: 20 }),
      expect.any(String),
    );
  });

  it("delivers each message once when two senders on two connections run at the same time", async () => {
    const { options, enqueue, rows, mails } = await setup();
    for (let document = 1; document <= 12; document++) await enqueue(document);
    const other = openDatabase(inject("databaseUrl"));
    try {
      const results = await Promise.all([
        deliverDueMessages(options),
        deliverDueMessages({ ...options, db: other.db }),
      ]);
      expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(12);
      expect(results.every((result) => result.failed === 0)).toBe(true);
    } finally {
      await other.close();
    }
    const subjects = mails().map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1]);
    expect(new Set(subjects).size).toBe(12);
    expect(subjects).toHaveLength(12);
    expect((await rows()).every((row) => row.sent_at !== null)).toBe(true);
  });

  it("leaves a live claim alone and picks the message up again once the claim's lease expired", async () => {
    const { options, enqueue, rows, mails } = await setup();
    const id = await enqueue(1);
    // a process that claimed the message and died before sending
    expect(await claimMessage(handle.db, id, T0.toISOString(), at(5 * MINUTE).toISOString())).toBeDefined();
    clock = at(MINUTE);
    expect(await deliverDueMessages(options)).toEqual({ sent: 0, failed: 0 });
    clock = at(5 * MINUTE);
    expect(await deliverDueMessages(options)).toEqual({ sent: 1, failed: 0 });
    expect(mails()).toHaveLength(1);
    expect(await rows()).toMatchObject([{ sent_at: at(5 * MINUTE).toISOString(), claimed_until: null }]);
  });

  it("runs as a loop: a pass at start and on each nudge; stop finishes the message in flight and takes no more", async () => {
    const { options, enqueue, rows, mails } = await setup();
    await enqueue(1);
    const sender = startOutboxSender({ ...options, pollIntervalMs: 60 * MINUTE });
    await vi.waitFor(() => expect(mails()).toHaveLength(1), { timeout: 5_000 });
    await enqueue(2);
    sender.nudge();
    sender.nudge();
    await vi.waitFor(() => expect(mails()).toHaveLength(2), { timeout: 5_000 });
    await sender.stop();

    await enqueue(3);
    await enqueue(4);
    const slowPdf = async (message: OutboxMessage) => sleep(300).then(() => fakePdf(message));
    const slow = startOutboxSender({ ...options, attachmentsFor: slowPdf, pollIntervalMs: 60 * MINUTE });
    await vi.waitFor(async () => expect((await rows())[2]?.claimed_until).not.toBeNull(), { timeout: 5_000 });
    await slow.stop();
    // the message being sent at stop was finished; the next one was left unclaimed (no lease held)
    expect(mails()).toHaveLength(3);
    slow.nudge();
    await sleep(400);
    const after = await rows();
    expect(after.map((row) => row.sent_at !== null)).toEqual([true, true, true, false]);
    expect(after.map((row) => row.claimed_until)).toEqual([null, null, null, null]);
  });

  it("renders attachments by document type, and sends without any for an unknown type, logged", async () => {
    const log = { error: vi.fn() };
    const attachmentsFor = attachmentsFromRenderers(handle.db, { sales_invoice: async (_db, m) => fakePdf(m) }, log);
    const message = { id: 1, document_id: 3, document_type: "sales_invoice" } as OutboxMessage;
    expect((await attachmentsFor(message)).map((attachment) => attachment.filename)).toEqual(["invoice-3.pdf"]);
    expect(await attachmentsFor({ ...message, document_type: "quotation" })).toEqual([]);
    expect(await attachmentsFor({ ...message, document_type: "constructor" })).toEqual([]);
    expect(log.error).toHaveBeenCalledTimes(2);
  });
});
