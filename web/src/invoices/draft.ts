/**
 * What the invoice editor holds while the reader types, and the API body made of it. Invariants:
 * text stays as typed and lines keep their order and ids (lines.ts, shared with the quotation
 * editor); the "send by e-mail" choice is sent with every save, so what the box shows is what the
 * server will do at publication.
 */
import type { Schema } from "@kasboek/client";
import { formatDate, todayIso } from "../format.js";
import { dateOrTyped, emptyLine, isLineField, type LineDraft, lineDraftsOf, lineInputsOf } from "./lines.js";
import type { Invoice, PaymentMethod } from "./status.js";

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
  /** `sends_copy_by_email_on_publish`: mail the invoice to the customer when it is published */
  sendByEmail: boolean;
  lines: LineDraft[];
  removedLineIds: number[];
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
      sendByEmail: false,
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
    sendByEmail: invoice.sends_copy_by_email_on_publish === true,
    lines: lineDraftsOf(invoice.invoice_lines),
    removedLineIds: [],
  };
}

type Input = Schema<"SalesInvoiceInput">;

export function bodyOf(draft: InvoiceDraft, publish: boolean): Input {
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
    sends_copy_by_email_on_publish: draft.sendByEmail,
    invoice_lines: lineInputsOf(draft.lines, draft.removedLineIds),
    ...(publish ? { _publish: true } : {}),
  };
}

/** The fields of the editor a server problem can be shown at; the rest goes in the banner. */
export function isEditorField(attribute: string): boolean {
  return (
    /^(contact_id|date|due_date|description|payment_method|sends_copy_by_email_on_publish)$/.test(attribute) ||
    /^contact\.(company_name|contact_person_email_address|address|zipcode|city)$/.test(attribute) ||
    isLineField(attribute)
  );
}
