/**
 * What each scope allows, in plain words for the person granting it: the one place the account
 * page (personal tokens) and the OAuth consent page take these sentences from. Invariant: every
 * scope has a description (the Record type makes a missing one a compile error).
 */
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
};
