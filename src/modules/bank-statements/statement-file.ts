/**
 * A bank statement file recognised by its content and read: CAMT.053 (ISO 20022 XML, versions
 * 001.02 to 001.08) or MT940. Pure code. Invariant: what it returns satisfies every invariant of
 * parsed.ts, the balance and the currency included; anything else is a StatementProblem.
 */
import { centsToDecimal } from "../../platform/money.js";
import { readCamt053 } from "./camt.js";
import { readMt940 } from "./mt940.js";
import { type ParsedStatement, StatementProblem } from "./parsed.js";

const CAMT_NAMESPACE = /urn:iso:std:iso:20022:tech:xsd:camt\.053\.(\d{3}\.\d{2})/;
const READABLE_CAMT_VERSIONS = new Set(["001.02", "001.03", "001.04", "001.05", "001.06", "001.07", "001.08"]);

/** The statements of a file, checked; a StatementProblem when the file is not one we can book. */
export function readStatementFile(bytes: Uint8Array): ParsedStatement[] {
  const text = decodeText(bytes).replace(/^\uFEFF/, "");
  const start = text.trimStart();
  let statements: ParsedStatement[];
  if (start.startsWith("<")) {
    const version = CAMT_NAMESPACE.exec(start)?.[1];
    if (version === undefined) throw new StatementProblem({ key: "statementFormat" });
    if (!READABLE_CAMT_VERSIONS.has(version)) throw new StatementProblem({ key: "statementVersion", version });
    statements = readCamt053(text);
  } else if (/^:20:/m.test(text) && /^:6[02][FM]:/m.test(text)) {
    statements = readMt940(text);
  } else {
    throw new StatementProblem({ key: "statementFormat" });
  }
  if (statements.length === 0) throw new StatementProblem({ key: "statementEmpty" });
  for (const statement of statements) checkStatement(statement);
  return statements;
}

/** UTF-8 when the bytes are; otherwise Latin-1, in which older MT940 exports come. */
function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("latin1").decode(bytes);
  }
}

function checkStatement(statement: ParsedStatement): void {
  if (statement.currency !== "EUR") {
    throw new StatementProblem({ key: "statementCurrency", currency: statement.currency });
  }
  const movements = statement.transactions.reduce((sum, transaction) => sum + BigInt(transaction.amount_cents), 0n);
  if (BigInt(statement.opening_balance_cents) + movements !== BigInt(statement.closing_balance_cents)) {
    throw new StatementProblem({
      key: "statementUnbalanced",
      iban: statement.iban,
      opening: centsToDecimal(statement.opening_balance_cents),
      movements: centsToDecimal(movements),
      closing: centsToDecimal(statement.closing_balance_cents),
    });
  }
}
