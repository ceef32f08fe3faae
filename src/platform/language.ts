/**
 * The one place that decides which language a reader gets, from an Accept-Language header
 * (RFC 9110 section 12.5.4). Invariants:
 * - the answer is always one of LANGUAGES: the supported language the reader rates highest,
 *   or the caller's fallback when the header is absent, empty, unreadable or names nothing we
 *   support (pages fall back to Dutch, API messages to English: each caller says which);
 * - a part of the header that does not follow the grammar is skipped, never guessed at, and
 *   never makes the rest of the header count for less;
 * - q=0 means "not acceptable": a language rated 0 is never chosen, unless as the fallback when
 *   nothing else is acceptable either (the reader has to be answered in some language);
 * - equal ratings keep the reader's order; a tie no order breaks (`*` alone) goes to the fallback.
 * Pure code: no Fastify, no clock, no env.
 */

export type Language = "nl" | "en";

/** Every supported language, in the order a tie among languages no range orders falls back on. */
export const LANGUAGES: readonly Language[] = ["nl", "en"];

/** One part of the header that follows the grammar. */
export interface LanguageRange {
  /** the primary subtag in lower case ("nl" for "nl-BE"), or "*" */
  primary: string;
  /** whether the range names a region or variant too ("nl-BE") */
  specific: boolean;
  /** 0 to 1000: the q-value in thousandths */
  weight: number;
  /** where the range stood in the header, for ties */
  position: number;
}

// language-range = (1*8ALPHA *("-" 1*8alphanum)) / "*"  (RFC 4647 section 2.1)
const RANGE = /^(?:\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)$/i;
// qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** The thousandths of a q parameter, or null when the parameter is not a well-formed weight. */
function weightOf(parameter: string): number | null {
  const match = /^q[ \t]*=[ \t]*(.*)$/i.exec(parameter.trim());
  const value = match?.[1]?.trim();
  if (value === undefined || !QVALUE.test(value)) return null;
  return Math.round(Number(value) * 1000);
}

function parseRange(part: string, position: number): LanguageRange | null {
  const [tag = "", ...parameters] = part.split(";");
  const range = tag.trim();
  if (!RANGE.test(range)) return null;
  // Only a weight may follow a range; anything else makes the part unreadable.
  if (parameters.length > 1) return null;
  const weight = parameters[0] === undefined ? 1000 : weightOf(parameters[0]);
  if (weight === null) return null;
  const [primary = "", ...rest] = range.toLowerCase().split("-");
  return { primary, specific: rest.length > 0, weight, position };
}

/** The well-formed ranges of a header, in header order (parts that are empty are skipped too). */
export function parseAcceptLanguage(header: string): LanguageRange[] {
  const ranges: LanguageRange[] = [];
  header.split(",").forEach((part, position) => {
    if (part.trim() === "") return;
    const range = parseRange(part, position);
    if (range !== null) ranges.push(range);
  });
  return ranges;
}

/**
 * How a reader rates one supported language: the range naming exactly that language decides;
 * without one, the ranges naming a regional form of it ("en-GB" for "en": we have one English
 * and one Dutch, so any form of the language reads ours), the best of them; without those, `*`.
 * Null when no range applies.
 */
function rating(language: Language, ranges: readonly LanguageRange[]): LanguageRange | null {
  const best = (candidates: LanguageRange[]) =>
    candidates.reduce<LanguageRange | null>(
      (winner, range) => (winner === null || range.weight > winner.weight ? range : winner),
      null,
    );
  return (
    best(ranges.filter((range) => range.primary === language && !range.specific)) ??
    best(ranges.filter((range) => range.primary === language && range.specific)) ??
    best(ranges.filter((range) => range.primary === "*"))
  );
}

/**
 * The supported language an Accept-Language header value asks for most, or `fallback` when it
 * accepts none of them. A header sent more than once comes as an array: its lines count as one
 * list, as RFC 9110 section 5.3 says.
 */
export function negotiateLanguage(header: string | readonly string[] | undefined, fallback: Language): Language {
  if (header === undefined) return fallback;
  const ranges = parseAcceptLanguage(typeof header === "string" ? header : header.join(","));
  let chosen: { language: Language; range: LanguageRange } | null = null;
  // The fallback is looked at first so that it wins a tie no position breaks.
  for (const language of [fallback, ...LANGUAGES.filter((other) => other !== fallback)]) {
    const range = rating(language, ranges);
    if (range === null || range.weight === 0) continue;
    const better =
      chosen === null ||
      range.weight > chosen.range.weight ||
      (range.weight === chosen.range.weight && range.position < chosen.range.position);
    if (better) chosen = { language, range };
  }
  return chosen?.language ?? fallback;
}
