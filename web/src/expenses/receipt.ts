/**
 * A receipt as the app handles it, before and after the upload: which files it takes (a photo
 * or a PDF, as the file field's `accept` says), how one is shown (an image, a PDF in a frame, or
 * only its name), and its bytes as the base64 the API's attachments take. Pure: no DOM here.
 */

/** What the file field offers: the phone's camera or photos, or a PDF. */
export const RECEIPT_ACCEPT = "image/*,application/pdf";

export type ReceiptView = "image" | "pdf" | "file";

/** How a file of this content type is shown beside the form. */
export function receiptView(contentType: string): ReceiptView {
  const type = contentType.toLowerCase().split(";")[0]?.trim() ?? "";
  if (type === "application/pdf") return "pdf";
  // HEIC is a photo, but no browser but Safari draws it: it is offered by name
  if (type.startsWith("image/") && !type.startsWith("image/hei")) return "image";
  return "file";
}

/** Whether a dropped or chosen file is one the field accepts (a browser's drop ignores `accept`). */
export function isReceiptFile(contentType: string): boolean {
  const type = contentType.toLowerCase();
  return type.startsWith("image/") || type === "application/pdf";
}

/** Bytes as base64, in slices so a 10 MB photo does not overflow the call stack. */
export function base64Of(bytes: Uint8Array): string {
  let binary = "";
  const slice = 0x8000;
  for (let start = 0; start < bytes.length; start += slice) {
    binary += String.fromCharCode(...bytes.subarray(start, start + slice));
  }
  return btoa(binary);
}
