/**
 * MT940 (SWIFT customer statement) as the Dutch banks export it — ING and ABN AMRO with a
 * structured `:86:` (`/EREF/…/CNTP/iban/bic/name/…/REMI/USTD//…/`), Rabobank with `/ORDP//NAME/…`
 * or `/BENM//NAME/…` and the counter account on the line after `:61:`, older ABN AMRO exports with
 * a free `:86:` ("IBAN: … NAAM: … OMSCHRIJVING: …"). Pure code.
 *
 * Written here rather than taken from npm: `mt940js` reads amounts as floats, and
 * `@centrapay/swift-parser` pulls in moment and bignumber.js for what is a line reader of fifty
 * lines; amounts go to parsed.ts `amountCents` as the text the bank wrote.
 *
 * Invariants:
 * - everything before the first `:20:` (SWIFT headers `{1:…}{2:…}{4:`, Rabobank's `:940:`, ABN
 *   AMRO's preamble) and the `-}`/`-` trailers are ignored; each `:20:` starts a statement;
 * - `:61:`'s first date is the value date, its optional MMDD the booking date (of the year that
 *   puts it nearest the value date); a reversal (`RC`, `RD`) moves money the way its letter says;
 * - the period is the opening balance's date to the closing balance's;
 * - a problem names the field and the line of the file where it is.
 */
import {
  amountCents,
  cleanText,
  ibanOrNull,
  type ParsedStatement,
  type ParsedTransaction,
  StatementProblem,
  statementIban,
} from "./parsed.js";

interface Field {
  tag: string;
  value: string;
  line: number;
}

interface Balance {
  cents: number;
  currency: string;
  date: string;
}

export function readMt940(text: string): ParsedStatement[] {
  const fields = fieldsOf(text);
  const statements: Field[][] = [];
  for (const field of fields) {
    if (field.tag === "20") statements.push([]);
    statements.at(-1)?.push(field);
  }
  return statements.map(readStatement);
}

/** The `:tag:value` fields of the file with the line each starts on; continuation lines joined. */
function fieldsOf(text: string): Field[] {
  const fields: Field[] = [];
  // trailing spaces are kept: SWIFT cuts :86: at 65 characters, a space at a cut is text
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    const opening = /^:(\d{2}[A-Z]?):(.*)$/.exec(line);
    if (opening !== null && (fields.length > 0 || opening[1] === "20")) {
      fields.push({ tag: opening[1] ?? "", value: opening[2] ?? "", line: index + 1 });
      return;
    }
    const last = fields.at(-1);
    if (last === undefined || /^-}?\s*$/.test(line) || line.startsWith("{")) return;
    last.value += `\n${line}`;
  });
  return fields;
}

function readStatement(fields: Field[]): ParsedStatement {
  const account = single(fields, "25");
  const opening = balance(fields, ["60F", "60M"]);
  const closing = balance(fields, ["62F", "62M"]);
  const transactions: ParsedTransaction[] = [];
  fields.forEach((field, index) => {
    if (field.tag !== "61") return;
    const next = fields[index + 1];
    transactions.push(readTransaction(field, next?.tag === "86" ? next : null));
  });
  return {
    format: "mt940",
    iban: accountIban(account, opening.currency),
    currency: opening.currency,
    from: opening.date,
    till: closing.date,
    opening_balance_cents: opening.cents,
    closing_balance_cents: closing.cents,
    transactions,
  };
}

/** `:25:` as `NL69INGB0123456789EUR`, `NL69INGB0123456789 EUR` or a bare IBAN. */
function accountIban(field: Field, currency: string): string {
  const value = field.value.trim();
  const candidates = [value, value.endsWith(currency) ? value.slice(0, -currency.length) : value];
  const iban = candidates.map((candidate) => ibanOrNull(candidate)).find((found) => found !== null);
  return iban ?? statementIban(value);
}

function balance(fields: Field[], tags: string[]): Balance {
  const field = fields.find((candidate) => tags.includes(candidate.tag));
  if (field === undefined) throw new StatementProblem({ key: "statementLineMissing", field: `:${tags[0]}:` });
  const match = /^([CD])(\d{6})([A-Z]{3})([\d,]+)$/.exec(field.value.trim());
  const date = match === null ? null : swiftDate(match[2] ?? "");
  if (match === null || date === null) throw invalid(field);
  return {
    cents: amountCents(match[4] ?? "", match[1] === "D", `:${field.tag}: (line ${field.line})`),
    currency: match[3] ?? "",
    date,
  };
}

const STATEMENT_LINE =
  /^(\d{6})(\d{4})?(R?[CD])([A-Z])?([\d,]+)([NSF][A-Z0-9]{3})([^\n]*?)(?:\/\/([^\n]*))?(?:\n([\s\S]*))?$/;

function readTransaction(field: Field, details: Field | null): ParsedTransaction {
  const match = STATEMENT_LINE.exec(field.value);
  const valueDate = swiftDate(match?.[1] ?? "");
  if (match === null || valueDate === null) throw invalid(field);
  const mark = match[3] ?? "";
  const negative = mark === "D" || mark === "RC";
  const cents = amountCents(match[5] ?? "", negative, `:61: (line ${field.line})`);
  const bookingDate = match[2] === undefined ? valueDate : nearestDate(match[2], valueDate);
  if (bookingDate === null) throw invalid(field);
  const customerReference = cleanText(match[7]);
  const supplement = cleanText(match[9]);
  const description = details === null ? emptyDescription() : readDescription(details.value);
  return {
    amount_cents: cents,
    booking_date: bookingDate,
    value_date: valueDate,
    counterparty_name: description.name,
    counterparty_iban: description.iban ?? ibanOrNull(supplement?.split(" ")[0]),
    end_to_end_id:
      description.endToEnd ??
      (customerReference === null || customerReference === "NONREF" || customerReference === "EREF"
        ? null
        : customerReference),
    reference: description.reference,
    remittance: description.remittance,
    bank_reference: cleanText(match[8]),
  };
}

interface Description {
  name: string | null;
  iban: string | null;
  endToEnd: string | null;
  reference: string | null;
  remittance: string | null;
}

const emptyDescription = (): Description => ({
  name: null,
  iban: null,
  endToEnd: null,
  reference: null,
  remittance: null,
});

const TAGS = ["EREF", "CNTP", "REMI", "IBAN", "BIC", "NAME", "ADDR", "MARF", "CSID", "ORDP", "BENM", "ULTC", "ULTD"];
const TAGGED = new RegExp(`/(${[...TAGS, "PURP", "RTRN", "TRTP", "ISDT", "PREF", "ID"].join("|")})/`, "g");

/** `:86:` structured by `/TAG/` (ING, ABN AMRO SEPA, Rabobank) or free text (older ABN AMRO). */
function readDescription(raw: string): Description {
  const text = raw.replace(/\n/g, "");
  const parts = new Map<string, string>();
  const found = [...text.matchAll(TAGGED)];
  found.forEach((match, index) => {
    const start = (match.index ?? 0) + match[0].length;
    const end = found[index + 1]?.index ?? text.length;
    const tag = match[1] ?? "";
    if (!parts.has(tag)) parts.set(tag, text.slice(start, end).replace(/\/+$/, ""));
  });
  if (!found.some((match) => TAGS.includes(match[1] ?? ""))) return freeDescription(raw);
  const counterparty = (parts.get("CNTP") ?? "").split("/");
  const remittance = parts.get("REMI") ?? "";
  const structured = /^STRD\/(?:CUR|ISO)\/(.*)$/.exec(remittance);
  const endToEnd = cleanText(parts.get("EREF"));
  return {
    name: cleanText(counterparty[2]) ?? cleanText(parts.get("NAME")),
    iban: ibanOrNull(counterparty[0]) ?? ibanOrNull(parts.get("IBAN")),
    endToEnd: endToEnd === "NOTPROVIDED" ? null : endToEnd,
    reference: structured === null ? null : cleanText(structured[1]),
    remittance: structured === null ? cleanText(remittance.replace(/^USTD\/\//, "")) : null,
  };
}

/** ABN AMRO's older `:86:`: labelled values in fixed columns ("NAAM: … OMSCHRIJVING: …"). */
function freeDescription(raw: string): Description {
  const text = raw.replace(/\n/g, " ");
  const labelled = (label: string) =>
    cleanText(
      new RegExp(`${label}:\\s*(.*?)(?=\\s+(?:IBAN|BIC|NAAM|OMSCHRIJVING|KENMERK|MACHTIGING):|$)`, "i").exec(text)?.[1],
    );
  const iban = ibanOrNull(labelled("IBAN"));
  return {
    name: labelled("NAAM"),
    iban,
    endToEnd: labelled("KENMERK"),
    reference: null,
    remittance: iban === null ? cleanText(text) : labelled("OMSCHRIJVING"),
  };
}

function single(fields: Field[], tag: string): Field {
  const field = fields.find((candidate) => candidate.tag === tag);
  if (field === undefined) throw new StatementProblem({ key: "statementLineMissing", field: `:${tag}:` });
  return field;
}

function invalid(field: Field): StatementProblem {
  return new StatementProblem({ key: "statementLineInvalid", line: field.line, field: `:${field.tag}:` });
}

/** YYMMDD as an ISO date (years 2000-2099), or null when it is no calendar day. */
function swiftDate(text: string): string | null {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (match === null) return null;
  return isoDate(2000 + Number(match[1]), Number(match[2]), Number(match[3]));
}

/** MMDD in the year (of `near`'s, the one before or after) that puts it nearest `near`. */
function nearestDate(monthDay: string, near: string): string | null {
  const year = Number(near.slice(0, 4));
  const month = Number(monthDay.slice(0, 2));
  const day = Number(monthDay.slice(2, 4));
  const options = [year - 1, year, year + 1]
    .map((candidate) => isoDate(candidate, month, day))
    .filter((date) => date !== null);
  const distance = (date: string) => Math.abs(Date.parse(date) - Date.parse(near));
  return options.sort((a, b) => distance(a) - distance(b))[0] ?? null;
}

function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}
