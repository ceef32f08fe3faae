/**
 * The one place that decides which language a reader gets, from an Accept-Language header
 * (RFC 9110 section 12.5.4), negotiated by `negotiator`. Invariants:
 * - the answer is always one of LANGUAGES: the supported language the reader rates highest,
 *   or the caller's fallback when the header is absent, empty, unreadable or names nothing we
 *   support (pages fall back to Dutch, API messages to English: each caller says which);
 * - a language is rated by the range naming exactly it, else by the best range naming a regional
 *   form of it ("en-GB" reads our English), else by `*`;
 * - a part of the header that does not follow the grammar is skipped, never guessed at, and
 *   never makes the rest of the header count for less;
 * - q=0 means "not acceptable": a language rated 0 is never chosen, unless as the fallback when
 *   nothing else is acceptable either (the reader has to be answered in some language);
 * - equal ratings go to the more exact range, then the reader's order; a tie no order breaks
 *   (`*` alone) goes to the fallback.
 * Pure code: no Fastify, no clock, no env.
 */
import Negotiator from "negotiator";

export type Language = "nl" | "en";

/** Every supported language, in the order a tie among languages no range orders falls back on. */
export const LANGUAGES: readonly Language[] = ["nl", "en"];

/**
 * One part of the header as the grammar allows it: a language range (RFC 4647 section 2.1:
 * `1*8ALPHA *("-" 1*8alphanum)` or `*`) and at most a weight, `q=` with at most three decimals
 * and not above 1. Negotiator reads more leniently (any parameter, any number), so parts it would
 * guess at are dropped first.
 */
const WELL_FORMED_PART =
  /^[ \t]*(\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)[ \t]*(?:;[ \t]*q[ \t]*=[ \t]*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)[ \t]*)?$/i;

function wellFormedParts(header: string): string {
  return header
    .split(",")
    .flatMap((part) => {
      const match = WELL_FORMED_PART.exec(part);
      return match === null ? [] : [`${match[1]};q=${match[2] ?? "1"}`];
    })
    .join(",");
}

/**
 * The supported language an Accept-Language header value asks for most, or `fallback` when it
 * accepts none of them. A header sent more than once comes as an array: its lines count as one
 * list, as RFC 9110 section 5.3 says.
 */
export function negotiateLanguage(header: string | readonly string[] | undefined, fallback: Language): Language {
  if (header === undefined) return fallback;
  const text = wellFormedParts(typeof header === "string" ? header : header.join(","));
  // The fallback is offered first so that it wins a tie no range breaks.
  const offered = [fallback, ...LANGUAGES.filter((other) => other !== fallback)];
  const [best] = new Negotiator({ headers: { "accept-language": text } }).languages(offered);
  return LANGUAGES.find((language) => language === best) ?? fallback;
}
