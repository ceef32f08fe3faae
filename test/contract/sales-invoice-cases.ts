/**
 * Contract cases for sales invoices, their PDF and their attachments, with request bodies of
 * our own (an invoice of 4 × 75.00 at 21 %, paid in full), so every answer is checked against
 * the reference's facts without the reference file. The comparisons with the reference's
 * recorded answers are in sales-invoice-recorded.ts.
 */
import { expect } from "vitest";
import {
  base,
  call,
  conform,
  created,
  type InvalidCases,
  type Item,
  itemsOf,
  ownContact,
  type SuccessCases,
  vatTypeIdByName,
} from "./context.js";

export const INVOICES = "/api/v1/companies/{company_id}/sales_invoices";
export const INVOICE = `${INVOICES}/{id}`;
const PDF = `${INVOICES}/{id}/pdf`;
export const ATTACHMENTS = "/api/v1/companies/{company_id}/sales_invoices/{sales_invoice_id}/attachments";
const ATTACHMENT = `${ATTACHMENTS}/{id}`;

/** seven bytes of no known file type, so the upload is stored as application/octet-stream */
export const SEVEN_BYTES = Buffer.from([0x00, 0x9f, 0x12, 0xfe, 0x01, 0x80, 0x7f]);
/** passes the Dutch VAT number check digits, which Kasboek verifies */
export const VALID_NL_VAT_NUMBER = "NL123456782B01";
const BANK = "activa.current_assets.liquid_assets.bank";

let contactId: number | undefined;
/** One customer for every invoice of these cases, made when first needed. */
async function customer(): Promise<number> {
  contactId ??= await ownContact({ vat_number: VALID_NL_VAT_NUMBER });
  return contactId;
}

let ownCount = 0;
/** Our invoice: four workshop hours at 75.00 with 21 % VAT (363.00), paid by bank the same day. */
async function ownInvoice(): Promise<{ sales_invoice: Item }> {
  const reference = `own-invoice-${++ownCount}`;
  return {
    sales_invoice: {
      date: "2023-10-02",
      due_date: "2023-11-01",
      payment_method: "pay_transfer",
      description: null,
      contact_id: await customer(),
      currency: "eur",
      currency_exchange_rate: "1.0",
      template_id: null,
      vat_number: VALID_NL_VAT_NUMBER,
      api_reference: reference,
      payment_reference: reference,
      sale_type: "",
      distance_sale: false,
      invoice_lines: [
        {
          description: "Workshop hours",
          extended_description: null,
          price_per_unit: "75.00",
          vat_rate: "0.21",
          vat_type_id: await vatTypeIdByName("vat_high"),
          quantity: "4",
          product_id: null,
          account_id: null,
          account_path: null,
        },
      ],
      payments: [
        {
          amount: "363.00",
          description: null,
          account_id: null,
          account_path: BANK,
          paid_at: "2023-10-02 00:00:00 +0200",
        },
      ],
    },
  };
}

const createInvoice = async () => created(`${base}/sales_invoices`, await ownInvoice(), "sales_invoice");

async function uploaded(invoiceId: unknown): Promise<Item> {
  const response = await call("POST", `${base}/sales_invoices/${invoiceId}/attachments`, {
    attachment_object: { attachment: SEVEN_BYTES.toString("base64"), attachment_file_name: "work-order.pdf" },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body) as { attachment_object: Item }).attachment_object;
}

export const SALES_INVOICE_CASES: SuccessCases = {
  [`GET ${INVOICES}`]: async (key) => {
    await createInvoice();
    itemsOf(
      conform(key, await call("GET", `${base}/sales_invoices?selection=all&search[from]=2023-10-01`)),
      "sales_invoices",
    );
  },
  [`POST ${INVOICES}`]: async (key) => {
    const body = conform(key, await call("POST", `${base}/sales_invoices`, await ownInvoice()));
    expect(body.sales_invoice).toMatchObject({
      status: "concept",
      price_without_vat: "300.0",
      vat_amount: "63.0",
      price_with_vat: "363.0",
      payment_status: "paid",
      open_amount: "0.0",
    });
  },
  [`GET ${INVOICE}`]: async (key) => {
    const invoice = await createInvoice();
    conform(key, await call("GET", `${base}/sales_invoices/${invoice.id}`));
  },
  [`PATCH ${INVOICE}`]: async (key) => {
    // change the kept line (6 hours), add one (2 × 12.50), destroy another; pay the new total
    const { sales_invoice: own } = await ownInvoice();
    const invoice = await created(
      `${base}/sales_invoices`,
      {
        sales_invoice: {
          ...own,
          payments: [],
          invoice_lines: [
            { price_per_unit: "75.00", quantity: "4" },
            { price_per_unit: "5.00", quantity: "1" },
          ],
        },
      },
      "sales_invoice",
    );
    const [kept, destroyed] = invoice.invoice_lines as Item[];
    const update = {
      sales_invoice: {
        description: "Workshop and travel",
        invoice_lines: [
          { description: "Travel costs", quantity: 2, price_per_unit: "12.50" },
          { id: String(kept?.id), description: "Workshop hours, extended", quantity: 6 },
          { id: String(destroyed?.id), _destroy: true },
        ],
        payments: [{ amount: "574.75", paid_at: "2023-10-03T00:00:00.000+02:00", account_path: BANK }],
      },
    };
    const body = conform(key, await call("PATCH", `${base}/sales_invoices/${invoice.id}`, update));
    const updated = body.sales_invoice as Item;
    expect(updated).toMatchObject({
      description: "Workshop and travel",
      price_without_vat: "475.0",
      vat_amount: "99.75",
      price_with_vat: "574.75",
      payment_status: "paid",
    });
    expect((updated.invoice_lines as Item[]).map((line) => line.description)).toEqual([
      "Workshop hours, extended",
      "Travel costs",
    ]);
  },
  [`DELETE ${INVOICE}`]: async (key) => {
    const invoice = await createInvoice();
    conform(key, await call("DELETE", `${base}/sales_invoices/${invoice.id}`));
  },
  [`GET ${PDF}`]: async (key) => {
    const invoice = await createInvoice();
    const response = await call("GET", `${base}/sales_invoices/${invoice.id}/pdf`);
    conform(key, response);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  },
  [`POST ${ATTACHMENTS}`]: async (key) => {
    const invoice = await createInvoice();
    const response = await call("POST", `${base}/sales_invoices/${invoice.id}/attachments`, {
      attachment_object: { attachment: SEVEN_BYTES.toString("base64"), attachment_file_name: "work-order.pdf" },
    });
    const body = conform(key, response);
    const { id, attachment, ...rest } = body.attachment_object as Item;
    expect(rest).toEqual({
      attachment_file_name: "work-order.pdf",
      attachment_content_type: "application/octet-stream",
      attachment_file_size: SEVEN_BYTES.length,
    });
    expect(attachment).toBe(`${base}/sales_invoices/${invoice.id}/attachments/${id}`);
  },
  [`GET ${ATTACHMENT}`]: async (key) => {
    const invoice = await createInvoice();
    const attachment = await uploaded(invoice.id);
    const response = await call("GET", String(attachment.attachment));
    conform(key, response);
    expect(Buffer.compare(response.rawPayload, SEVEN_BYTES)).toBe(0);
  },
  [`DELETE ${ATTACHMENT}`]: async (key) => {
    const invoice = await createInvoice();
    const attachment = await uploaded(invoice.id);
    conform(key, await call("DELETE", String(attachment.attachment)));
  },
};

export const SALES_INVOICE_INVALID: InvalidCases = {
  // an invoice dated before 1990, which the reference's 422 rejects too
  [`POST ${INVOICES}`]: async () =>
    call("POST", `${base}/sales_invoices`, {
      sales_invoice: { ...(await ownInvoice()).sales_invoice, date: "1989-12-31" },
    }),
  [`PATCH ${INVOICE}`]: async () => {
    const invoice = await createInvoice();
    return call("PATCH", `${base}/sales_invoices/${invoice.id}`, { sales_invoice: { date: null } });
  },
};
