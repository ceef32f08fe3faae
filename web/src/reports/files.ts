/** File names of what the app saves: the name the server gives an attachment. */

/** `attachment; filename="auditfile-7-2026.xaf"` → `auditfile-7-2026.xaf`; null when it names none. */
export function attachmentName(disposition: string | null): string | null {
  const match = /filename="([^"]+)"/.exec(disposition ?? "");
  return match?.[1] ?? null;
}
