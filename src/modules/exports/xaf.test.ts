/**
 * The XAF writer's parts on their own (xaf.ts), where a value the books allow meets a rule of one
 * version's schema: the facts here hold without the XSD files, and when KASBOEK_XAF_XSD_DIR names
 * a folder holding them, the same small file is also validated against the XSD itself.
 */
import { readFileSync } from "node:fs";
import { XmlDocument, XsdValidator } from "libxml2-wasm";
import { describe, expect, it } from "vitest";
import { childrenNamed, descend, parse, textOf, xsdFile } from "../../../test/support/xaf-document.js";
import type { XafVersion } from "./rules.js";
import { customerSupplier, type XafHead, type XafRelation, xafStart } from "./xaf.js";
import { auditfileSchema, schemaProblems } from "./xaf-schema.js";

const VERSIONS = ["4.0", "3.2"] as const;

function head(version: XafVersion, country: string): XafHead {
  return {
    version,
    year: 2026,
    startDate: "2026-01-01",
    endDate: "2026-12-31",
    dateCreated: "2026-10-01",
    softwareVersion: "1.0.0",
    rgsVersion: null,
    companyName: "Kasboek Test BV",
    kvkNumber: "12345678",
    vatNumber: "NL123456789B01",
    country,
    address: null,
  };
}

function relation(id: string, country: string): XafRelation {
  return {
    id,
    name: `Klant ${country}`,
    email: null,
    kvkNumber: null,
    country,
    vatNumber: null,
    type: "C",
    openingCents: 0n,
    closingCents: 12_100n,
    address: { street: "Breedestraat", number: "1", extension: null, city: "Willemstad", postalCode: null, country },
  };
}

/** A whole file of a company, its relations and nothing else (every later part is optional). */
function fileWith(version: XafVersion, companyCountry: string, relations: XafRelation[]): string {
  const parts = relations.map((each) => customerSupplier(version, each)).join("");
  return `${xafStart(head(version, companyCountry))}<customersSuppliers>\n${parts}</customersSuppliers>\n</company>\n</auditfile>\n`;
}

describe("a country XAF 3.2 does not list", () => {
  // Curaçao (CW) is ISO 3166-1 since 2010 and Kasboek takes any two letters; 3.2's XSD lists
  // the codes of its time, so CW there made the whole 3.2 file invalid
  it.each(VERSIONS)("XAF %s: a relation in Curaçao keeps its country only where the schema has it", (version) => {
    const company = descend(parse(fileWith(version, "NL", [relation("1", "CW"), relation("2", "BE")])).root, "company");
    const [curacao, belgium] = childrenNamed(descend(company, "customersSuppliers"), "customerSupplier");
    if (curacao === undefined || belgium === undefined) throw new Error("two relations expected");
    const countries = (element: typeof curacao) => [
      textOf(element, "taxRegistrationCountry"),
      textOf(descend(element, "streetAddress"), "country"),
    ];
    expect(countries(curacao)).toEqual(version === "4.0" ? ["CW", "CW"] : ["", ""]);
    expect(textOf(descend(curacao, "streetAddress"), "city")).toBe("Willemstad");
    expect(countries(belgium)).toEqual(["BE", "BE"]);
  });

  it("XAF 3.2: the company's own country, which the schema requires, falls back to NL", () => {
    const company = descend(parse(fileWith("3.2", "CW", [])).root, "company");
    expect(textOf(company, "taxRegistrationCountry")).toBe("NL");
    const company40 = descend(parse(fileWith("4.0", "CW", [])).root, "company");
    expect(textOf(company40, "taxRegistrationCountry")).toBe("CW");
  });

  it("the schema table holds 3.2 to its list and lets 4.0 take any two letters", () => {
    const written = (version: XafVersion) =>
      parse(fileWith(version, "NL", [relation("1", "BE")]).replaceAll("BE", "CW")).root;
    // the table checks the whole file, whose header and company are complete enough for it
    const problems = (version: XafVersion) =>
      schemaProblems(auditfileSchema(version), written(version)).filter((problem) => problem.includes("ountry"));
    expect(problems("4.0")).toEqual([]);
    expect(problems("3.2")).toEqual([
      expect.stringMatching(/customerSupplier\/taxRegistrationCountry: "CW" not one of AD AE/),
      expect.stringMatching(/customerSupplier\/streetAddress\/country: "CW" not one of AD AE/),
    ]);
  });
});

const XSD_DIR = process.env.KASBOEK_XAF_XSD_DIR ?? "";
const schemas = { "4.0": xsdFile(XSD_DIR, "4.0"), "3.2": xsdFile(XSD_DIR, "3.2") };
const skipXsd = XSD_DIR === "" || schemas["4.0"] === undefined || schemas["3.2"] === undefined;
if (skipXsd) console.info("xaf: XSD validation of the writer's parts skipped, KASBOEK_XAF_XSD_DIR has no XSDs");

describe("the writer's parts against the published XSD files", () => {
  it.skipIf(skipXsd).each(VERSIONS)("XAF %s: a file with relations in Curaçao and Belgium validates", (version) => {
    const schema = XmlDocument.fromString(readFileSync(schemas[version] ?? "", "utf8"));
    const validator = XsdValidator.fromDoc(schema);
    const document = XmlDocument.fromString(fileWith(version, "CW", [relation("1", "CW"), relation("2", "BE")]));
    try {
      expect(() => validator.validate(document)).not.toThrow();
    } finally {
      document.dispose();
      validator.dispose();
      schema.dispose();
    }
  });
});
