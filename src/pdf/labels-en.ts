/**
 * The English catalogue: every word printed on an invoice or quotation for a customer abroad.
 * Amounts and dates keep their Dutch formats (format.ts); only words change. Pure data.
 */
import type { Labels } from "./printable.js";

export const EN: Labels = {
  kinds: {
    invoice: {
      title: "Invoice",
      conceptTitle: "Draft invoice",
      number: "Invoice number",
      date: "Invoice date",
      dueDate: "Due date",
    },
    credit: {
      title: "Credit note",
      conceptTitle: "Draft credit note",
      number: "Credit note number",
      date: "Credit note date",
      dueDate: "Due date",
    },
    quotation: {
      title: "Quotation",
      conceptTitle: "Draft quotation",
      number: "Quotation number",
      date: "Quotation date",
      dueDate: "Valid until",
    },
  },
  concept: "DRAFT",
  reference: "Reference",
  deliveryDate: "Delivery date",
  correctsInvoice: "Corrects invoice",
  customer: "To",
  attention: "Attn.",
  // the Dutch Chamber of Commerce (KvK) registration number
  kvk: "CoC",
  vatNumber: "VAT number",
  iban: "IBAN",
  bic: "BIC",
  email: "Email",
  website: "Website",
  phone: "Phone",
  description: "Description",
  quantity: "Quantity",
  price: "Price",
  vat: "VAT",
  amount: "Amount",
  totalExclVat: "Total excl. VAT",
  vatOver: (rate, base) => `VAT ${rate} on ${base}`,
  totalInclVat: "Total incl. VAT",
  converted: (code, rate) => `Total in ${code.toUpperCase()} (rate ${rate})`,
  continued: "continued",
  page: (current, count) => `Page ${current} of ${count}`,
  paymentInstructions: "Payment",
  scanToPay: "Scan the code with your banking app to pay.",
  reverseCharge: ["VAT reverse-charged"],
  intraEu: ["Intra-Community supply, 0% VAT, article 138 VAT Directive"],
  smallBusinessScheme: ["Exempt from VAT under article 25 of the Dutch VAT Act 1968 (small business scheme)"],
  customerVatNumber: "Customer VAT number",
  creator: (templateName) => `Kasboek (template: ${templateName})`,
  payment: {
    transfer: ({ amount, dueDate, account, invoiceNumber, reference }) => {
      let text = `Please transfer ${amount} by ${dueDate}`;
      if (account !== null) {
        text += ` to ${account.iban}`;
        if (account.bic !== null) text += ` (BIC ${account.bic})`;
        if (account.holder !== null) text += ` in the name of ${account.holder}`;
      }
      if (reference !== null) text += `, quoting payment reference ${reference}`;
      else if (invoiceNumber !== null) text += `, quoting invoice number ${invoiceNumber}`;
      return `${text}.`;
    },
    online: (amount, dueDate) => `Please pay ${amount} online by ${dueDate}.`,
    alreadyPaid: "This invoice has already been paid.",
    refund: (amount) => `The amount of ${amount} will be refunded to you or set off.`,
  },
};
