/**
 * Sales-invoice cases that compare with the reference's recorded answers: they send the
 * reference's request examples and need the reference file, so reference.test.ts runs them only
 * when it is present. The examples name ids of the reference's own database (contact, VAT type,
 * account); ours stand in, and the answers are compared with the recorded ones field by field,
 * ids aside.
 */
import { expect } from "vitest";
import {
  base,
  call,
  conform,
  created,
  type Item,
  referenceContact,
  type SuccessCases,
  vatTypeIdByName,
} from "./context.js";
import { requestExample, responseExample } from "./reference-file.js";
import { ATTACHMENTS, INVOICE, INVOICES, SEVEN_BYTES, VALID_NL_VAT_NUMBER } from "./sales-invoice-cases.js";

let contactId: number | undefined;
/** One contact for every invoice of these cases, made when first needed. */
async function invoiceContact(): Promise<number> {
  contactId ??= await referenceContact({ vat_number: "NL123456789B01" });
  return contactId;
}

let referenceCount = 0;
/** The reference's create example with our ids, a unique api_reference, and the line as an array. */
async function invoiceExample(): Promise<{ sales_invoice: Item }> {
  const example = requestExample("POST", INVOICES) as { sales_invoice: Item };
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

export const SALES_INVOICE_RECORDED: SuccessCases = {
  [`POST ${INVOICES}`]: async (key) => {
    const body = conform(key, await call("POST", `${base}/sales_invoices`, await invoiceExample()));
    expect(comparable(body.sales_invoice)).toEqual(
      comparable((responseExample("POST", INVOICES, 201) as Item).sales_invoice),
    );
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
    const example = requestExample("PATCH", INVOICE) as { sales_invoice: Item };
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
};
