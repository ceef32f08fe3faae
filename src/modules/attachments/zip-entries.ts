/**
 * Reads just enough of a ZIP archive to name what it is: the entry names (from the central
 * directory, falling back to the local headers when the archive is cut short) and the stored
 * `mimetype` entry OpenDocument and EPUB files must put first. Pure and defensive: every offset
 * is bounds-checked, because the bytes come straight from a client; a malformed archive simply
 * yields fewer names.
 */

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const END_RECORD_SIZE = 22;
const MAX_COMMENT_SIZE = 0xffff;
/** enough to recognise any office format; bounds the work on a hostile archive */
const MAX_NAMES = 2000;
const STORED = 0;
const MIMETYPE_MAX_BYTES = 100;

function uint16(bytes: Buffer, offset: number): number | null {
  return offset + 2 <= bytes.length ? bytes.readUInt16LE(offset) : null;
}

function uint32(bytes: Buffer, offset: number): number | null {
  return offset + 4 <= bytes.length ? bytes.readUInt32LE(offset) : null;
}

function text(bytes: Buffer, start: number, length: number): string | null {
  return start + length <= bytes.length ? bytes.toString("utf8", start, start + length) : null;
}

function endOfCentralDirectory(bytes: Buffer): number | null {
  const lowest = Math.max(0, bytes.length - END_RECORD_SIZE - MAX_COMMENT_SIZE);
  for (let offset = bytes.length - END_RECORD_SIZE; offset >= lowest; offset--) {
    if (bytes.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) return offset;
  }
  return null;
}

function centralDirectoryNames(bytes: Buffer): string[] | null {
  const end = endOfCentralDirectory(bytes);
  if (end === null) return null;
  const count = uint16(bytes, end + 10);
  let offset = uint32(bytes, end + 16);
  if (count === null || offset === null) return null;
  const names: string[] = [];
  for (let index = 0; index < Math.min(count, MAX_NAMES); index++) {
    if (uint32(bytes, offset) !== CENTRAL_HEADER) return names.length > 0 ? names : null;
    const nameLength = uint16(bytes, offset + 28);
    const extraLength = uint16(bytes, offset + 30);
    const commentLength = uint16(bytes, offset + 32);
    if (nameLength === null || extraLength === null || commentLength === null) break;
    const name = text(bytes, offset + 46, nameLength);
    if (name === null) break;
    names.push(name);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

interface LocalEntry {
  name: string;
  method: number;
  dataStart: number;
  compressedSize: number;
  next: number;
}

function localEntry(bytes: Buffer, offset: number): LocalEntry | null {
  if (uint32(bytes, offset) !== LOCAL_HEADER) return null;
  const method = uint16(bytes, offset + 8);
  const compressedSize = uint32(bytes, offset + 18);
  const nameLength = uint16(bytes, offset + 26);
  const extraLength = uint16(bytes, offset + 28);
  if (method === null || compressedSize === null || nameLength === null || extraLength === null) return null;
  const name = text(bytes, offset + 30, nameLength);
  if (name === null) return null;
  const dataStart = offset + 30 + nameLength + extraLength;
  return { name, method, dataStart, compressedSize, next: dataStart + compressedSize };
}

/** Walks local headers while their sizes are known (a data descriptor ends the walk). */
function localHeaderNames(bytes: Buffer): string[] {
  const names: string[] = [];
  let offset = 0;
  while (names.length < MAX_NAMES) {
    const entry = localEntry(bytes, offset);
    if (entry === null) break;
    names.push(entry.name);
    if (entry.compressedSize === 0 && entry.method !== STORED) break;
    offset = entry.next;
  }
  return names;
}

/** Every entry name the archive lets us read, in archive order. */
export function zipEntryNames(bytes: Buffer): string[] {
  return centralDirectoryNames(bytes) ?? localHeaderNames(bytes);
}

/** The content of a first, uncompressed `mimetype` entry (OpenDocument, EPUB), if there is one. */
export function zipDeclaredMimeType(bytes: Buffer): string | null {
  const first = localEntry(bytes, 0);
  if (first === null || first.name !== "mimetype" || first.method !== STORED) return null;
  if (first.compressedSize === 0 || first.compressedSize > MIMETYPE_MAX_BYTES) return null;
  return text(bytes, first.dataStart, first.compressedSize)?.trim() ?? null;
}
