/**
 * Pure rules for attachments. The stored content type is always sniffed from the bytes — a
 * file name or a client's claim never decides it — so a download is served as what it really
 * is, and anything unrecognised is `application/octet-stream`. Base64 is decoded strictly (only
 * the base64 alphabet, correct padding) because lenient decoders silently drop what they do not
 * understand and would store a different file than the client meant. File names are reduced to
 * their last path component so a stored name can never be read as a path.
 */
import type { Problem } from "../../platform/catalogue/keys.js";
import { hasLoneSurrogate } from "../../platform/text.js";
import { zipDeclaredMimeType, zipEntryNames } from "./zip-entries.js";

export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const FILE_NAME_MAX_CHARACTERS = 255;

const OCTET_STREAM = "application/octet-stream";
const OOXML = "application/vnd.openxmlformats-officedocument";

function hasBytes(bytes: Buffer, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.toString("latin1", start, Math.min(end, bytes.length));
}

const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis"]);
const HEIC_SEQUENCE_BRANDS = new Set(["hevc", "hevx"]);

/** ISO base media files (HEIC/HEIF/AVIF) name their kind in the `ftyp` box's brands. */
function isoMediaType(bytes: Buffer): string | null {
  if (ascii(bytes, 4, 8) !== "ftyp") return null;
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
  const brands = [ascii(bytes, 8, 12)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
  if (brands.some((brand) => HEIC_BRANDS.has(brand))) return "image/heic";
  if (brands.some((brand) => HEIC_SEQUENCE_BRANDS.has(brand))) return "image/heic-sequence";
  if (brands.includes("avif")) return "image/avif";
  if (brands.includes("mif1")) return "image/heif";
  if (brands.includes("msf1")) return "image/heif-sequence";
  return null;
}

const DECLARED_ZIP_TYPES = /^application\/(vnd\.oasis\.opendocument\.[a-z.-]+|epub\+zip)$/;

/** Office documents are ZIP archives; their entries tell which kind. */
function zipType(bytes: Buffer): string {
  const declared = zipDeclaredMimeType(bytes);
  if (declared !== null && DECLARED_ZIP_TYPES.test(declared)) return declared;
  const names = zipEntryNames(bytes);
  if (names.includes("[Content_Types].xml")) {
    if (names.some((name) => name.startsWith("word/"))) return `${OOXML}.wordprocessingml.document`;
    if (names.some((name) => name.startsWith("xl/"))) return `${OOXML}.spreadsheetml.sheet`;
    if (names.some((name) => name.startsWith("ppt/"))) return `${OOXML}.presentationml.presentation`;
  }
  return "application/zip";
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** `<?xml` after an optional byte order mark and white space, whatever the declared encoding. */
function isXml(bytes: Buffer): boolean {
  let offset = hasBytes(bytes, UTF8_BOM) ? UTF8_BOM.length : 0;
  while (offset < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[offset] ?? 0)) offset++;
  return ascii(bytes, offset, offset + 5) === "<?xml";
}

// Control characters (C0, DEL, C1) other than tab, line feed, form feed and carriage return.
const CONTROL_CHARACTERS = /[^\P{Cc}\t\n\f\r]/u;

function isPlainText(bytes: Buffer): boolean {
  try {
    const decoded = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return !CONTROL_CHARACTERS.test(decoded);
  } catch {
    return false;
  }
}

/** The media type of a file, from its leading bytes (magic numbers) alone. */
export function detectContentType(bytes: Buffer): string {
  if (ascii(bytes, 0, 5) === "%PDF-") return "application/pdf";
  if (hasBytes(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (hasBytes(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  const six = ascii(bytes, 0, 6);
  if (six === "GIF87a" || six === "GIF89a") return "image/gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "image/webp";
  if (hasBytes(bytes, [0x49, 0x49, 0x2a, 0x00]) || hasBytes(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return "image/tiff";
  if (bytes.length >= 12) {
    const media = isoMediaType(bytes);
    if (media !== null) return media;
  }
  if (hasBytes(bytes, [0x50, 0x4b, 0x03, 0x04]) || hasBytes(bytes, [0x50, 0x4b, 0x05, 0x06])) return zipType(bytes);
  if (isXml(bytes)) return "application/xml";
  if (bytes.length > 0 && isPlainText(bytes)) return "text/plain";
  return OCTET_STREAM;
}

export type Checked<Value> = { ok: true; value: Value } | { ok: false; problem: Problem };

const BASE64 = /^[A-Za-z0-9+/]*(={0,2})$/;

/**
 * Strict base64: the standard alphabet with optional `=` padding. MIME line breaks (CR/LF) are
 * the one thing tolerated, because common encoders (`base64`, mail libraries) wrap at 76.
 * The decoded size is checked before decoding, so an oversized file is never materialised.
 */
export function decodeBase64(encoded: string, maxBytes = ATTACHMENT_MAX_BYTES): Checked<Buffer> {
  const compact = encoded.replace(/\r?\n/g, "");
  const match = BASE64.exec(compact);
  const padding = match?.[1]?.length ?? 0;
  const dataLength = compact.length - padding;
  const badLength = padding > 0 ? compact.length % 4 !== 0 : dataLength % 4 === 1;
  if (match === null || badLength) return { ok: false, problem: { key: "notBase64" } };
  const size = Math.floor((dataLength * 3) / 4);
  if (size === 0) return { ok: false, problem: { key: "emptyFile" } };
  if (size > maxBytes) {
    return { ok: false, problem: { key: "fileTooLarge", bytes: size, most: maxBytes, readable: formatMiB(maxBytes) } };
  }
  return { ok: true, value: Buffer.from(compact, "base64") };
}

function formatMiB(bytes: number): string {
  return `${Number((bytes / (1024 * 1024)).toFixed(2))} MiB`;
}

/** The request body that carries a file of `maxBytes` in base64, with room for JSON and line breaks. */
export function uploadBodyLimit(maxBytes = ATTACHMENT_MAX_BYTES): number {
  return Math.ceil(maxBytes / 3) * 4 + 1024 * 1024;
}

const FILE_NAME_CONTROL_CHARACTERS = /\p{Cc}/u;

/** A file name as stored: trimmed, directories stripped (`C:\a\b.pdf` → `b.pdf`), length-checked. */
export function checkFileName(raw: string | null | undefined): Checked<string> {
  if (raw === null || raw === undefined || raw.trim() === "") return { ok: false, problem: { key: "blank" } };
  const name = (raw.split(/[/\\]/).at(-1) ?? "").trim();
  if (name === "" || name === "." || name === "..") return { ok: false, problem: { key: "fileNotDirectory" } };
  if (FILE_NAME_CONTROL_CHARACTERS.test(name)) return { ok: false, problem: { key: "noControlCharacters" } };
  if (hasLoneSurrogate(name)) return { ok: false, problem: { key: "notText" } };
  if ([...name].length > FILE_NAME_MAX_CHARACTERS) {
    return { ok: false, problem: { key: "tooLong", most: FILE_NAME_MAX_CHARACTERS } };
  }
  return { ok: true, value: name };
}

// RFC 5987 attr-char: everything else is percent-encoded in `filename*`.
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `Content-Disposition` for a download (RFC 6266): an ASCII `filename` for old clients, with
 * quotes, backslashes and non-ASCII replaced, and the exact name as UTF-8 in `filename*`.
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}
