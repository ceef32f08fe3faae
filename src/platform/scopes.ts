/**
 * The OAuth scopes (the Rompslomp API's, and Kasboek's `read:reports`), in their canonical order
 * (the order responses list them).
 */
export const ALL_SCOPES = [
  "public",
  "manage:companies",
  "manage:contacts",
  "manage:sales_invoices",
  "manage:payments",
  "manage:products",
  "read:accounts",
  "manage:journal_entries",
  "read:me",
  "manage:hours",
  "manage:rides",
  "manage:expenses",
  "manage:quotations",
  "read:reports",
] as const;

export type Scope = (typeof ALL_SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (ALL_SCOPES as readonly string[]).includes(value);
}

/** Parses a comma- or space-separated scope list; unknown names are reported, not dropped. */
export function parseScopeList(text: string): { scopes: Scope[]; unknown: string[] } {
  const names = text
    .split(/[\s,]+/)
    .map((name) => name.trim())
    .filter((name) => name !== "");
  const unknown = names.filter((name) => !isScope(name));
  return { scopes: sortScopes(names.filter(isScope)), unknown };
}

export function sortScopes(scopes: readonly string[]): Scope[] {
  return ALL_SCOPES.filter((scope) => scopes.includes(scope));
}

export function intersectScopes(left: readonly string[], right: readonly string[]): Scope[] {
  return ALL_SCOPES.filter((scope) => left.includes(scope) && right.includes(scope));
}
