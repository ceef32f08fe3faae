/**
 * The reader's language and the words in it. Invariants: Dutch unless the reader chose English
 * (remembered in this browser) or has no choice yet and the browser prefers English, as the
 * server's pages do; every text comes from a catalogue by key (en.ts defines the keys, nl.ts must
 * match); `<html lang>` always names the language shown; the API is asked for the same language
 * (api/client.ts reads `currentLanguage`), so its error messages match the page.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { type Catalogue, en, type MessageKey } from "./en.js";
import { nl } from "./nl.js";

export type Language = "nl" | "en";
export const LANGUAGES: readonly Language[] = ["nl", "en"];
const CATALOGUES: Record<Language, Catalogue> = { nl, en };
const STORAGE_KEY = "kasboek.language";

function isLanguage(value: unknown): value is Language {
  return value === "nl" || value === "en";
}

function remembered(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

function browserPreference(): Language {
  for (const tag of navigator.languages) {
    const primary = tag.toLowerCase().split("-")[0];
    if (isLanguage(primary)) return primary;
  }
  return "nl";
}

let current: Language = remembered() ?? browserPreference();

/** The language shown now, for code outside React (the API client). */
export function currentLanguage(): Language {
  return current;
}

export type Values = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: Values) => string;

export function translate(language: Language, key: MessageKey, values: Values = {}): string {
  return CATALOGUES[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

interface LanguageState {
  language: Language;
  setLanguage: (language: Language) => void;
  t: Translate;
}

const LanguageContext = createContext<LanguageState | null>(null);

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setState] = useState<Language>(current);
  const setLanguage = useCallback((chosen: Language) => {
    current = chosen;
    try {
      localStorage.setItem(STORAGE_KEY, chosen);
    } catch {
      // a browser that keeps nothing still switches for this visit
    }
    setState(chosen);
  }, []);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const value = useMemo(
    () => ({ language, setLanguage, t: (key: MessageKey, values?: Values) => translate(language, key, values) }),
    [language, setLanguage],
  );
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (state === null) throw new Error("useLanguage outside LanguageProvider");
  return state;
}

/** The translate function of the language shown. */
export function useT(): Translate {
  return useLanguage().t;
}
