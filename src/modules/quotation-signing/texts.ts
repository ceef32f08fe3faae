/**
 * Every word of the quotation signing page, in Dutch and in English, and how each language writes
 * amounts and dates. Pure data and formatting: the page templates in pages.ts read it.
 */
import { formatDate, formatEuroCents, formatQuantity, formatRate, formatUnitPrice } from "../../pdf/format.js";
import type { Language } from "../../platform/language.js";
import { html, type SafeHtml } from "../../platform/pages/html.js";
import type { PageMessage } from "../../platform/pages/respond.js";
import type { SigningView } from "../quotations/service.js";

/** Why a post of the signing form was refused. */
export type SigningProblem = "name" | "decision" | "used";
export type SigningPageError = "notValid" | "unreadable";

export interface Notation {
  money: (cents: number) => string;
  price: (exact: string) => string;
  quantity: (exact: string) => string;
  rate: (fraction: string) => string;
  date: (isoDate: string) => string;
}

/** "1.234,5" → "1,234.5": the decimal comma and the thousands dots trade places. */
const swapSeparators = (dutch: string) => dutch.replace(/[.,]/g, (mark) => (mark === "," ? "." : ","));
/** "€ -1.234,56" → "-€1,234.56" */
function englishEuro(dutch: string): string {
  const amount = swapSeparators(dutch.replace(/^€ /, ""));
  return amount.startsWith("-") ? `-€${amount.slice(1)}` : `€${amount}`;
}
const MONTHS = "January February March April May June July August September October November December".split(" ");
/** "2024-03-02" → "2 March 2024" (formatDate checks the shape first). */
function englishDate(isoDate: string): string {
  const [day = "", month = "", year = ""] = formatDate(isoDate).split("-");
  return `${Number(day)} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
}

export const NOTATION: Record<Language, Notation> = {
  nl: { money: formatEuroCents, price: formatUnitPrice, quantity: formatQuantity, rate: formatRate, date: formatDate },
  en: {
    money: (cents) => englishEuro(formatEuroCents(cents)),
    price: (exact) => englishEuro(formatUnitPrice(exact)),
    quantity: (exact) => swapSeparators(formatQuantity(exact)),
    rate: (fraction) => swapSeparators(formatRate(fraction)),
    date: englishDate,
  },
};

type Words<Key extends string> = Record<Key, string>;

/** Every word of the signing pages in one language, grouped by where the page shows them. */
export interface SigningTexts {
  quotation: string;
  from: string;
  headings: Words<"from" | "for" | "details" | "lines" | "decision">;
  details: Words<"number" | "date" | "validUntil" | "noCustomer">;
  table: Words<"caption" | "description" | "quantity" | "unitPrice" | "vatRate" | "amount">;
  totals: Words<"withoutVat" | "vat" | "withVat">;
  links: Words<"pdf" | "back">;
  form: Words<"instructions" | "yourName" | "approve" | "deny">;
  decided: (approved: boolean, by: string | null, on: string | null) => string;
  used: string;
  expired: (company: string, email: SafeHtml | null) => SafeHtml;
  theCompany: string;
  closed: (status: string) => string;
  statuses: Words<SigningView["status"]>;
  problems: Words<SigningProblem>;
  errors: Record<SigningPageError | "refused", PageMessage>;
}

export const TEXTS: Record<Language, SigningTexts> = {
  nl: {
    quotation: "Offerte",
    from: "van",
    headings: { from: "Van", for: "Aan", details: "Gegevens", lines: "Regels", decision: "Uw beslissing" },
    details: {
      number: "Offertenummer",
      date: "Datum",
      validUntil: "Link geldig tot",
      noCustomer: "Geen klantgegevens.",
    },
    table: {
      caption: "Bedragen in euro; het bedrag van een regel is exclusief btw.",
      description: "Omschrijving",
      quantity: "Aantal",
      unitPrice: "Prijs per stuk",
      vatRate: "Btw-tarief",
      amount: "Bedrag",
    },
    totals: { withoutVat: "Totaal excl. btw", vat: "Btw", withVat: "Totaal incl. btw" },
    links: { pdf: "Download de offerte als pdf", back: "Terug naar de offerte" },
    form: {
      instructions: "Vul uw naam in en keur de offerte goed of wijs haar af. De link kunt u één keer gebruiken.",
      yourName: "Uw naam",
      approve: "Offerte goedkeuren",
      deny: "Offerte afwijzen",
    },
    decided: (approved, by, on) =>
      `${approved ? "Goedgekeurd" : "Afgewezen"}${by === null ? "" : ` door ${by}`}${on === null ? "" : ` op ${on}`}.`,
    used: "Deze link is gebruikt; via een link kan maar één keer een beslissing worden genomen.",
    expired: (company, email) =>
      html`Deze link is verlopen. Neem contact op met ${company}${email} als u deze offerte toch wilt aannemen.`,
    theCompany: "het bedrijf",
    closed: (status) => `Deze offerte kan niet meer worden ondertekend (status: ${status}).`,
    statuses: {
      concept: "concept",
      imported: "geïmporteerd",
      published: "open",
      approved: "goedgekeurd",
      denied: "afgewezen",
      invoiced: "gefactureerd",
    },
    problems: {
      name: "Vul uw naam in (hoogstens 200 tekens).",
      decision: "Kies Offerte goedkeuren of Offerte afwijzen.",
      used: "Deze link kan niet meer worden gebruikt.",
    },
    errors: {
      refused: {
        title: "Het formulier kon niet worden geaccepteerd",
        message:
          "Het formulier is niet vanaf de pagina van deze offerte verstuurd, of de pagina stond te lang open. Er is niets gewijzigd. Open de offerte opnieuw en maak daar uw keuze.",
      },
      notValid: {
        title: "Deze link is niet geldig",
        message: "Controleer of u de hele link hebt gekopieerd, of vraag het bedrijf dat hem stuurde om een nieuwe.",
      },
      unreadable: {
        title: "Het formulier kon niet worden gelezen",
        message: "Gebruik het formulier op de offertepagina.",
      },
    },
  },
  en: {
    quotation: "Quotation",
    from: "from",
    headings: { from: "From", for: "For", details: "Details", lines: "Lines", decision: "Your decision" },
    details: {
      number: "Quotation number",
      date: "Date",
      validUntil: "Link valid until",
      noCustomer: "No customer details.",
    },
    table: {
      caption: "Amounts in euro; the amount of a line excludes VAT.",
      description: "Description",
      quantity: "Quantity",
      unitPrice: "Unit price",
      vatRate: "VAT rate",
      amount: "Amount",
    },
    totals: { withoutVat: "Total excl. VAT", vat: "VAT", withVat: "Total incl. VAT" },
    links: { pdf: "Download the quotation as PDF", back: "Back to the quotation" },
    form: {
      instructions: "Type your name, then approve or deny this quotation. The link can be used once.",
      yourName: "Your name",
      approve: "Approve",
      deny: "Deny",
    },
    decided: (approved, by, on) =>
      `${approved ? "Approved" : "Denied"}${by === null ? "" : ` by ${by}`}${on === null ? "" : ` on ${on}`}.`,
    used: "This link has been used; a decision can be made through it only once.",
    expired: (company, email) =>
      html`This link has expired. Please contact ${company}${email} if you would still like to accept this quotation.`,
    theCompany: "the company",
    closed: (status) => `This quotation can no longer be signed (status: ${status}).`,
    // the words the API uses, but "published" is what a customer calls open
    statuses: {
      concept: "concept",
      imported: "imported",
      published: "open",
      approved: "approved",
      denied: "denied",
      invoiced: "invoiced",
    },
    problems: {
      name: "Type your name (at most 200 characters).",
      decision: "Choose Approve or Deny.",
      used: "This link can no longer be used.",
    },
    errors: {
      refused: {
        title: "The form could not be accepted",
        message:
          "The form was not sent from this quotation's page, or the page was open too long. Nothing has been changed. Please open the quotation again and make your choice there.",
      },
      notValid: {
        title: "This link is not valid",
        message: "Please check that you copied the whole link, or ask the company that sent it for a new one.",
      },
      unreadable: { title: "The form could not be read", message: "Please use the form on the quotation page." },
    },
  },
};
