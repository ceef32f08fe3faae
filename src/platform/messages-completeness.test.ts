/**
 * Every English error text written in src/ has its Dutch in the catalogue (messages.ts,
 * messages-problems.ts). The sources are read with the TypeScript parser at test time; the texts
 * are the literal arguments of the calls that make API errors, and the literal `problem:` values
 * that rules answer and call sites pass on. A template literal cannot be looked up as it stands:
 * SAMPLES gives it values, and the sample must both fit the template and translate. Texts that
 * are not literals where they are used (variables, joined lists) are covered in messages.test.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { messageInDutch, resourceInDutch } from "./messages.js";
import { problemInDutch, statementInDutch } from "./messages-problems.js";

const SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** What a text is, and so how it is looked up. */
type Kind = "message" | "problem" | "statement" | "resource";

const translates: Record<Kind, (english: string) => boolean> = {
  message: (english) => messageInDutch(english) !== null,
  problem: (english) => problemInDutch(english) !== null,
  // a rule's `problem` goes to `errors.add` (after an attribute) or stands alone in a document's message
  statement: (english) => statementInDutch(english) !== null || problemInDutch(english) !== null,
  resource: (english) => resourceInDutch(english) !== null,
};

// Pages name their form problems with keys ("wrong", "used") and translate them themselves.
const PAGE_ROUTES = new Set([
  "modules/sessions/routes.ts",
  "modules/quotation-signing/routes.ts",
  "modules/account-pages/routes.ts",
]);

/** The argument of each error-making call that holds a text of the catalogue. */
const CALLS: ReadonlyArray<{ callee: RegExp; argument: number; kind: Kind }> = [
  { callee: /(?:^|\.)errors\.add$/, argument: 1, kind: "problem" },
  { callee: /^ApiError$/, argument: 1, kind: "message" },
  { callee: /^invalidToken$/, argument: 0, kind: "message" },
  { callee: /^invalidParameter$/, argument: 1, kind: "problem" },
  { callee: /^(?:invalid|invalidDocument)$/, argument: 0, kind: "resource" },
  { callee: /^(?:invalid|invalidDocument)$/, argument: 1, kind: "statement" },
  { callee: /^notFound$/, argument: 0, kind: "resource" },
  { callee: /^readPathId$/, argument: 1, kind: "resource" },
];

/** Properties of document kinds and rule results whose literal values are texts of errors. */
const PROPERTIES: Readonly<Record<string, Kind>> = {
  problem: "statement",
  lockedProblem: "statement",
  uniqueViolation: "statement",
  undeletable: "statement",
};

interface Found {
  /** the literal as in the source: the text itself, or a template's source with its `${…}` */
  text: string;
  template: boolean;
  kind: Kind;
  where: string;
}

/** The string literals an expression can evaluate to, taken through `a ? b : c` and arrow bodies. */
function literals(node: ts.Node): Array<{ text: string; template: boolean }> {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    return [{ text: node.text, template: false }];
  if (ts.isTemplateExpression(node)) return [{ text: node.getText(), template: true }];
  if (ts.isConditionalExpression(node)) return [...literals(node.whenTrue), ...literals(node.whenFalse)];
  if (ts.isParenthesizedExpression(node)) return literals(node.expression);
  if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) return literals(node.body);
  return [];
}

function scan(file: string): Found[] {
  const relative = path.relative(SOURCE, file);
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: Found[] = [];
  const add = (node: ts.Node, kind: Kind) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    for (const literal of literals(node)) found.push({ ...literal, kind, where: `${relative}:${line}` });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const callee = node.expression.getText(source);
      for (const call of CALLS) {
        const argument = node.arguments?.[call.argument];
        if (call.callee.test(callee) && argument !== undefined) add(argument, call.kind);
      }
    }
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && !PAGE_ROUTES.has(relative)) {
      const kind = PROPERTIES[node.name.text];
      if (kind !== undefined) add(node.initializer, kind);
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && /RESOURCE$/.test(node.name.text)) {
      if (node.initializer !== undefined) add(node.initializer, "resource");
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** Sample English for each template literal of an error text, as the source spells the template. */
// biome-ignore format: one template a line reads best
const SAMPLES: Readonly<Record<string, readonly string[]>> = {
  // platform
  "`${resourceName} is invalid: ${listed}`": ["Sales invoice is invalid: date can't be blank; invoice_lines[0].price_per_unit can't be blank"],
  "`${resourceName} not found`": ["Contact not found", "VAT type not found"],
  "`Parameter ${name} ${problem}`": ["Parameter page must be a whole number", "Parameter per_page must be between 0 and 100"],
  "`No endpoint ${request.method} ${request.url.split(\"?\")[0]}`": ["No endpoint GET /api/v1/nothing"],
  "`This token lacks the scope ${scope}`": ["This token lacks the scope read:contacts"],
  "`The scope ${scope} is not allowed for this company`": ["The scope manage:payments is not allowed for this company"],
  "`Parameter ${spec.wrapper} is missing or empty`": ["Parameter ride is missing or empty"],
  "`Parameter ${spec.wrapper} must be an object`": ["Parameter ride must be an object"],
  "`Unpermitted parameter${unknown.length > 1 ? \"s\" : \"\"} in ${spec.wrapper}: ${unknown.join(\", \")}`": [
    "Unpermitted parameter in ride: colour",
    "Unpermitted parameters in sales_invoice: colour, invoice_lines[].size",
  ],
  "`falls in a period whose VAT return is filed (${lock.from_date} to ${lock.till_date})`": [
    "falls in a period whose VAT return is filed (2026-07-01 to 2026-09-30)",
  ],
  "`must be between ${minimum} and ${maximum}`": ["must be between 0 and 100", "must be between 1 and 9007199254740991", "must be between -10000000000000 and 10000000000000"],
  "`must be one of: ${allowed.join(\", \")}`": ["must be one of: all, open, paid"],
  "`must have at most ${MAX_DECIMAL_PLACES} decimals`": ["must have at most 10 decimals"],
  "`must have at most ${MAX_ARRAY_ITEMS} elements`": ["must have at most 1000 elements"],
  "`is too large (at most ${MAX_AMOUNT} in total)`": ["is too large (at most 10000000000000 in total)"],
  "`The request body is nested too deeply (at most ${JSON_MAX_DEPTH} levels)`": ["The request body is nested too deeply (at most 20 levels)"],
  "`The request body has an array of more than ${JSON_MAX_ARRAY_LENGTH} elements`": ["The request body has an array of more than 10000 elements"],
  "`must be one of: ${allowed}`": ["must be one of: pay_transfer, pay_cash"],
  "`is too long (at most ${schema.maxLength} characters)`": ["is too long (at most 255 characters)"],
  "`${id} is not one of this document's ${name}`": ["17 is not one of this document's lines"],
  "`${id} is named more than once`": ["17 is named more than once"],
  "`is not a valid IBAN for ${country} (expected ${length} characters, got ${iban.length})`": [
    "is not a valid IBAN for NL (expected 18 characters, got 17)",
  ],
  "`is not a valid VAT number for ${prefix} (expected ${format.shape})`": [
    "is not a valid VAT number for NL (expected NL + 9 digits + B + 2 digits)",
    "is not a valid VAT number for ES (expected ES + 9 characters: a letter or digit, 7 digits, a letter or digit (not all digits))",
  ],
  // modules
  "`must be on or after ${EARLIEST_INVOICE_DATE}`": ["must be on or after 1990-01-01"],
  "`must be between ${FIRST_YEAR} and ${LAST_YEAR}`": ["must be between 1900 and 9999"],
  "`must end by ${LAST_DATE} (counted from started_at)`": ["must end by 9999-12-31 (counted from started_at)"],
  "`cannot take more on account ${account} in ${month} (at most ${MOST_A_MONTH} a month)`": [
    "cannot take more on account activa.current_assets.debtors in 2026-02 (at most 92233720368547758.07 a month)",
  ],
  "`add up to more than one ledger line holds (at most ${LARGEST_LINE} per account)`": [
    "add up to more than one ledger line holds (at most 90071992547409.91 per account)",
  ],
  "`are too many: a document takes at most ${MAX_PAYMENTS_PER_DOCUMENT} payments`": [
    "are too many: a document takes at most 1000 payments",
  ],
  "`has amounts too large to settle in one entry (each at most ${LARGEST_LINE})`": [
    "has amounts too large to settle in one entry (each at most 90071992547409.91)",
  ],
  "`has more kilometres than a report can state (at most ${Number.MAX_SAFE_INTEGER})`": [
    "has more kilometres than a report can state (at most 9007199254740991)",
  ],
  "`must be on or after ${EARLIEST_EXPENSE_DATE}`": ["must be on or after 1990-01-01"],
  "`can't be blank when ${why}`": ["can't be blank when a line's VAT is reverse-charged"],
  "`do not balance: debits ${centsToDecimal(debits)}, credits ${centsToDecimal(credits)}`": ["do not balance: debits 100.0, credits 99.5"],
  "`${resource} is invalid: ${problem}`": ["Sales invoice is invalid: it is already published", "Quotation is invalid: invoice_number has already been taken"],
  "`${RESOURCE} is invalid: invoice_line.product_code has already been taken`": ["Product is invalid: invoice_line.product_code has already been taken"],
  "`${RESOURCE} cannot be deleted: a published document uses it`": ["Contact cannot be deleted: a published document uses it"],
  "`No user with e-mail address ${normaliseEmail(email)}`": ["No user with e-mail address someone@example.test"],
  "`The password ${problem}`": ["The password must be at least 12 characters long", "The password must be at most 1024 characters long"],
  "`must be at most ${MAX_QUERY_TEXT_LENGTH} characters`": ["must be at most 1000 characters"],
  "`Request is invalid: ${problem.attribute} ${problem.problem}`": ["Request is invalid: Idempotency-Key was already used for a different request"],
  "`Type your name (at most ${SIGNER_NAME_MAX_LENGTH} characters)`": ["Type your name (at most 200 characters)"],
  "`This link can no longer be used (${state})`": ["This link can no longer be used (expired)", "This link can no longer be used (decided)", "This link can no longer be used (closed)"],
  "`This quotation ${moved.problem}`": ["This quotation cannot be used on a denied quotation (only on published or approved)"],
  "`${trigger} ${moved.problem}`": ["_approve cannot be used on a concept quotation (only on published or denied)", "_deny can only be used on an existing quotation"],
  "`give only one of ${set.join(\", \")} at a time`": ["give only one of _approve, _deny at a time"],
  "`cannot be used on a ${current} quotation (only on ${allowed})`": ["cannot be used on a invoiced quotation (only on approved or published)"],
  "`a published expense ${state.problem}`": ["a published expense cannot go back to concept once published"],
  "`a published invoice cannot change ${attributes.join(\", \")}`": ["a published invoice cannot change date", "a published invoice cannot change date, due_date"],
  "`a published expense cannot change ${attributes.join(\", \")}`": ["a published expense cannot change amount"],
  "`a ${row.status} quotation cannot change ${attributes.join(\", \")}`": ["a published quotation cannot change contact_id"],
  "`a ${row.status} quotation cannot be deleted, only a concept`": ["a approved quotation cannot be deleted, only a concept"],
  "`is too large (${size} bytes; at most ${maxBytes} bytes, ${formatMiB(maxBytes)})`": ["is too large (10485761 bytes; at most 10485760 bytes, 10 MiB)"],
  "`is too long (at most ${FILE_NAME_MAX_CHARACTERS} characters)`": ["is too long (at most 255 characters)"],
  "`The plan '${plan.name}' allows at most ${refusal.most} ${refusal.noun}`": [
    "The plan 'basic' allows at most 500 contacts",
    "The plan 'basic' allows at most 500 products",
    "The plan 'pro' allows at most 3 companies per user",
    "The plan 'free' allows at most 5 sales invoices per month",
    "The plan 'free' allows at most 5 quotations per month",
    "The plan 'free' allows at most 1 company per user",
    "The plan 'test' allows at most 1 product",
  ],
};

/** A template's shape as a pattern: its literal parts as they are, each `${…}` as some text. */
function templatePattern(template: string): RegExp {
  const parts: string[] = [];
  let depth = 0;
  let literal = "";
  const body = template.slice(1, -1);
  for (let index = 0; index < body.length; index++) {
    const character = body[index] ?? "";
    if (depth === 0 && character === "$" && body[index + 1] === "{") {
      parts.push(literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), ".*");
      literal = "";
      depth = 1;
      index++;
    } else if (depth > 0) {
      if (character === "{") depth++;
      if (character === "}") depth--;
    } else literal += character;
  }
  parts.push(literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join("")}$`, "s");
}

const found = sourceFiles(SOURCE).flatMap(scan);

describe("the Dutch catalogue of API error texts", () => {
  it("finds the error texts of the source", () => {
    expect(found.filter((text) => !text.template).length).toBeGreaterThan(100);
    expect(found.some((text) => text.text === "can't be blank" && text.kind === "problem")).toBe(true);
    expect(found.some((text) => text.text === "Sales invoice" && text.kind === "resource")).toBe(true);
    expect(found.some((text) => text.template && text.where.startsWith("modules/sales-invoices/"))).toBe(true);
  });

  it("has Dutch for every literal text", () => {
    const missing = found
      .filter((text) => !text.template && !translates[text.kind](text.text))
      .map((text) => `${text.where} ${text.kind}: ${text.text}`);
    expect(missing).toEqual([]);
  });

  it("has a sample for every template literal, fitting the template", () => {
    const templates = found.filter((text) => text.template);
    expect(
      templates.filter((text) => SAMPLES[text.text] === undefined).map((text) => `${text.where} ${text.text}`),
    ).toEqual([]);
    const misfits = templates.flatMap((text) =>
      (SAMPLES[text.text] ?? [])
        .filter((sample) => !templatePattern(text.text).test(sample))
        .map((sample) => `${text.text} ≠ ${sample}`),
    );
    expect(misfits).toEqual([]);
  });

  it("has Dutch for every sample of a template literal", () => {
    const missing = found
      .filter((text) => text.template)
      .flatMap((text) =>
        (SAMPLES[text.text] ?? [])
          .filter((sample) => !translates[text.kind](sample))
          .map((sample) => `${text.where} ${text.kind}: ${sample}`),
      );
    expect(missing).toEqual([]);
  });

  it("keeps no sample of a template the source no longer has", () => {
    const templates = new Set(found.filter((text) => text.template).map((text) => text.text));
    expect(Object.keys(SAMPLES).filter((template) => !templates.has(template))).toEqual([]);
  });
});
