/**
 * Names of an API route in the document, read off its path and method: an operationId a client
 * generator turns into a method (`listContacts`, `getSalesInvoicePdf`), a one-line summary, and the
 * tag (resource) it is listed under. Invariant: two routes never share an operationId (the
 * document builder refuses to build otherwise).
 */
import type { CataloguedRoute } from "../../platform/route-catalogue.js";

/** The reference's sections, by the path segment that names them, in the order they are shown. */
export const TAG_NAMES: Record<string, string> = {
  me: "Users",
  companies: "Companies",
  contacts: "Contacts",
  products: "Products",
  sales_invoices: "Sales invoices",
  quotations: "Quotations",
  expenses: "Expenses",
  attachments: "Attachments",
  payments: "Payments",
  journal_entries: "Journal entries",
  hours: "Hours",
  rides: "Rides",
  vat_types: "VAT types",
  accounts: "Accounts",
  templates: "Templates",
  bookkeeping_settings: "Bookkeeping settings",
  vat_returns: "VAT returns",
  icp_returns: "ICP returns",
  reports: "Reports",
  openapi: "Reference",
};

export function singular(word: string): string {
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.endsWith("settings") || !word.endsWith("s")) return word;
  return word.slice(0, -1);
}

/** `sales_invoices` → `SalesInvoices`, `/account/tokens` → `AccountTokens` */
export const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");

const ABBREVIATIONS: Record<string, string> = { vat: "VAT", icp: "ICP", pdf: "PDF" };
const human = (text: string) =>
  text
    .split("_")
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join(" ");
export const withArticle = (text: string) => `${/^([aeiou]|hour)/i.test(text) ? "an" : "a"} ${text}`;

export interface OperationNames {
  operationId: string;
  summary: string;
  tag: string;
  /** list, get, create, update, delete, or the method's name for any other */
  verb: string;
  /** what the operation is about, in words: "sales invoice", "VAT returns", "trial balance" */
  subject: string;
  /** the path ends in an id: one resource of a collection */
  isItem: boolean;
}

export function operationNames(route: CataloguedRoute): OperationNames {
  const segments = route.url.replace(/^\/api\/v1\//, "").split("/");
  const isItem = segments.at(-1)?.startsWith(":") ?? false;
  const named = segments.filter((segment) => !segment.startsWith(":"));
  const resources = named.length > 1 && named[0] === "companies" ? named.slice(1) : named;
  const last = resources.at(-1) ?? "";
  const paged = (route.schema.querystring as { properties?: { page?: unknown } } | undefined)?.properties?.page;
  const verb =
    route.method === "GET"
      ? !isItem && paged !== undefined
        ? "list"
        : "get"
      : route.method === "POST"
        ? isItem
          ? "post"
          : "create"
        : route.method === "PATCH"
          ? "update"
          : route.method === "DELETE"
            ? "delete"
            : route.method.toLowerCase();
  const lastNoun = verb === "list" || (!isItem && verb !== "create") ? last : singular(last);
  const noun = [...resources.slice(0, -1).map(singular), lastNoun];
  const tagSegment = [...resources].reverse().find((segment) => TAG_NAMES[segment] !== undefined);
  const subject = human(lastNoun);
  const summary =
    verb === "list"
      ? `List ${subject}`
      : verb === "create"
        ? `Create ${withArticle(subject)}`
        : !isItem
          ? `${verb === "get" ? "Show" : "Update"} the ${subject}`
          : `${{ get: "Show", update: "Update", delete: "Delete" }[verb] ?? pascal(verb)} ${withArticle(subject)}`;
  return {
    operationId: `${verb}${noun.map(pascal).join("")}`,
    summary,
    tag: tagSegment === undefined ? "Reference" : (TAG_NAMES[tagSegment] ?? "Reference"),
    verb,
    subject,
    isItem,
  };
}
