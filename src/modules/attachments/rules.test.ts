import { describe, expect, it } from "vitest";
import { englishProblem, inEnglish } from "../../../test/support/english.js";
import {
  ATTACHMENT_MAX_BYTES,
  checkFileName,
  contentDisposition,
  decodeBase64,
  detectContentType,
  uploadBodyLimit,
} from "./rules.js";

interface ZipEntry {
  name: string;
  data?: string;
}

/**
 * A minimal ZIP writer (stored entries, CRC left zero: the sniffer never checks it). With
 * `streamed`, sizes are left out of the local headers as streaming writers do.
 */
function zip(entries: readonly ZipEntry[], options: { streamed?: boolean; centralDirectory?: boolean } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const data = Buffer.from(entry.data ?? "", "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(options.streamed ? 8 : 0, 6);
    local.writeUInt16LE(options.streamed ? 8 : 0, 8);
    local.writeUInt32LE(options.streamed ? 0 : data.length, 18);
    local.writeUInt32LE(options.streamed ? 0 : data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  if (options.centralDirectory === false) return Buffer.concat(locals);
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const hex = (text: string) => Buffer.from(text.replace(/\s/g, ""), "hex");
const OOXML = "application/vnd.openxmlformats-officedocument";
const officeEntries = (folder: string) => [
  { name: "[Content_Types].xml", data: "<?xml version='1.0'?><Types/>" },
  { name: "_rels/.rels", data: "<Relationships/>" },
  { name: `${folder}/document.xml`, data: "<x/>" },
];

describe("detectContentType", () => {
  it.each([
    ["PDF", Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj"), "application/pdf"],
    ["PNG", hex("89504e470d0a1a0a 0000000d49484452"), "image/png"],
    ["JPEG (JFIF)", hex("ffd8ffe000104a464946"), "image/jpeg"],
    ["JPEG (Exif)", hex("ffd8ffe1 1234 45786966"), "image/jpeg"],
    ["GIF87a", Buffer.from("GIF87a\x01\x00"), "image/gif"],
    ["GIF89a", Buffer.from("GIF89a\x01\x00"), "image/gif"],
    ["WebP", Buffer.concat([Buffer.from("RIFF"), hex("24000000"), Buffer.from("WEBPVP8 ")]), "image/webp"],
    ["TIFF little-endian", hex("49492a0008000000"), "image/tiff"],
    ["TIFF big-endian", hex("4d4d002a00000008"), "image/tiff"],
    ["HEIC", Buffer.concat([hex("00000018"), Buffer.from("ftypheic\0\0\0\0mif1heic")]), "image/heic"],
    [
      "HEIF with a heic brand",
      Buffer.concat([hex("0000001c"), Buffer.from("ftypmif1\0\0\0\0mif1heicmiaf")]),
      "image/heic",
    ],
    ["plain HEIF", Buffer.concat([hex("00000014"), Buffer.from("ftypmif1\0\0\0\0mif1")]), "image/heif"],
    ["AVIF", Buffer.concat([hex("00000018"), Buffer.from("ftypavif\0\0\0\0avifmif1")]), "image/avif"],
    [
      "MP4 video",
      Buffer.concat([hex("00000018"), Buffer.from("ftypisom\0\0\0\0isomiso2")]),
      "application/octet-stream",
    ],
  ])("recognises %s", (_name, bytes, type) => {
    expect(detectContentType(bytes)).toBe(type);
  });

  it.each([
    ["a .docx", zip(officeEntries("word")), `${OOXML}.wordprocessingml.document`],
    ["an .xlsx", zip(officeEntries("xl")), `${OOXML}.spreadsheetml.sheet`],
    ["a .pptx", zip(officeEntries("ppt")), `${OOXML}.presentationml.presentation`],
    [
      "a streamed .docx read from its central directory",
      zip(officeEntries("word"), { streamed: true }),
      `${OOXML}.wordprocessingml.document`,
    ],
    [
      "a truncated .xlsx read from its local headers",
      zip(officeEntries("xl"), { centralDirectory: false }),
      `${OOXML}.spreadsheetml.sheet`,
    ],
    [
      "an .odt",
      zip([
        { name: "mimetype", data: "application/vnd.oasis.opendocument.text" },
        { name: "content.xml", data: "<x/>" },
      ]),
      "application/vnd.oasis.opendocument.text",
    ],
    [
      "an .ods",
      zip([{ name: "mimetype", data: "application/vnd.oasis.opendocument.spreadsheet" }]),
      "application/vnd.oasis.opendocument.spreadsheet",
    ],
    ["a zip declaring a made-up type", zip([{ name: "mimetype", data: "text/html" }]), "application/zip"],
    ["a plain zip", zip([{ name: "bonnetjes/maart.pdf", data: "%PDF-1.4" }]), "application/zip"],
    ["a word/ folder without content types", zip([{ name: "word/notes.txt", data: "x" }]), "application/zip"],
    ["an empty zip", hex("504b0506 00000000 00000000 00000000 00000000 0000"), "application/zip"],
    ["a zip cut off after its signature", hex("504b0304 1400"), "application/zip"],
  ])("recognises %s", (_name, bytes, type) => {
    expect(detectContentType(bytes)).toBe(type);
  });

  it.each([
    [
      "a UBL invoice",
      '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
      "application/xml",
    ],
    ["XML after a byte order mark and white space", "\uFEFF\n  <?xml version='1.0'?><a/>", "application/xml"],
    ["Dutch text", "Bonnetje van de bakker: €4,95 — één brood\r\n\tbedankt", "text/plain"],
    ["CSV", "datum;bedrag\n2024-03-01;12,50\n", "text/plain"],
    ["HTML is only text", "<!doctype html><script>alert(1)</script>", "text/plain"],
  ])("recognises %s", (_name, text, type) => {
    expect(detectContentType(Buffer.from(text, "utf8"))).toBe(type);
  });

  it.each([
    ["7 random bytes (the reference's example)", hex("00ff10a3c4e5f6")],
    ["text with a NUL", Buffer.from("abc\0def")],
    ["text with an escape sequence", Buffer.from("abc\u001b[31mdef")],
    ["Latin-1 text (not UTF-8)", Buffer.from("caf\xe9", "latin1")],
    ["a truncated UTF-8 sequence", hex("68c3")],
    ["nothing", Buffer.alloc(0)],
  ])("calls %s application/octet-stream", (_name, bytes) => {
    expect(detectContentType(bytes)).toBe("application/octet-stream");
  });
});

describe("decodeBase64", () => {
  const decoded = (text: string) => {
    const result = decodeBase64(text, 16);
    return result.ok ? result.value.toString("latin1") : englishProblem(result.problem);
  };

  it("decodes padded, unpadded and line-wrapped base64", () => {
    expect(decoded("aGVsbG8=")).toBe("hello");
    expect(decoded("aGVsbG8")).toBe("hello");
    expect(decoded("aGVs\r\nbG8=")).toBe("hello");
    expect(decoded("+/+/")).toBe("\xfb\xff\xbf");
  });

  it.each([
    ["a character outside the alphabet", "aGVsbG8*"],
    ["URL-safe characters", "-_-_"],
    ["spaces", "aGVs bG8="],
    ["padding in the middle", "aG=sbG8="],
    ["too much padding", "aGVsbA==="],
    ["a length no encoder makes", "aGVsb"],
    ["padding with a wrong length", "aGVsbG8=="],
  ])("refuses %s", (_name, text) => {
    expect(decoded(text)).toBe("is not valid base64");
  });

  it("refuses an empty file and one over the limit, naming the limit", () => {
    expect(decoded("")).toBe("is an empty file");
    expect(decoded("==")).toBe("is not valid base64");
    expect(decoded(Buffer.alloc(16).toString("base64"))).toBe("\0".repeat(16));
    expect(decoded(Buffer.alloc(17).toString("base64"))).toMatch(/^is too large \(17 bytes; at most 16 bytes/);
  });

  it("sizes the upload body for a maximal file in base64 with room to spare", () => {
    const base64Length = Math.ceil(ATTACHMENT_MAX_BYTES / 3) * 4;
    expect(uploadBodyLimit()).toBeGreaterThan(base64Length + 64 * 1024);
    expect(uploadBodyLimit()).toBeLessThan(15 * 1024 * 1024);
  });
});

describe("checkFileName", () => {
  it.each([
    ["factuur.pdf", "factuur.pdf"],
    ["  bon 12.jpg  ", "bon 12.jpg"],
    ["C:\\Users\\jan\\Documents\\bon.pdf", "bon.pdf"],
    ["../../etc/passwd", "passwd"],
    ["één €.txt", "één €.txt"],
    ["x".repeat(255), "x".repeat(255)],
    [`${"😀".repeat(255)}`, "😀".repeat(255)],
  ])("keeps %j as %j", (raw, stored) => {
    expect(inEnglish(checkFileName(raw))).toEqual({ ok: true, value: stored });
  });

  it.each([
    [null, "can't be blank"],
    [undefined, "can't be blank"],
    ["   ", "can't be blank"],
    ["map/", "must name a file, not a directory"],
    ["..", "must name a file, not a directory"],
    ["a\nb.pdf", "must not contain control characters"],
    ["bad\uD800.pdf", "is not valid text"],
    ["x".repeat(256), "is too long (at most 255 characters)"],
  ])("refuses %j", (raw, problem) => {
    expect(inEnglish(checkFileName(raw))).toEqual({ ok: false, problem });
  });
});

describe("contentDisposition", () => {
  it("gives an ASCII fallback and the exact name in filename*", () => {
    expect(contentDisposition("factuur 2024-0001.pdf")).toBe(
      `attachment; filename="factuur 2024-0001.pdf"; filename*=UTF-8''factuur%202024-0001.pdf`,
    );
    expect(contentDisposition('één "quote" (1)\\.pdf')).toBe(
      `attachment; filename="__n _quote_ (1)_.pdf"; filename*=UTF-8''%C3%A9%C3%A9n%20%22quote%22%20%281%29%5C.pdf`,
    );
  });
});
