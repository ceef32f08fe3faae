/**
 * HTML templates for every server-rendered page. Invariants: every value interpolated into
 * `html\`…\`` is escaped (& < > " ') unless it is a SafeHtml — and SafeHtml is only ever made by
 * `html` itself here, so text from the database or the request can never become markup; `page`
 * wraps a body in the one document shell every page shares (local stylesheet only, a main
 * landmark) and the document says which language its text is in, both in `<html lang>` and to
 * whoever sends it (`sendPage` turns it into Content-Language), so the two cannot differ.
 * Pure code: no Fastify, no database, no clock.
 */
import type { Language } from "../language.js";

/** Markup produced by `html`; never build one by hand from a plain string. */
export interface SafeHtml {
  readonly html: string;
}

type Interpolation = string | number | SafeHtml | SafeHtml[] | null | undefined;

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

function render(value: Interpolation): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map((item) => item.html).join("");
  if (typeof value === "object") return value.html;
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let markup = strings[0] ?? "";
  values.forEach((value, index) => {
    markup += render(value) + (strings[index + 1] ?? "");
  });
  return { html: markup };
}

export const STYLESHEET_PATH = "/assets/kasboek.css";

/** A complete page: its markup and the one language its text is written in. */
export interface HtmlDocument {
  readonly language: Language;
  readonly markup: string;
}

/**
 * A complete HTML document around `body`, whose text is in `language`; `title` is the browser
 * tab's name, as given.
 */
export function page(options: { title: string; body: SafeHtml; language: Language }): HtmlDocument {
  const markup = html`<!doctype html>
<html lang="${options.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${options.title}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<main>
${options.body}
</main>
</body>
</html>
`.html;
  return { language: options.language, markup };
}
