/**
 * XML written into one Buffer that is used again and again, each full part handed on as one flat
 * string: the writer of what grows with the books in a streamed file (an auditfile's
 * transactions). Built as strings, every element was a few strings and the file a rope of them,
 * flattened again to be sent: 13 bytes of garbage per byte of a year of 100k entries, whose
 * collection grew V8's young generation to its largest (bench/RESULTS.md, the auditfile). Here a
 * tag is bytes encoded once, a plain value is copied a character at a time, a number is written as
 * its digits, and a part costs one string: nothing per element.
 * Parts are strings, not Buffers: a Buffer handed to the stream can only be freed by a garbage
 * collection, which came so seldom once the garbage was gone that 18 MB of sent parts waited for
 * it; a string goes to the socket as UTF-8 in memory the socket frees itself (routes.ts).
 *
 * Invariants:
 * - a value is written exactly as xaf.ts's `element` writes it: clipped as rules.ts `clip` does
 *   when given a maximum (trimmed, at most that many characters), characters XML cannot hold left
 *   out and &<>"' escaped (rules.ts `xmlText`), in UTF-8;
 * - a part ends between two writes (a tag, a value), never inside a character: it is whole text.
 */
import { clip, xafAmount, xmlText } from "./rules.js";

/**
 * Bytes per part: a socket write, and a string whose life is short. What is alive when V8 collects
 * its young generation decides how far that generation grows: with parts of 32 kB and pages of 200
 * entries it grew to its largest over two files, with 16 kB and 50 it stayed at half.
 */
const PART_BYTES = 16 * 1024;

const LESS_THAN = 0x3c;
const AMPERSAND = 0x26;
const GREATER_THAN = 0x3e;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const DOT = 0x2e;
const ZERO = 0x30;

/** An element's opening and closing tags, encoded once. */
export interface XmlTag {
  open: Uint8Array;
  close: Uint8Array;
}

export function xmlTag(name: string): XmlTag {
  return { open: Buffer.from(`<${name}>`, "latin1"), close: Buffer.from(`</${name}>`, "latin1") };
}

/** Markup (already escaped, or with nothing to escape) as bytes, encoded once. */
export function markup(text: string): Uint8Array {
  return Buffer.from(text, "utf8");
}

/** A printable ASCII character that XML takes as it is. */
function isPlain(code: number): boolean {
  if (code < 0x20 || code >= 0x7f) return false;
  return code !== LESS_THAN && code !== AMPERSAND && code !== GREATER_THAN && code !== QUOTE && code !== APOSTROPHE;
}

export class XmlParts {
  #part = Buffer.allocUnsafe(PART_BYTES);
  #at = 0;
  readonly #full: string[] = [];

  /** Bytes encoded beforehand (`markup`, a tag). */
  bytes(bytes: Uint8Array): void {
    this.#room(bytes.length);
    this.#part.set(bytes, this.#at);
    this.#at += bytes.length;
  }

  /** Text that is XML already (escaped markup), as UTF-8. */
  xml(text: string): void {
    this.#room(text.length * 3);
    this.#at += this.#part.write(text, this.#at, "utf8");
  }

  /** <name>value</name>, or nothing for an absent value (xaf.ts `element`). */
  element(tag: XmlTag, value: string | null | undefined, maximum?: number): void {
    if (value === null || value === undefined) return;
    this.bytes(tag.open);
    this.#text(maximum === undefined ? value : clip(value, maximum));
    this.bytes(tag.close);
  }

  /** An element left out when its value is blank (xaf.ts `optional`). */
  optional(tag: XmlTag, value: string | null | undefined, maximum: number): void {
    if (value === null || value === undefined || value.trim() === "") return;
    this.element(tag, value, maximum);
  }

  /** <name>text digits</name>: a prefix encoded once, then a non-negative safe integer (`sales_invoice/12`). */
  numbered(tag: XmlTag, prefix: Uint8Array, value: number): void {
    this.bytes(tag.open);
    this.bytes(prefix);
    this.#digits(value);
    this.bytes(tag.close);
  }

  /** <name>digits</name> of a non-negative safe integer, as String(value) writes it. */
  integer(tag: XmlTag, value: number): void {
    this.bytes(tag.open);
    this.#digits(value);
    this.bytes(tag.close);
  }

  /** <name>amount</name>: the magnitude with two decimals, as rules.ts `xafAmount` writes it. */
  amount(tag: XmlTag, cents: number | bigint): void {
    if (typeof cents !== "number" || !Number.isSafeInteger(cents)) {
      this.element(tag, xafAmount(cents));
      return;
    }
    const magnitude = Math.abs(cents);
    const remainder = magnitude % 100;
    this.bytes(tag.open);
    this.#digits((magnitude - remainder) / 100);
    this.#room(3);
    this.#part[this.#at] = DOT;
    this.#part[this.#at + 1] = ZERO + Math.floor(remainder / 10);
    this.#part[this.#at + 2] = ZERO + (remainder % 10);
    this.#at += 3;
    this.bytes(tag.close);
  }

  /** Whether a part is full and waits to be taken. */
  get hasFull(): boolean {
    return this.#full.length > 0;
  }

  /** The parts filled so far, each once; the part being filled stays. */
  takeFull(): string[] {
    return this.#full.splice(0, this.#full.length);
  }

  /** Every part not yet taken, the one being filled too (unless empty). */
  flush(): string[] {
    this.#handOn();
    return this.takeFull();
  }

  /** Room for `length` more bytes: the part is handed on first when they would not fit. */
  #room(length: number): void {
    if (this.#at + length <= this.#part.length) return;
    this.#handOn();
    // a value longer than a part (a description has no maximum) gets a part of its own size
    if (length > this.#part.length) this.#part = Buffer.allocUnsafe(length);
  }

  /** The part so far as a string; the Buffer is written again from its start. */
  #handOn(): void {
    if (this.#at > 0) this.#full.push(this.#part.toString("utf8", 0, this.#at));
    if (this.#part.length > PART_BYTES) this.#part = Buffer.allocUnsafe(PART_BYTES);
    this.#at = 0;
  }

  /** Printable ASCII without &<>"' a byte a character; anything else escaped, as UTF-8. */
  #text(text: string): void {
    const length = text.length;
    this.#room(length);
    const part = this.#part;
    const start = this.#at;
    for (let index = 0; index < length; index++) {
      const code = text.charCodeAt(index);
      if (!isPlain(code)) {
        this.#at = start;
        this.xml(xmlText(text));
        return;
      }
      part[start + index] = code;
    }
    this.#at = start + length;
  }

  #digits(value: number): void {
    let length = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) length++;
    this.#room(length);
    let rest = value;
    for (let index = this.#at + length - 1; index >= this.#at; index--) {
      this.#part[index] = ZERO + (rest % 10);
      rest = Math.floor(rest / 10);
    }
    this.#at += length;
  }
}
