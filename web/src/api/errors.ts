/**
 * The server's errors as the app shows them. Invariants: the words are the server's own, in the
 * reader's language (it asked for it: api/client.ts); a 422 of the API's validation
 * (`Sales invoice is invalid: date can't be blank; invoice_lines[0].quantity is not a number`)
 * is split into its statements, each kept under the attribute it names, so the form can show it
 * at that field; whatever names no field the form has, and every other failure, is one banner.
 */
import { KasboekError } from "@kasboek/client";
import type { MessageKey } from "../i18n/en.js";

export interface ShownError {
  /** problem text by attribute path (`date`, `invoice_lines[1].price_per_unit`, `company.iban`) */
  fields: Record<string, string>;
  /** what goes in the banner: the message, or a key of ours for failures without one */
  banner: { text: string } | { key: MessageKey } | null;
  /** no answer, or the server failed: the same request may be sent again (api/client.ts keeps its key) */
  retryable?: boolean;
}

/** `Resource is invalid: a x; b y` (or `Bron is ongeldig: …`): the problems by attribute. */
export function validationProblems(message: string): Record<string, string> | null {
  const colon = message.indexOf(": ");
  if (colon === -1) return null;
  const problems: Record<string, string> = {};
  for (const statement of message.slice(colon + 2).split("; ")) {
    const match = /^([a-z_]+(?:\[\d+\])?(?:\.[a-z_]+(?:\[\d+\])?)*) (.+)$/s.exec(statement);
    if (match === null) return null;
    const [, attribute = "", problem = ""] = match;
    problems[attribute] = problems[attribute] === undefined ? problem : `${problems[attribute]}; ${problem}`;
  }
  return problems;
}

export function shownError(error: unknown): ShownError {
  if (!(error instanceof KasboekError)) return { fields: {}, banner: { key: "error.offline" }, retryable: true };
  if (error.status >= 500) return { fields: {}, banner: { key: "error.server" }, retryable: true };
  if (error.status === 404) return { fields: {}, banner: { key: "error.notFound" }, retryable: false };
  if (error.status === 403) return { fields: {}, banner: { key: "error.forbidden" }, retryable: false };
  if (error.type === "client.parameters.validation") {
    const fields = validationProblems(error.message);
    if (fields !== null) return { fields, banner: null, retryable: false };
  }
  return { fields: {}, banner: { text: error.message }, retryable: false };
}
