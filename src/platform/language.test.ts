/**
 * Accept-Language negotiation: q ordering, ties, regional and wildcard ranges, q=0, malformed
 * parts, and the caller's fallback.
 */
import { describe, expect, it } from "vitest";
import { type Language, negotiateLanguage } from "./language.js";

describe("negotiateLanguage", () => {
  it.each<[string, string | undefined, Language, Language]>([
    ["an absent header", undefined, "nl", "nl"],
    ["an absent header (API fallback)", undefined, "en", "en"],
    ["an empty header", "", "nl", "nl"],
    ["a header of blanks and commas", " , ,", "en", "en"],
    ["English", "en", "nl", "en"],
    ["Dutch", "nl", "en", "nl"],
    ["a regional English", "en-GB,en;q=0.9", "nl", "en"],
    ["a regional English alone", "en-US", "nl", "en"],
    ["Flemish", "nl-BE", "en", "nl"],
    ["any case", "EN-gb", "nl", "en"],
    ["an unsupported language", "fr", "nl", "nl"],
    ["an unsupported language (API fallback)", "fr-FR,fr;q=0.9", "en", "en"],
    ["the best q, not the first", "en;q=0.5, nl;q=0.8", "en", "nl"],
    ["the best q after unsupported ones", "de, fr;q=0.9, en;q=0.2, nl;q=0.1", "nl", "en"],
    ["a default q of 1", "nl;q=0.9, en", "nl", "en"],
    ["header order on a tie", "en;q=0.7, nl;q=0.7", "nl", "en"],
    ["header order on a tie, the other way", "nl, en", "en", "nl"],
    ["the exact range on a tie with a regional one", "en-GB, nl", "en", "nl"],
    ["q=0 as not acceptable", "en;q=0, nl;q=0.1", "en", "nl"],
    ["q=0 with a regional range of the same language", "en-GB, en;q=0, nl;q=0.2", "en", "nl"],
    ["the best of several regional ranges", "en-US;q=0.3, nl;q=0.5, en-GB;q=0.9", "nl", "en"],
    ["the exact range over a regional one", "en-GB;q=1, en;q=0.1, nl;q=0.5", "en", "nl"],
    ["the wildcard for a language not named", "fr, *;q=0.5", "en", "en"],
    ["the wildcard alone: the fallback", "*", "nl", "nl"],
    ["the wildcard below a named language", "*;q=0.1, en;q=0.2", "nl", "en"],
    ["a named language refused under the wildcard", "*, nl;q=0", "nl", "en"],
    ["nothing acceptable: the fallback", "nl;q=0, en;q=0", "nl", "nl"],
    ["nothing acceptable, wildcard refused", "*;q=0", "en", "en"],
    ["whitespace around parts and weights", "  fr ,\ten ;  q=0.5 ", "nl", "en"],
    ["a three-decimal q", "nl;q=0.001, en;q=0.002", "nl", "en"],
    ["an upper-case Q", "nl;Q=0.1, en;Q=0.2", "nl", "en"],
  ])("chooses for %s", (_name, header, fallback, expected) => {
    expect(negotiateLanguage(header, fallback)).toBe(expected);
  });

  it.each<[string, string]>([
    ["a q above 1", "en;q=2, nl;q=0.5"],
    ["a q of more than three decimals", "en;q=0.9999, nl;q=0.5"],
    ["a q that is no number", "en;q=abc, nl;q=0.5"],
    ["an empty q", "en;q=, nl;q=0.5"],
    ["a negative q", "en;q=-1, nl;q=0.5"],
    ["a parameter other than q", "en;level=1, nl;q=0.5"],
    ["two weights", "en;q=1;q=1, nl;q=0.5"],
    ["a range with a space in it", "e n, nl;q=0.5"],
    ["a subtag of more than 8 characters", "englishxx, en-abcdefghi, nl;q=0.5"],
    ["a range of digits", "12, nl;q=0.5"],
    ["an empty range with a weight", ";q=1, nl;q=0.5"],
    ["a stray hyphen", "en-, -en, nl;q=0.5"],
  ])("ignores %s and reads the rest", (_name, header) => {
    expect(negotiateLanguage(header, "en")).toBe("nl");
  });

  it("reads a header sent more than once as one list", () => {
    expect(negotiateLanguage(["fr", "en;q=0.4, nl;q=0.3"], "nl")).toBe("en");
    expect(negotiateLanguage([], "en")).toBe("en");
  });
});
