/**
 * What each scope allows, in plain words for the person granting it, in Dutch and English: the
 * one place the account page (personal tokens) and the OAuth consent page take these sentences
 * from. Invariant: every scope has a description in every language (the Record types make a
 * missing one a compile error).
 */
import type { Language } from "./language.js";
import type { Scope } from "./scopes.js";

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  public: "See your companies' general details, VAT types and document templates",
  "manage:companies": "Create companies and change their details",
  "manage:contacts": "See, add, change and delete contacts (customers and suppliers)",
  "manage:sales_invoices": "See, create, change, send and delete sales invoices",
  "manage:payments": "See, record, change and delete payments",
  "manage:products": "See, add, change and delete products",
  "read:accounts": "See the ledger accounts",
  "manage:journal_entries": "See, add, change and delete journal entries",
  "read:me": "See your name and e-mail address",
  "manage:hours": "See, add, change and delete registered hours",
  "manage:rides": "See, add, change and delete registered rides",
  "manage:expenses": "See, add, change and delete expenses and their attachments",
  "manage:quotations": "See, create, change, send and delete quotations",
  "read:reports": "See the books: VAT and ICP returns, trial balance, profit and loss, balance sheet and ledgers",
};

export const SCOPE_DESCRIPTIONS_NL: Record<Scope, string> = {
  public: "De algemene gegevens van uw bedrijven, de btw-soorten en de documentsjablonen bekijken",
  "manage:companies": "Bedrijven aanmaken en hun gegevens wijzigen",
  "manage:contacts": "Contacten (klanten en leveranciers) bekijken, toevoegen, wijzigen en verwijderen",
  "manage:sales_invoices": "Verkoopfacturen bekijken, aanmaken, wijzigen, versturen en verwijderen",
  "manage:payments": "Betalingen bekijken, vastleggen, wijzigen en verwijderen",
  "manage:products": "Producten bekijken, toevoegen, wijzigen en verwijderen",
  "read:accounts": "De grootboekrekeningen bekijken",
  "manage:journal_entries": "Memoriaalboekingen bekijken, toevoegen, wijzigen en verwijderen",
  "read:me": "Uw naam en e-mailadres bekijken",
  "manage:hours": "Geregistreerde uren bekijken, toevoegen, wijzigen en verwijderen",
  "manage:rides": "Geregistreerde ritten bekijken, toevoegen, wijzigen en verwijderen",
  "manage:expenses": "Uitgaven en hun bijlagen bekijken, toevoegen, wijzigen en verwijderen",
  "manage:quotations": "Offertes bekijken, aanmaken, wijzigen, versturen en verwijderen",
  "read:reports":
    "De boeken inzien: btw-aangifte, opgaaf ICP, proef- en saldibalans, winst-en-verliesrekening, balans en grootboek",
};

const BY_LANGUAGE: Record<Language, Record<Scope, string>> = { nl: SCOPE_DESCRIPTIONS_NL, en: SCOPE_DESCRIPTIONS };

/** What `scope` allows, in `language`. */
export function scopeDescription(scope: Scope, language: Language): string {
  return BY_LANGUAGE[language][scope];
}
