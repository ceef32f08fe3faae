/**
 * The published XAF schemas' rules as data, and a check of a parsed file against them: element
 * names, their order (every XAF type is an xs:sequence), how often each occurs, and each value's
 * type, length and code list. What the tests hold a written auditfile to when the XSD files
 * themselves are not at hand; pure, no I/O.
 *
 * Transcribed from the field catalogues generated from the official XSDs (SpireflyHQ/pyxaf
 * `catalogue/_generated_xaf32.py`, `_generated_xaf40.py`) and the 3.2.1 XSD (same structure as
 * 3.2), then checked against XmlAuditfileFinancieel3.2.xsd and the 4.0.3 package's
 * XmlAuditfileFinancieel4.0.xsd themselves (3.2's closed country list came from there). Every
 * required element is here; of the optional ones, those Kasboek writes. An element not listed is
 * reported as unknown, so the file holds nothing this table does not vouch for.
 */

import { XAF32_COUNTRY_CODES } from "./xaf-countries.js";

export type Leaf =
  | { kind: "string"; max?: number; length?: number; codes?: readonly string[]; pattern?: RegExp }
  | { kind: "date" }
  | { kind: "decimal"; digits: number; fraction: number; nonNegative?: boolean }
  | { kind: "integer"; digits: number };

export interface SchemaElement {
  name: string;
  min: 0 | 1;
  /** null: unbounded */
  max: number | null;
  leaf?: Leaf;
  children?: readonly SchemaElement[];
}

const text = (max?: number): Leaf => (max === undefined ? { kind: "string" } : { kind: "string", max });
const codes = (...values: string[]): Leaf => ({ kind: "string", codes: values });
const DATE: Leaf = { kind: "date" };
const AMOUNT: Leaf = { kind: "decimal", digits: 20, fraction: 2 };
const PERCENT: Leaf = { kind: "decimal", digits: 8, fraction: 3, nonNegative: true };
/** 4.0: two letters (the XSD: length 2, no digits); 3.2: its XSD's closed list (xaf-countries.ts) */
const country = (version: "3.2" | "4.0"): Leaf =>
  version === "4.0"
    ? { kind: "string", length: 2, pattern: /^[A-Z]{2}$/ }
    : { kind: "string", length: 2, codes: [...XAF32_COUNTRY_CODES] };
const SIDE = codes("C", "D");

const required = (name: string, leaf: Leaf): SchemaElement => ({ name, min: 1, max: 1, leaf });
const optional = (name: string, leaf: Leaf): SchemaElement => ({ name, min: 0, max: 1, leaf });
const group = (name: string, min: 0 | 1, max: number | null, children: SchemaElement[]): SchemaElement => ({
  name,
  min,
  max,
  children,
});

function address(version: "3.2" | "4.0"): SchemaElement {
  return group("streetAddress", 0, null, [
    optional("streetname", text(version === "4.0" ? 100 : 999)),
    optional("number", text(15)),
    optional("numberExtension", text(999)),
    optional("city", text(50)),
    optional("postalCode", text(10)),
    optional("country", country(version)),
  ]);
}

function totals(): SchemaElement[] {
  return [
    required("linesCount", { kind: "integer", digits: 10 }),
    required("totalDebit", AMOUNT),
    required("totalCredit", AMOUNT),
  ];
}

function transactions(version: "3.2" | "4.0"): SchemaElement {
  const vat = group("vat", 0, 99, [
    required("vatID", text(35)),
    required("vatPerc", PERCENT),
    required("vatAmnt", AMOUNT),
    required("vatAmntTp", SIDE),
  ]);
  const line = group("trLine", 0, null, [
    required("nr", text(35)),
    required("accID", text(35)),
    required("docRef", text(version === "4.0" ? 255 : 999)),
    required("effDate", DATE),
    optional("desc", text()),
    required("amnt", AMOUNT),
    required("amntTp", SIDE),
    optional("custSupID", text(35)),
    vat,
  ]);
  const source = version === "4.0" ? optional("Source", text(999)) : optional("sourceID", text(35));
  const transaction = group("transaction", 0, null, [
    required("nr", text(35)),
    optional("desc", text()),
    required("periodNumber", { kind: "integer", digits: 3 }),
    required("trDt", DATE),
    source,
    line,
  ]);
  const journal = group("journal", 0, null, [
    required("jrnID", text(35)),
    required("desc", text()),
    optional("jrnTp", codes("B", "C", "G", "M", "O", "P", "S", "T", "Y", "Z")),
    transaction,
  ]);
  return group("transactions", 0, 1, [...totals(), journal]);
}

function company(version: "3.2" | "4.0"): SchemaElement {
  const relation = group("customerSupplier", 0, null, [
    required("custSupID", text(35)),
    optional("custSupName", text(50)),
    optional("eMail", text()),
    optional("commerceNr", text(version === "4.0" ? 100 : 999)),
    optional("taxRegistrationCountry", country(version)),
    optional("taxRegIdent", text(30)),
    optional("custSupTp", version === "4.0" ? codes("B", "C", "S") : codes("B", "C", "O", "S")),
    ...(version === "4.0"
      ? [
          optional("opBalDesc", AMOUNT),
          optional("opBalTp", SIDE),
          optional("clBalDesc", AMOUNT),
          optional("clBalTp", SIDE),
        ]
      : []),
    address(version),
  ]);
  const account = group("ledgerAccount", 1, null, [
    required("accID", text(35)),
    required("accDesc", text(version === "4.0" ? 255 : 999)),
    required("accTp", version === "4.0" ? codes("B", "P") : codes("B", "M", "P")),
    ...(version === "4.0"
      ? [optional("RGScode", text(255))]
      : [
          optional("leadCode", text(999)),
          optional("leadDescription", text(999)),
          optional("leadReference", text(999)),
        ]),
  ]);
  const vatCode = group("vatCode", 0, null, [
    required("vatID", text(35)),
    required("vatDesc", text(version === "4.0" ? 100 : 999)),
    optional("vatToPayAccID", text(35)),
    optional("vatToClaimAccID", text(35)),
  ]);
  const period = group("period", 0, null, [
    required("periodNumber", { kind: "integer", digits: 3 }),
    ...(version === "3.2" ? [optional("periodDesc", text(50))] : []),
    required("startDatePeriod", DATE),
    required("endDatePeriod", DATE),
  ]);
  const obLine = group("obLine", 0, null, [
    required("nr", text(35)),
    required("accID", text(35)),
    required("amnt", AMOUNT),
    required("amntTp", SIDE),
  ]);
  const opening =
    version === "4.0"
      ? group("openingBalance", 0, 1, [...totals(), obLine])
      : group("openingBalance", 0, 1, [
          required("opBalDate", DATE),
          optional("opBalDesc", text(999)),
          ...totals(),
          obLine,
        ]);
  return group("company", 1, 1, [
    version === "4.0" ? optional("Commercenr", text(100)) : optional("companyIdent", text(35)),
    required("companyName", text(version === "4.0" ? 255 : 999)),
    required("taxRegistrationCountry", country(version)),
    required("taxRegIdent", text(30)),
    address(version),
    group("customersSuppliers", 0, 1, [relation]),
    group("generalLedger", 0, 1, [account]),
    group("vatCodes", 0, 1, [vatCode]),
    group("periods", 0, 1, [period]),
    opening,
    transactions(version),
  ]);
}

/** The root of an auditfile of `version`, as its XSD declares it. */
export function auditfileSchema(version: "3.2" | "4.0"): SchemaElement {
  const header = group("header", 1, 1, [
    required("fiscalYear", version === "4.0" ? { kind: "string", max: 9, pattern: /^(\d{4}|\d{4}-\d{4})$/ } : text(9)),
    required("startDate", DATE),
    required("endDate", DATE),
    required("curCode", { kind: "string", length: 3, pattern: /^\D*$/ }),
    required("dateCreated", DATE),
    version === "4.0" ? required("softwareDesc", text(50)) : optional("softwareDesc", text(50)),
    version === "4.0" ? required("softwareVersion", text(20)) : optional("softwareVersion", text(20)),
    ...(version === "4.0" ? [optional("RGSVersion", text(20))] : []),
  ]);
  return group("auditfile", 1, 1, [header, company(version)]);
}

/** An element as fast-xml-parser's `preserveOrder` gives it: its name, children and text. */
export interface ParsedElement {
  name: string;
  children: ParsedElement[];
  text: string;
}

function leafProblem(leaf: Leaf, value: string): string | null {
  const length = Array.from(value).length;
  switch (leaf.kind) {
    case "date":
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? null : "not a date";
    case "integer":
      return /^\d+$/.test(value) && value.replace(/^0+(?=\d)/, "").length <= leaf.digits ? null : "not an integer";
    case "decimal": {
      const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
      if (match === null) return "not a decimal";
      const [, sign = "", whole = "", fraction = ""] = match;
      if (leaf.nonNegative === true && sign === "-") return "negative";
      if (fraction.length > leaf.fraction) return `more than ${leaf.fraction} decimals`;
      if (whole.replace(/^0+(?=\d)/, "").length + fraction.length > leaf.digits)
        return `more than ${leaf.digits} digits`;
      return null;
    }
    case "string":
      if (leaf.max !== undefined && length > leaf.max) return `longer than ${leaf.max}`;
      if (leaf.length !== undefined && length !== leaf.length) return `not ${leaf.length} long`;
      if (leaf.codes !== undefined && !leaf.codes.includes(value)) return `not one of ${leaf.codes.join(" ")}`;
      if (leaf.pattern !== undefined && !leaf.pattern.test(value)) return `not matching ${leaf.pattern}`;
      return null;
  }
}

/** Every way `element` departs from `schema` (empty: it keeps every rule), with its path. */
export function schemaProblems(schema: SchemaElement, element: ParsedElement, path = `/${schema.name}`): string[] {
  if (element.name !== schema.name) return [`${path}: found ${element.name}`];
  if (schema.leaf !== undefined) {
    const problem = element.children.length > 0 ? "has child elements" : leafProblem(schema.leaf, element.text);
    return problem === null ? [] : [`${path}: ${JSON.stringify(element.text)} ${problem}`];
  }
  const expected = schema.children ?? [];
  const problems: string[] = [];
  const counts = new Map<string, number>();
  let position = 0;
  for (const child of element.children) {
    const at = expected.findIndex((candidate, index) => index >= position && candidate.name === child.name);
    if (at < 0) {
      const known = expected.some((candidate) => candidate.name === child.name);
      problems.push(`${path}/${child.name}: ${known ? "out of order" : "not in the schema"}`);
      continue;
    }
    position = at;
    const definition = expected[at];
    if (definition === undefined) continue;
    const count = (counts.get(child.name) ?? 0) + 1;
    counts.set(child.name, count);
    if (definition.max !== null && count > definition.max)
      problems.push(`${path}/${child.name}: more than ${definition.max}`);
    problems.push(...schemaProblems(definition, child, `${path}/${child.name}`));
  }
  for (const definition of expected) {
    if (definition.min === 1 && !counts.has(definition.name)) problems.push(`${path}/${definition.name}: missing`);
  }
  return problems;
}
