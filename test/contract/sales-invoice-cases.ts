/**
 * Contract cases for sales invoices, their PDF and their attachments. The reference's examples
 * name ids of its own database (contact, VAT type, account); the cases put ours in their place
 * and compare the answers with the recorded ones field by field, ids aside.
 */
import { expect } from "vitest";
import { referenceOperation, responseExample } from "../support/reference.js";
import {
  base,
  call,
  conform,
  created,
  type InvalidCases,
  type Item,
  itemsOf,
  referenceContact,
  type SuccessCases,
  vatTypeIdByName,
} from "./context.js";

const INVOICES = "/api/v1/companies/{company_id}/sales_invoices";
const INVOICE = `${INVOICES}/{id}`;
const PDF = `${INVOICES}/{id}/pdf`;
const ATTACHMENTS = "/api/v1/companies/{company_id}/sales_invoices/{sales_invoice_id}/attachments";
const ATTACHMENT = `${ATTACHMENTS}/{id}`;

let contactId: number | undefined;
/** One contact for every invoice of these cases, made when first needed. */
async function invoiceContact(): Promise<number> {
  contactId ??= await referenceContact({ vat_number: "NL123456789B01" });
  return contactId;
}

let referenceCount = 0;
/** seven bytes of no known file type, like the reference's upload (application/octet-stream) */
const SEVEN_BYTES = Buffer.from([0x00, 0x9f, 0x12, 0xfe, 0x01, 0x80, 0x7f]);
const VALID_NL_VAT_NUMBER = "NL123456782B01";
/** The reference's create example with our ids, a unique api_reference, and the line as an array. */
async function invoiceExample(): Promise<{ sales_invoice: Item }> {
  const example = referenceOperation("POST", INVOICES).requestExample as { sales_invoice: Item };
  const high = await vatTypeIdByName("vat_high");
  const lines = (example.sales_invoice.invoice_lines as Item[]).map((line) => ({ ...line, vat_type_id: high }));
  const payments = (example.sales_invoice.payments as Item[]).map((payment) => ({ ...payment, account_id: null }));
  return {
    sales_invoice: {
      ...example.sales_invoice,
      contact_id: await invoiceContact(),
      api_reference: `contract-${++referenceCount}`,
      // the reference's NL123456789B01 fails the Dutch check digits we verify; a valid one stands in
      vat_number: VALID_NL_VAT_NUMBER,
      invoice_lines: lines,
      payments,
    },
  };
}

const createInvoice = async () => created(`${base}/sales_invoices`, await invoiceExample(), "sales_invoice");

/** An invoice without its ids and per-request values, for comparing with the recorded answers. */
function comparable(invoice: unknown): Item {
  const {
    id: _id,
    contact_id: _contact,
    api_reference: _reference,
    vat_number: _vatNumber,
    invoice_lines,
    cached_contact,
    ...rest
  } = invoice as Item;
  const lines = (invoice_lines as Item[]).map(
    ({ id: _line, vat_type_id: _vat, description: _d, extended_description: _e, ...line }) => line,
  );
  const { contact_number: _number, ...contact } = cached_contact as Item;
  return { ...rest, cached_contact: contact, invoice_lines: lines };
}

async function uploaded(invoiceId: unknown): Promise<Item> {
  const response = await call("POST", `${base}/sales_invoices/${invoiceId}/attachments`, {
    attachment_object: { attachment: SEVEN_BYTES.toString("base64"), attachment_file_name: "file_name.pdf" },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (JSON.parse(response.body) as { attachment_object: Item }).attachment_object;
}

export const SALES_INVOICE_CASES: SuccessCases = {
  [`GET ${INVOICES}`]: async (key) => {
    await createInvoice();
    itemsOf(
      conform(key, await call("GET", `${base}/sales_invoices?selection=all&search[from]=2024-03-01`)),
      "sales_invoices",
    );
  },
  [`POST ${INVOICES}`]: async (key) => {
    const body = conform(key, await call("POST", `${base}/sales_invoices`, await invoiceExample()));
    expect(comparable(body.sales_invoice)).toEqual(
      comparable((responseExample("POST", INVOICES, 201) as Item).sales_invoice),
    );
  },
  [`GET ${INVOICE}`]: async (key) => {
    const invoice = await createInvoice();
    conform(key, await call("GET", `${base}/sales_invoices/${invoice.id}`));
  },
  [`PATCH ${INVOICE}`]: async (key) => {
    // the reference's update: change the kept line, add one, destroy another; our account path
    const invoice = await created(
      `${base}/sales_invoices`,
      {
        sales_invoice: {
          ...(await invoiceExample()).sales_invoice,
          payments: [],
          invoice_lines: [
            { price_per_unit: "75.0", quantity: "4.0" },
            { price_per_unit: "1.0", quantity: "1.0" },
          ],
        },
      },
      "sales_invoice",
    );
    const [kept, destroyed] = invoice.invoice_lines as Item[];
    const example = referenceOperation("PATCH", INVOICE).requestExample as { sales_invoice: Item };
    const [added, changed, removed] = example.sales_invoice.invoice_lines as Item[];
    const update = {
      sales_invoice: {
        ...example.sales_invoice,
        api_reference: `contract-${++referenceCount}`,
        invoice_lines: [added, { ...changed, id: String(kept?.id) }, { ...removed, id: String(destroyed?.id) }],
        payments: [
          {
            amount: "514.25",
            paid_at: "2024-03-02T00:00:00.000+01:00",
            account_path: "activa.current_assets.liquid_assets.bank",
          },
        ],
      },
    };
    const body = conform(key, await call("PATCH", `${base}/sales_invoices/${invoice.id}`, update));
    const { invoice_lines: lines, ...expected } = comparable(
      (responseExample("PATCH", INVOICE, 200) as Item).sales_invoice,
    );
    const actual = comparable(body.sales_invoice);
    expect(actual).toMatchObject(expected);
    expect(actual.invoice_lines).toEqual([(lines as Item[])[0], (lines as Item[])[1]]);
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
      attachment_object: { attachment: SEVEN_BYTES.toString("base64"), attachment_file_name: "file_name.pdf" },
    });
    const body = conform(key, response);
    const { id: _id, attachment, ...rest } = body.attachment_object as Item;
    const {
      id: _ref,
      attachment: _path,
      ...expected
    } = (responseExample("POST", ATTACHMENTS, 200) as Item).attachment_object as Item;
    expect(rest).toEqual(expected);
    expect(attachment).toBe(`${base}/sales_invoices/${invoice.id}/attachments/${_id}`);
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
  [`POST ${INVOICES}`]: async () =>
    call("POST", `${base}/sales_invoices`, {
      sales_invoice: { ...(await invoiceExample()).sales_invoice, date: "1989-12-31" },
    }),
  [`PATCH ${INVOICE}`]: async () => {
    const invoice = await createInvoice();
    return call("PATCH", `${base}/sales_invoices/${invoice.id}`, { sales_invoice: { date: null } });
  },
};
