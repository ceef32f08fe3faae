/**
 * Writes the parts of an XML Auditfile Financieel, 4.0 or 3.2, as text: pure, no database. The
 * service hands it the books part by part and streams what it returns; the transactions, which
 * grow with the books, are written as bytes by xaf-transactions.ts to the same rules.
 *
 * Element names, order, cardinality and lengths follow the published schemas
 * (XmlAuditfileFinancieel3.2.xsd, namespace http://www.auditfiles.nl/XAF/3.2; the XAF 4.0.3
 * package of the Belastingdienst's ODB, whose XSD's targetNamespace is the one below), as read in
 * the field catalogues generated from those XSDs (SpireflyHQ/pyxaf `catalogue/_generated_xaf32.py`
 * and `_generated_xaf40.py`) and the 3.2.1 XSD beside them (same structure as 3.2), and validated
 * against both XSDs themselves (the tests, when KASBOEK_XAF_XSD_DIR holds them: the 4.0.3
 * package's XmlAuditfileFinancieel4.0.xsd, whose targetNamespace is the 4.0 one below). Every
 * element is in a `sequence`, so the order here is the schema's. Where 3.2 and 4.0 differ:
 * - company: 3.2 `companyIdent` (we write the KvK number), 4.0 `Commercenr` (the KvK number);
 * - customerSupplier: 3.2 has contact, telephone, …, custSupTp B/C/O/S and addresses; 4.0 has
 *   eMail, commerceNr, custSupTp B/C/S and the relation's opening and closing balance
 *   (`opBalDesc`/`opBalTp`, `clBalDesc`/`clBalTp`, amounts despite the names);
 * - ledgerAccount: 3.2 accTp B/M/P with lead* fields (we write our parent account as the lead
 *   code and the RGS code as `leadReference`), 4.0 accTp B/P and `RGScode`;
 * - periods: 3.2 has `periodDesc`; openingBalance: 3.2 needs `opBalDate`;
 * - country codes: 4.0 takes any two letters, 3.2 only its own list (xaf-countries.ts);
 * - transaction: 3.2 `sourceID` (35), 4.0 `Source` (999).
 */
import type { Month, XafVersion } from "./rules.js";
import { clip, sideOf, xafAmount, xmlText } from "./rules.js";
import { XAF32_COUNTRY_CODES } from "./xaf-countries.js";

export const XAF_NAMESPACES: Record<XafVersion, string> = {
  "4.0": "http://www.odb.belastingdienst.nl/Belastingdienst/BCPP/1.1/structures/XmlauditfileXAF_4.0",
  "3.2": "http://www.auditfiles.nl/XAF/3.2",
};

/** One element with text, or nothing for an absent value. */
function element(name: string, value: string | null | undefined, maximum?: number): string {
  if (value === null || value === undefined) return "";
  const text = maximum === undefined ? value : clip(value, maximum);
  return `<${name}>${xmlText(text)}</${name}>`;
}

/** An optional text element: left out when the value is blank. */
function optional(name: string, value: string | null | undefined, maximum: number): string {
  return value === null || value === undefined || value.trim() === "" ? "" : element(name, value, maximum);
}

/**
 * A country code as the version's schema takes it, or nothing: 4.0 takes any two letters, 3.2 only
 * the codes its XSD lists (a contact in Curaçao, CW, has no country in a 3.2 file rather than an
 * invalid one).
 */
function countryCode(version: XafVersion, value: string | null | undefined): string | null {
  const code = (value ?? "").trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return null;
  return version === "4.0" || XAF32_COUNTRY_CODES.has(code) ? code : null;
}

export interface XafAddress {
  street: string;
  number: string | null;
  extension: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
}

function streetAddress(version: XafVersion, address: XafAddress | null): string {
  if (address === null) return "";
  return [
    "<streetAddress>",
    optional("streetname", address.street, version === "4.0" ? 100 : 999),
    optional("number", address.number, 15),
    optional("numberExtension", address.extension, 999),
    optional("city", address.city, 50),
    optional("postalCode", address.postalCode, 10),
    element("country", countryCode(version, address.country)),
    "</streetAddress>",
  ].join("");
}

export interface XafHead {
  version: XafVersion;
  year: number;
  startDate: string;
  endDate: string;
  dateCreated: string;
  softwareVersion: string;
  /** RGSVersion (4.0), when accounts carry RGS codes */
  rgsVersion: string | null;
  companyName: string;
  kvkNumber: string | null;
  vatNumber: string | null;
  country: string | null;
  address: XafAddress | null;
}

/** The declaration, the root, the header and the company's own fields, up to its relations. */
export function xafStart(head: XafHead): string {
  const header = [
    "<header>",
    element("fiscalYear", String(head.year)),
    element("startDate", head.startDate),
    element("endDate", head.endDate),
    element("curCode", "EUR"),
    element("dateCreated", head.dateCreated),
    element("softwareDesc", "Kasboek"),
    element("softwareVersion", head.softwareVersion, 20),
    head.version === "4.0" ? element("RGSVersion", head.rgsVersion, 20) : "",
    "</header>",
  ];
  const identity =
    head.version === "4.0" ? optional("Commercenr", head.kvkNumber, 100) : optional("companyIdent", head.kvkNumber, 35);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<auditfile xmlns="${XAF_NAMESPACES[head.version]}">\n`,
    `${header.join("")}\n`,
    "<company>",
    identity,
    element("companyName", head.companyName, head.version === "4.0" ? 255 : 999),
    element("taxRegistrationCountry", countryCode(head.version, head.country) ?? "NL"),
    element("taxRegIdent", head.vatNumber ?? "", 30),
    streetAddress(head.version, head.address),
    "\n",
  ].join("");
}

export interface XafRelation {
  id: string;
  name: string | null;
  email: string | null;
  kvkNumber: string | null;
  country: string | null;
  vatNumber: string | null;
  /** C customer, S supplier, B both */
  type: "B" | "C" | "S";
  openingCents: bigint;
  closingCents: bigint;
  address: XafAddress | null;
}

export function customerSupplier(version: XafVersion, relation: XafRelation): string {
  const country = element("taxRegistrationCountry", countryCode(version, relation.country));
  if (version === "3.2") {
    return [
      "<customerSupplier>",
      element("custSupID", relation.id, 35),
      optional("custSupName", relation.name, 50),
      optional("eMail", relation.email, 255),
      optional("commerceNr", relation.kvkNumber, 999),
      country,
      optional("taxRegIdent", relation.vatNumber, 30),
      element("custSupTp", relation.type),
      streetAddress(version, relation.address),
      "</customerSupplier>\n",
    ].join("");
  }
  return [
    "<customerSupplier>",
    element("custSupID", relation.id, 35),
    optional("custSupName", relation.name, 50),
    optional("eMail", relation.email, 255),
    optional("commerceNr", relation.kvkNumber, 100),
    country,
    optional("taxRegIdent", relation.vatNumber, 30),
    element("custSupTp", relation.type),
    element("opBalDesc", xafAmount(relation.openingCents)),
    element("opBalTp", sideOf(relation.openingCents)),
    element("clBalDesc", xafAmount(relation.closingCents)),
    element("clBalTp", sideOf(relation.closingCents)),
    streetAddress(version, relation.address),
    "</customerSupplier>\n",
  ].join("");
}

export interface XafAccount {
  id: string;
  description: string;
  type: "B" | "P";
  rgsCode: string | null;
  /** the account it is grouped under in our chart (3.2's lead code) */
  parent: { id: string; description: string } | null;
}

export function ledgerAccount(version: XafVersion, account: XafAccount): string {
  const common = [
    element("accID", account.id, 35),
    element("accDesc", account.description, version === "4.0" ? 255 : 999),
    element("accTp", account.type),
  ];
  const extra =
    version === "4.0"
      ? [element("RGScode", account.rgsCode, 255)]
      : [
          element("leadCode", account.parent?.id, 999),
          element("leadDescription", account.parent?.description, 999),
          element("leadReference", account.rgsCode, 999),
        ];
  return ["<ledgerAccount>", ...common, ...extra, "</ledgerAccount>\n"].join("");
}

export interface XafVatCode {
  id: string;
  description: string;
  toPayAccountId: string | null;
  toClaimAccountId: string | null;
}

export function vatCode(version: XafVersion, code: XafVatCode): string {
  return [
    "<vatCode>",
    element("vatID", code.id, 35),
    element("vatDesc", code.description, version === "4.0" ? 100 : 999),
    element("vatToPayAccID", code.toPayAccountId, 35),
    element("vatToClaimAccID", code.toClaimAccountId, 35),
    "</vatCode>\n",
  ].join("");
}

const MONTH_NAMES = [
  "januari",
  "februari",
  "maart",
  "april",
  "mei",
  "juni",
  "juli",
  "augustus",
  "september",
  "oktober",
  "november",
  "december",
];

export function period(version: XafVersion, month: Month): string {
  return [
    "<period>",
    element("periodNumber", String(month.number)),
    version === "3.2" ? element("periodDesc", `${MONTH_NAMES[month.number - 1]} ${month.from.slice(0, 4)}`) : "",
    element("startDatePeriod", month.from),
    element("endDatePeriod", month.till),
    "</period>\n",
  ].join("");
}

/** Debits and credits summed exactly, and how many lines they came from. */
export interface XafTotals {
  linesCount: number;
  debitCents: bigint;
  creditCents: bigint;
}

function totals(of: XafTotals): string {
  return [
    element("linesCount", String(of.linesCount)),
    element("totalDebit", xafAmount(of.debitCents)),
    element("totalCredit", xafAmount(of.creditCents)),
  ].join("");
}

/** The opening balance: one line per account with a balance, debit positive. */
export function openingBalance(
  version: XafVersion,
  date: string,
  lines: ReadonlyArray<{ accountId: string; cents: bigint }>,
): string {
  let debitCents = 0n;
  let creditCents = 0n;
  for (const line of lines) {
    if (line.cents > 0n) debitCents += line.cents;
    else creditCents -= line.cents;
  }
  const head =
    version === "3.2" ? [element("opBalDate", date), element("opBalDesc", `Beginbalans ${date.slice(0, 4)}`)] : [];
  return [
    "<openingBalance>",
    ...head,
    totals({ linesCount: lines.length, debitCents, creditCents }),
    "\n",
    ...lines.map(
      (line, index) =>
        `<obLine>${element("nr", String(index + 1))}${element("accID", line.accountId, 35)}${element(
          "amnt",
          xafAmount(line.cents),
        )}${element("amntTp", sideOf(line.cents))}</obLine>\n`,
    ),
    "</openingBalance>\n",
  ].join("");
}

export function transactionsStart(of: XafTotals): string {
  return `<transactions>${totals(of)}\n`;
}

export function journalStart(journal: { id: string; description: string; type: string }): string {
  return `<journal>${element("jrnID", journal.id)}${element("desc", journal.description)}${element("jrnTp", journal.type)}\n`;
}

export const JOURNAL_END = "</journal>\n";
export const XAF_END = "</transactions>\n</company>\n</auditfile>\n";
