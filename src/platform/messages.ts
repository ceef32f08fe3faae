/**
 * API error messages in the reader's language. Every error carries its message as a catalogue
 * key (`ApiError.keyed`); this says it in the language http.ts negotiated (English by default),
 * from the catalogue of that language. No call site knows about languages, and nothing here
 * reads English: a language without words for a key does not compile (catalogue/keys.ts).
 * Invariant: only the message changes with the language, never the type, status or headers.
 * Pure code.
 */
import { en } from "./catalogue/en.js";
import type { Catalogue } from "./catalogue/keys.js";
import { nl } from "./catalogue/nl.js";
import { sayMessage } from "./catalogue/say.js";
import type { ApiError } from "./errors.js";
import type { Language } from "./language.js";

export const CATALOGUES: Readonly<Record<Language, Catalogue>> = { en, nl };

/** The error's message for a reader of `language`. */
export function localiseError(error: ApiError, language: Language): string {
  return sayMessage(CATALOGUES[language], error.keyed);
}
