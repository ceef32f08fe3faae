/**
 * The e-mail copy at publication: queued in the publishing transaction, delivered after commit by
 * the outbox sender to a real SMTP server started here, with the invoice PDF attached.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "../../../test/support/app.js";
import { deliverDueMessages } from "../outbox/sender.js";
import { outboxMessagesOfCompany } from "../outbox/service.js";
import { salesInvoiceMailAttachments } from "./service.js";

let harness: TestApp;
let company: TestCompany;
let smtp: SMTPServer;
let smtpUrl: string;
const received: Array<{ to: string[]; raw: string }> = [];
let nudges = 0;

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2024-03-02T10:00:00Z"));
  harness.deps.nudgeOutbox = () => {
    nudges += 1;
  };
  company = await newCompany(harness.deps, "Mailende BV");
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await harness.close();
});

it("queues the copy at publication and delivers it with the PDF after commit", async () => {
  const base = `/api/v1/companies/${company.companyId}`;
  const contact = json<{ contact: { id: number } }>(
    await request(harness.app, "POST", `${base}/contacts`, company.token, {
      contact: {
        company_name: "Ontvanger BV",
        contact_person_name: "Olga",
        contact_person_email_address: "olga@example.org",
      },
    }),
  ).contact.id;
  const concept = await request(harness.app, "POST", `${base}/sales_invoices`, company.token, {
    sales_invoice: {
      contact_id: contact,
      sends_copy_by_email_on_publish: true,
      invoice_lines: [{ price_per_unit: 50 }],
    },
  });
  const invoiceId = json<{ sales_invoice: { id: number } }>(concept).sales_invoice.id;
  expect(await outboxMessagesOfCompany(harness.deps.db, company.companyId)).toEqual([]);

  const published = await request(harness.app, "PATCH", `${base}/sales_invoices/${invoiceId}`, company.token, {
    sales_invoice: { _publish: true },
  });
  expect(published.statusCode, published.body).toBe(200);
  expect(nudges).toBe(1);
  const [queued] = await outboxMessagesOfCompany(harness.deps.db, company.companyId);
  expect(queued).toMatchObject({ recipient: "olga@example.org", sent_at: null, document_id: invoiceId });
  expect(queued?.subject).toContain("2024-0001");

  const result = await deliverDueMessages({
    db: harness.deps.db,
    smtpUrl,
    from: "Kasboek <no-reply@example.test>",
    now: () => new Date("2024-03-02T10:00:01Z"),
    companyId: company.companyId,
    attachmentsFor: (message) => salesInvoiceMailAttachments(harness.deps.db, message),
  });
  expect(result).toEqual({ sent: 1, failed: 0 });
  expect(received).toHaveLength(1);
  expect(received[0]?.to).toEqual(["olga@example.org"]);
  expect(received[0]?.raw).toContain("invoice-2024-0001.pdf");
  expect(received[0]?.raw).toContain("Subject: Factuur 2024-0001 van Mailende BV");
  expect(received[0]?.raw).toMatch(/Content-Type: application\/pdf/i);
  const [sent] = await outboxMessagesOfCompany(harness.deps.db, company.companyId);
  expect(sent?.sent_at).not.toBeNull();
});

it("queues nothing when publication fails", async () => {
  const own = await newCompany(harness.deps);
  const base = `/api/v1/companies/${own.companyId}`;
  const response = await request(harness.app, "POST", `${base}/sales_invoices`, own.token, {
    sales_invoice: { sends_copy_by_email_on_publish: true, _publish: true, invoice_lines: [{ price_per_unit: 1 }] },
  });
  expect(response.statusCode).toBe(422);
  expect(await outboxMessagesOfCompany(harness.deps.db, own.companyId)).toEqual([]);
});
