/**
 * Which words a document is printed in: Dutch (the users are Dutch small businesses), or
 * English when the customer's country is known and is not the Netherlands. One catalogue per
 * language (labels-nl.ts, labels-en.ts), both typed by `Labels` so neither can miss a word.
 * Pure code.
 */
import { EN } from "./labels-en.js";
import { NL } from "./labels-nl.js";
import type { Labels, Language } from "./printable.js";

const CATALOGUES: Readonly<Record<Language, Labels>> = { nl: NL, en: EN };

export function labelsFor(language: Language): Labels {
  return CATALOGUES[language];
}

/** English for a customer known to be abroad; Dutch otherwise (no customer, no country, or NL). */
export function documentLanguage(customerCountryCode: string | null | undefined): Language {
  const country = (customerCountryCode ?? "").trim().toUpperCase();
  return country === "" || country === "NL" ? "nl" : "en";
}
