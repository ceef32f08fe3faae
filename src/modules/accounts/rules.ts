/**
 * Pure rules of the chart of accounts: the parent of a path, and the human path name shown as
 * `path_name` ("Kosten • Algemene kosten • Werkkleding"). The balance-sheet and profit-and-loss
 * roots are sections, not part of a readable name, unless the account is the root itself.
 */

export const SECTION_ROOTS: ReadonlySet<string> = new Set(["activa", "passiva", "profit"]);
const PATH_NAME_SEPARATOR = " • ";

export function parentPath(path: string): string | null {
  const lastDot = path.lastIndexOf(".");
  return lastDot === -1 ? null : path.slice(0, lastDot);
}

export function pathName(path: string, nameOfPath: (path: string) => string): string {
  const names: string[] = [];
  let current: string | null = path;
  while (current !== null) {
    const isSectionRoot = SECTION_ROOTS.has(current) && current !== path;
    if (!isSectionRoot) names.unshift(nameOfPath(current));
    current = parentPath(current);
  }
  return names.join(PATH_NAME_SEPARATOR);
}
