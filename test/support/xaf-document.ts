/**
 * For the auditfile tests (src/modules/exports): an XAF file read back as ordered elements
 * (fast-xml-parser, order kept, every value as text), the steps through it and the sums of its
 * amounts, and where the published XSD files lie when KASBOEK_XAF_XSD_DIR names a folder. Not
 * used by the service.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import type { ParsedElement } from "../../src/modules/exports/xaf-schema.js";

type Ordered = Array<Record<string, unknown>>;
const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, parseTagValue: false });

export function elementsOf(nodes: Ordered): ParsedElement[] {
  return nodes.flatMap((node) => {
    const name = Object.keys(node).find((key) => key !== ":@");
    if (name === undefined || name === "#text" || name === "?xml") return [];
    const content = (node[name] ?? []) as Ordered;
    const text = content
      .map((child) => ("#text" in child ? String(child["#text"]) : ""))
      .join("")
      .trim();
    return [{ name, children: elementsOf(content), text }];
  });
}

export function parse(xml: string): { root: ParsedElement; namespace: unknown } {
  const nodes = parser.parse(xml) as Ordered;
  const rootNode = nodes.find((node) => "auditfile" in node);
  const [root] = elementsOf(nodes);
  if (root === undefined) throw new Error("no root element");
  return { root, namespace: (rootNode?.[":@"] as Record<string, unknown> | undefined)?.["@_xmlns"] };
}

export const child = (element: ParsedElement, name: string) =>
  element.children.find((candidate) => candidate.name === name);
export const childrenNamed = (element: ParsedElement, name: string) => element.children.filter((c) => c.name === name);
export const textOf = (element: ParsedElement, name: string) => child(element, name)?.text ?? "";

export function descend(element: ParsedElement, ...names: string[]): ParsedElement {
  let at = element;
  for (const name of names) {
    const next = child(at, name);
    if (next === undefined) throw new Error(`no ${name} in ${at.name}`);
    at = next;
  }
  return at;
}

/** Cents of a decimal with at most two places ("363.0", "-12.50"). */
export function cents(decimal: string): bigint {
  const [whole = "0", fraction = ""] = decimal.replace("-", "").split(".");
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2));
  return decimal.startsWith("-") ? -value : value;
}

/** Sum of `amnt` per side over elements with amnt/amntTp. */
export function sides(elements: readonly ParsedElement[]): { D: bigint; C: bigint } {
  const sum = { D: 0n, C: 0n };
  for (const element of elements) {
    const side = textOf(element, "amntTp") as "D" | "C";
    sum[side] += cents(textOf(element, "amnt"));
  }
  return sum;
}

/** The XSD of `version` in KASBOEK_XAF_XSD_DIR, by its published file name. */
export function xsdFile(directory: string, version: "4.0" | "3.2"): string | undefined {
  const names = existsSync(directory) ? readdirSync(directory) : [];
  const name =
    version === "3.2"
      ? names.find((file) => /3\.2\.xsd$/i.test(file))
      : names.find((file) => /4\.0[^/]*\.xsd$/i.test(file) || /xaf_?4/i.test(file));
  return name === undefined ? undefined : path.join(directory, name);
}
