/** The words of the web app's one server-side page: the app is not built. Pure. */
import type { Language } from "../../platform/language.js";
import type { PageMessage } from "../../platform/pages/respond.js";

const NOT_BUILT: Record<Language, PageMessage> = {
  nl: {
    title: "De webapp is niet gebouwd",
    message: "Deze installatie heeft de webapp nog niet gebouwd. De beheerder doet dat met npm run build.",
  },
  en: {
    title: "The web app is not built",
    message: "This installation has not built the web app yet. Its operator does so with npm run build.",
  },
};

export function notBuiltText(language: Language): PageMessage {
  return NOT_BUILT[language];
}
