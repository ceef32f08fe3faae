/**
 * What the invoice editor holds while the reader types, and the API body made of it. Invariants:
 * text stays as typed (a number or date the reader writes the Dutch way is turned into the API's
 * form when sent; one that cannot be read is sent as typed, so the server names the problem at
 * its field); lines keep their server ids, and a removed saved line is sent as `_destroy`, after the
 * lines shown, so `invoice_lines[i]` in the server's answer is the i-th line on the screen.
 */
import type { Schema } from "@kasboek/client";
import { decimalForInput, formatDate, parseDateInput, parseDecimalInput, todayIso } from "../format.js";
import type { Invoice, PaymentMethod } from "./status.js";

export interface LineDraft {
  /** React's key: the server id, or a new line's own */
  key: string;
  id: number | null;
  description: string;
  quantity: string;
  price: string;
  vatTypeId: number | null;
  productId: number | null;
}

export interface NewContactDraft {
  company_name: string;
  contact_person_email_address: string;
  address: string;
  zipcode: string;
  city: string;
}

export interface InvoiceDraft {
  contactId: number | null;
  /** set while the reader enters a customer that does not exist yet */
  newContact: NewContactDraft | null;
  date: string;
  dueDate: string;
  description: string;
  paymentMethod: PaymentMethod;
  lines: LineDraft[];
  removedLineIds: number[];
}

let lineCounter = 0;

export function emptyLine(): LineDraft {
  lineCounter += 1;
  return {
    key: `new-${lineCounter}`,
    id: null,
    description: "",
    quantity: "1",
    price: "",
    vatTypeId: null,
    productId: null,
  };
}

export const EMPTY_CONTACT: NewContactDraft = {
  company_name: "",
  contact_person_email_address: "",
  address: "",
  zipcode: "",
  city: "",
};

function paymentMethodOf(value: string | null): PaymentMethod {
  const methods: readonly string[] = [
    "pay_transfer",
    "paid_cash",
    "paid_pin",
    "paid_already",
    "pay_ideal",
    "paid_sepa",
    "pay_custom",
  ];
  return methods.includes(value ?? "") ? (value as PaymentMethod) : "pay_transfer";
}

export function draftOf(invoice: Invoice | null): InvoiceDraft {
  if (invoice === null) {
    return {
      contactId: null,
      newContact: null,
      date: formatDate(todayIso()),
      dueDate: "",
      description: "",
      paymentMethod: "pay_transfer",
      lines: [emptyLine()],
      removedLineIds: [],
    };
  }
  return {
    contactId: invoice.contact_id,
    newContact: null,
    date: formatDate(invoice.date),
    dueDate: formatDate(invoice.due_date),
    description: invoice.description ?? "",
    paymentMethod: paymentMethodOf(invoice.payment_method),
    lines: invoice.invoice_lines.map((line) => ({
      key: `line-${line.id}`,
      id: line.id,
      description: line.description ?? "",
      quantity: decimalForInput(line.quantity),
      price: decimalForInput(line.price_per_unit, 2),
      vatTypeId: line.vat_type_id,
      productId: line.product_id,
    })),
    removedLineIds: [],
  };
}

type Input = Schema<"SalesInvoiceInput">;
type LineInput = NonNullable<Input["invoice_lines"]>[number];

/** A typed number as the API's decimal; as typed when unreadable; left out when empty. */
function decimalOrTyped(text: string): string | undefined {
  if (text.trim() === "") return undefined;
  return parseDecimalInput(text) ?? text;
}

/** A typed date as the API's; as typed when unreadable; left out when empty. */
function dateOrTyped(text: string): string | undefined {
  if (text.trim() === "") return undefined;
  return parseDateInput(text) ?? text.trim();
}

export function bodyOf(draft: InvoiceDraft, publish: boolean): Input {
  const lines: LineInput[] = draft.lines.map((line) => ({
    ...(line.id === null ? {} : { id: line.id }),
    description: line.description,
    quantity: decimalOrTyped(line.quantity),
    price_per_unit: decimalOrTyped(line.price),
    vat_type_id: line.vatTypeId,
    product_id: line.productId,
  }));
  const removed: LineInput[] = draft.removedLineIds.map((id) => ({ id, _destroy: true }));
  const contact =
    draft.newContact === null
      ? { contact_id: draft.contactId }
      : {
          contact: Object.fromEntries(
            Object.entries(draft.newContact).filter(([, value]) => value.trim() !== ""),
          ) as Input["contact"],
        };
  return {
    ...contact,
    date: dateOrTyped(draft.date),
    due_date: dateOrTyped(draft.dueDate),
    description: draft.description,
    payment_method: draft.paymentMethod,
    invoice_lines: [...lines, ...removed],
    ...(publish ? { _publish: true } : {}),
  };
}

/** The fields of the editor a server problem can be shown at; the rest goes in the banner. */
export function isEditorField(attribute: string): boolean {
  return (
    /^(contact_id|date|due_date|description|payment_method|invoice_lines)$/.test(attribute) ||
    /^contact\.(company_name|contact_person_email_address|address|zipcode|city)$/.test(attribute) ||
    /^invoice_lines\[\d+\]\.(description|quantity|price_per_unit|vat_type_id|product_id)$/.test(attribute)
  );
}
