/**
 * The pure parts of the web app's expense and payment pages: the expense editor's draft and the
 * body it sends, how a receipt is taken and shown, and which open document a payment is offered
 * for — all without computing an amount.
 */
import { describe, expect, it } from "vitest";
import { emptyExpenseLine, expenseBodyOf, expenseDraftOf, isExpenseEditorField } from "../../web/src/expenses/draft.js";
import { base64Of, isReceiptFile, receiptView } from "../../web/src/expenses/receipt.js";
import type { Expense } from "../../web/src/expenses/status.js";
import { readExpenseSelection } from "../../web/src/expenses/status.js";
import { expenseDocument, invoiceDocument, likelyKind, matchingDocument } from "../../web/src/payments/documents.js";

const NBSP = "\u00a0";

const line = {
  id: 41,
  description: "Toner",
  extended_description: null,
  price_per_unit: "1234.5",
  price_with_vat: "1493.75",
  price_without_vat: "1234.5",
  vat_amount: "259.25",
  vat_rate: "0.21",
  vat_type_id: 3,
  quantity: "1.0",
  product_id: null,
  account_id: null,
  account_path: null,
};

const expense: Expense = {
  id: 7,
  date: "2026-11-26",
  state: "concept",
  type_account_id: 12,
  currency: "eur",
  contact_id: 5,
  invoice_number: null,
  type_account: null,
  cached_contact: null,
  invoice_lines: [line, { ...line, id: 42, description: "Papier", price_per_unit: "5", account_id: 99 }],
};

describe("the expense editor's draft", () => {
  it("shows a saved expense the Dutch way, keeping each line's id and account", () => {
    const draft = expenseDraftOf(expense);
    expect(draft).toMatchObject({ contactId: 5, date: "26-11-2026", typeAccountId: 12, removedLineIds: [] });
    expect(draft.lines.map((shown) => [shown.id, shown.amount, shown.accountId])).toEqual([
      [41, "1234,50", null],
      [42, "5,00", 99],
    ]);
  });

  it("starts a new expense today with one empty line and no account chosen", () => {
    const draft = expenseDraftOf(null);
    expect(draft.lines).toHaveLength(1);
    expect(draft.typeAccountId).toBeNull();
    expect(draft.date).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  });

  it("sends the API's decimals and dates, removed lines last, and publishes as state=published", () => {
    const draft = expenseDraftOf(expense);
    const [first] = draft.lines;
    if (first === undefined) throw new Error("no line");
    const added = { ...emptyExpenseLine(), description: "Koffie", amount: "1.250,75", vatTypeId: 2 };
    const body = expenseBodyOf({ ...draft, lines: [first, added], removedLineIds: [42], date: "1-2-2026" }, true, null);
    expect(body).toEqual({
      contact_id: 5,
      date: "2026-02-01",
      type_account_id: 12,
      invoice_lines: [
        { id: 41, description: "Toner", price_per_unit: "1234.50", vat_type_id: 3, account_id: null },
        { description: "Koffie", price_per_unit: "1250.75", vat_type_id: 2, account_id: null },
        { id: 42, _destroy: true },
      ],
      state: "published",
    });
  });

  it("sends what cannot be read as typed, so the server names it at its field; no quantity ever", () => {
    const draft = { ...expenseDraftOf(null), date: "gisteren" };
    const [only] = draft.lines;
    if (only === undefined) throw new Error("no line");
    const body = expenseBodyOf({ ...draft, lines: [{ ...only, amount: "twaalf" }] }, false, 30);
    expect(body.date).toBe("gisteren");
    expect(body.type_account_id).toBe(30);
    expect(body.invoice_lines?.[0]).toEqual({
      description: "",
      price_per_unit: "twaalf",
      vat_type_id: null,
      account_id: null,
    });
    expect(body).not.toHaveProperty("state");
  });

  it("creates a new supplier in place from the fields filled in", () => {
    const draft = {
      ...expenseDraftOf(null),
      newContact: {
        company_name: "Drukkerij De Vries",
        contact_person_email_address: "",
        address: "",
        zipcode: "",
        city: "Gouda",
      },
    };
    const body = expenseBodyOf(draft, false, 1);
    expect(body.contact).toEqual({ company_name: "Drukkerij De Vries", city: "Gouda" });
    expect(body).not.toHaveProperty("contact_id");
  });

  it("shows the server's problems at the fields the editor has, the rest in the banner", () => {
    for (const attribute of ["date", "type_account_id", "contact.company_name", "invoice_lines[1].price_per_unit"]) {
      expect(isExpenseEditorField(attribute), attribute).toBe(true);
    }
    for (const attribute of [
      "currency",
      "state",
      "invoice_lines[0].quantity",
      "invoice_lines[0].reverse_charge_vat_rate",
    ]) {
      expect(isExpenseEditorField(attribute), attribute).toBe(false);
    }
  });

  it("reads a list filter from the URL, and anything unknown as all", () => {
    expect(readExpenseSelection("unpaid")).toBe("unpaid");
    expect(readExpenseSelection("expired")).toBe("all");
    expect(readExpenseSelection(null)).toBe("all");
  });
});

describe("a receipt", () => {
  it("is a photo or a PDF; a photo the browser cannot draw is offered by name", () => {
    expect(receiptView("image/jpeg")).toBe("image");
    expect(receiptView("IMAGE/PNG")).toBe("image");
    expect(receiptView("application/pdf")).toBe("pdf");
    expect(receiptView("image/heic")).toBe("file");
    expect(receiptView("application/octet-stream")).toBe("file");
    expect(isReceiptFile("image/heic")).toBe(true);
    expect(isReceiptFile("application/pdf")).toBe(true);
    expect(isReceiptFile("text/plain")).toBe(false);
    expect(isReceiptFile("")).toBe(false);
  });

  it("goes up as the same base64 Node makes, also when larger than one slice", () => {
    const bytes = new Uint8Array(100_000).map((_, index) => (index * 7919) % 256);
    expect(base64Of(bytes)).toBe(Buffer.from(bytes).toString("base64"));
    expect(base64Of(new Uint8Array())).toBe("");
  });
});

describe("what a payment is linked to", () => {
  const invoice = (id: number, open: string) =>
    ({
      id,
      invoice_number: `2026-000${id}`,
      date: "2026-11-01",
      open_amount: open,
      cached_contact: { name: "Bakkerij Jansen" },
    }) as Parameters<typeof invoiceDocument>[0];

  it("offers invoices for money in and expenses for money out", () => {
    expect(likelyKind({ amount: "121.0" })).toBe("sales_invoice");
    expect(likelyKind({ amount: "-30.25" })).toBe("expense");
  });

  it("names an invoice by number, customer, date and the server's open amount", () => {
    expect(invoiceDocument(invoice(1, "490.05")).label).toBe(
      `2026-0001 · Bakkerij Jansen · 01-11-2026 · €${NBSP}490,05`,
    );
  });

  it("names an expense by its lines' totals as the server wrote them, not a sum of them", () => {
    const shown = expenseDocument({ ...expense, invoice_number: "2026110001" });
    expect(shown.label).toBe(`2026110001 · 26-11-2026 · €${NBSP}1.493,75 + €${NBSP}1.493,75`);
    expect(shown.openAmount).toBeNull();
  });

  it("chooses the invoice whose open amount the payment is, and none when no amount matches", () => {
    const documents = [invoice(1, "490.05"), invoice(2, "121.0"), invoice(3, "121.0")].map(invoiceDocument);
    expect(matchingDocument({ amount: "121.0" }, documents)?.id).toBe(2);
    expect(matchingDocument({ amount: "12.0" }, documents)).toBeNull();
  });
});
