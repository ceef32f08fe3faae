/**
 * The pure parts of the web app's document editors: the lines both editors share (what is sent of
 * them, and which problems they show at a field), the quotation's body and the moves it offers,
 * and the credit invoice made of a published invoice (every quantity's sign turned, nothing
 * computed).
 */
import type { Schema } from "@kasboek/client";
import { describe, expect, it } from "vitest";
import { creditable, creditInvoiceBody, negatedQuantity } from "../../web/src/invoices/credit.js";
import { bodyOf, draftOf } from "../../web/src/invoices/draft.js";
import { emptyLine, isLineField, lineDraftsOf, lineInputsOf } from "../../web/src/invoices/lines.js";
import { isQuotationField, quotationBodyOf, quotationDraftOf } from "../../web/src/quotations/draft.js";
import { decisionsFor, type Quotation } from "../../web/src/quotations/status.js";

type Invoice = Schema<"SalesInvoice">;
type Line = Invoice["invoice_lines"][number];

function savedLine(id: number, change: Partial<Line> = {}): Line {
  return {
    id,
    description: "Advies",
    extended_description: null,
    price_per_unit: "95.0",
    price_with_vat: "459.8",
    price_without_vat: "380.0",
    vat_amount: "79.8",
    vat_rate: "0.21",
    vat_type_id: 1,
    quantity: "4.0",
    product_id: null,
    account_id: 12,
    account_path: "profit.revenue.other",
    ...change,
  };
}

const PUBLISHED: Invoice = {
  id: 7,
  date: "2026-03-02",
  due_date: "2026-04-01",
  payment_method: "pay_transfer",
  description: "Maart",
  status: "published",
  price_without_vat: "405.0",
  price_with_vat: "490.05",
  vat_amount: "85.05",
  contact_id: 3,
  invoice_number: "2026-0001",
  published_at: "2026-03-02",
  payment_status: "unpaid",
  open_amount: "490.05",
  currency: "eur",
  currency_exchange_rate: "1.0",
  template_id: null,
  vat_number: null,
  payment_reference: null,
  sale_type: null,
  distance_sale: false,
  cached_contact: null,
  attachment_objects: [],
  invoice_lines: [savedLine(1), savedLine(2, { description: "Hosting", quantity: "-2.5", account_id: null })],
};

describe("the lines of a document editor", () => {
  it("sends the lines as typed the Dutch way, in their order, the removed ones after them", () => {
    const [first = emptyLine()] = lineDraftsOf([savedLine(1)]);
    const added = { ...emptyLine(), description: "Hosting", quantity: "2", price: "1.250,5", vatTypeId: 2 };
    expect(first).toMatchObject({ id: 1, quantity: "4", price: "95,00", accountId: 12 });
    expect(lineInputsOf([added, { ...first, quantity: "drie" }], [9])).toEqual([
      {
        description: "Hosting",
        quantity: "2",
        price_per_unit: "1250.5",
        vat_type_id: 2,
        product_id: null,
        account_id: null,
      },
      // unreadable text goes as typed, for the server to name at its field
      {
        id: 1,
        description: "Advies",
        quantity: "drie",
        price_per_unit: "95.00",
        vat_type_id: 1,
        product_id: null,
        account_id: 12,
      },
      { id: 9, _destroy: true },
    ]);
  });

  it("shows a line's problems at its fields, the account's too", () => {
    expect(isLineField("invoice_lines[1].account_id")).toBe(true);
    expect(isLineField("invoice_lines[0].price_per_unit")).toBe(true);
    expect(isLineField("invoice_lines")).toBe(true);
    expect(isLineField("invoice_lines[0].vat_rate")).toBe(false);
  });
});

describe("the sales invoice editor", () => {
  it("sends and reads back the choice to mail the invoice at publication", () => {
    const draft = { ...draftOf(null), sendByEmail: true };
    expect(bodyOf(draft, true)).toMatchObject({ sends_copy_by_email_on_publish: true, _publish: true });
    expect(draftOf({ ...PUBLISHED, status: "concept", sends_copy_by_email_on_publish: true }).sendByEmail).toBe(true);
    expect(draftOf({ ...PUBLISHED, status: "concept" }).sendByEmail).toBe(false);
  });
});

describe("a credit invoice", () => {
  it.each([
    ["4.0", "-4.0"],
    ["-2.5", "2.5"],
    ["0.0", "0.0"],
    ["+3", "-3"],
    ["12345678901234567890.123", "-12345678901234567890.123"],
  ])("turns quantity %s into %s", (quantity, negated) => {
    expect(negatedQuantity(quantity)).toBe(negated);
  });

  it("names the invoice it credits, its contact, and its lines with every quantity negated", () => {
    const body = creditInvoiceBody(PUBLISHED);
    expect(body).toMatchObject({ contact_id: 3, credited_invoice_id: 7, payment_method: "pay_transfer" });
    expect(body.invoice_lines).toEqual([
      expect.objectContaining({ description: "Advies", quantity: "-4.0", price_per_unit: "95.0", account_id: 12 }),
      expect.objectContaining({ description: "Hosting", quantity: "2.5", vat_type_id: 1, account_id: null }),
    ]);
    // no amount of the original is sent: the server computes the credit invoice's own
    expect(JSON.stringify(body)).not.toContain("490.05");
  });

  it("is offered for a published invoice, not for a concept or a credit invoice", () => {
    expect(creditable(PUBLISHED)).toBe(true);
    expect(creditable({ ...PUBLISHED, status: "concept" })).toBe(false);
    expect(creditable({ ...PUBLISHED, credited_invoice_id: 6 })).toBe(false);
  });
});

describe("the quotation editor and its moves", () => {
  const concept: Quotation = {
    id: 4,
    contact_id: 3,
    template_id: null,
    invoice_number: null,
    date: "2026-03-02",
    status: "concept",
    invoice_lines: [savedLine(5)],
  };

  it("asks for a signing link on a new quotation, and keeps what a saved one says", () => {
    expect(quotationDraftOf(null).signingLink).toBe(true);
    expect(quotationDraftOf(concept).signingLink).toBe(false);
    expect(quotationDraftOf({ ...concept, creates_sign_url_on_publish: true }).signingLink).toBe(true);
  });

  it("sends the contact, the date the API's way, the link choice and the lines", () => {
    const draft = { ...quotationDraftOf(concept), date: "26-11-2026", signingLink: true };
    expect(quotationBodyOf(draft, true)).toEqual({
      contact_id: 3,
      date: "2026-11-26",
      creates_sign_url_on_publish: true,
      invoice_lines: [
        {
          id: 5,
          description: "Advies",
          quantity: "4",
          price_per_unit: "95.00",
          vat_type_id: 1,
          product_id: null,
          account_id: 12,
        },
      ],
      _publish: true,
    });
    expect(isQuotationField("creates_sign_url_on_publish")).toBe(true);
    expect(isQuotationField("_approve")).toBe(false);
  });

  it.each([
    ["concept", []],
    ["published", ["_approve", "_deny"]],
    ["approved", ["_invoice", "_deny"]],
    ["denied", ["_approve"]],
    ["invoiced", []],
  ] as const)("offers on a %s quotation: %j", (status, decisions) => {
    expect(decisionsFor(status)).toEqual(decisions);
  });
});
