/**
 * A tiny HTML template helper. Invariant: every value interpolated into `html\`…\`` is escaped
 * (& < > " ') unless it is itself the result of `html` — so markup can be composed, but text from
 * the database or the request can never become markup. Pure code.
 */

/** Markup that is already safe: produced by `html`, never built from a plain string. */
export class SafeHtml {
  readonly #markup: string;

  private constructor(markup: string) {
    this.#markup = markup;
  }

  /** Only this module makes SafeHtml, so holding one proves it went through `html`. */
  static fromTemplate(markup: string): SafeHtml {
    return new SafeHtml(markup);
  }

  toString(): string {
    return this.#markup;
  }
}

export type Interpolation = string | number | SafeHtml | null | undefined | false | readonly Interpolation[];

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function render(value: Interpolation): string {
  // null, undefined and false render nothing, so `${condition && html`…`}` reads naturally.
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof SafeHtml) return value.toString();
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: readonly Interpolation[]): SafeHtml {
  let markup = strings[0] ?? "";
  values.forEach((value, index) => {
    markup += render(value) + (strings[index + 1] ?? "");
  });
  return SafeHtml.fromTemplate(markup);
}
