/**
 * For the fuzz test: the odd values every generator mixes in (strings, numbers, keys, nested and
 * huge shapes), and `jsonText`, which writes what JSON.stringify cannot (RawJson: -0, 1e999, 400
 * digits). Nothing here knows the service or its fixtures, so any generator may draw from it.
 * fast-check draws from these lists by position: reordering or adding entries changes what every
 * seed generates.
 */
import fc from "fast-check";

/** A JSON fragment written as is: numbers such as 1e999, -0 or 400 digits. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** `value` as JSON text, RawJson fragments spliced in verbatim. */
export function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof RawJson) {
      raws.push(item.text);
      return `\u0001RAW${raws.length - 1}\u0001`;
    }
    return item;
  });
  if (text === undefined) return "";
  return text.replace(/"\\u0001RAW(\d+)\\u0001"/g, (_match, index: string) => raws[Number(index)] ?? "null");
}

const ODD_STRINGS = [
  "",
  " ",
  "   \t\n",
  "\u0000",
  "a\u0000b",
  "😀",
  "👨‍👩‍👧‍👦🏳️‍🌈",
  "\u202Eevil\u202C",
  "مرحبا بالعالم",
  "שלום",
  "\uD800",
  "\uDFFF",
  "a\uD83Db",
  "\u200B\u200C\u200D",
  "e\u0301\u0301\u0301",
  "\uFEFF",
  "\uFFFF\uFFFE",
  "Z̸̢̛͚̰̹͇͖ͮ̎̄ͭ͌ͧ͂a̘͍ͬ̄l̲̤̙̣̯͉̹ͫ̉̃̿g̬͂o",
  "null",
  "undefined",
  "true",
  "NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "0x1F",
  "1e400",
  "1e-400",
  "9".repeat(400),
  `-${"9".repeat(40)}`,
  "0.1e1",
  "1,5",
  "1.",
  ".5",
  "+1",
  "1_000",
  "١٢٣",
  "１２３",
  "<script>alert(1)</script>",
  "' OR '1'='1' --",
  "'; DROP TABLE contacts; --",
  "%00",
  "%s%n%x",
  // a template-injection probe: "{{7*7}}" followed by a dollar-brace expression
  `{{7*7}}$${"{"}7*7}`,
  "../../../etc/passwd",
  "C:\\Windows\\win.ini",
  "\\",
  '"',
  "\r\n\r\n",
  "2024-02-30",
  "2024-13-01",
  "0000-00-00",
  "9999-12-31",
  "275760-09-13",
  "-002024-01-01",
  "2024-03-01T25:61:61Z",
  "2024-03-01 10:00:00 +9999",
  "2024-3-1",
  "2024-03-01T00:00:00.000+01:00",
  "1970-01-01",
  "x".repeat(256),
  "é".repeat(3000),
  "😀".repeat(2000),
];

/** Numbers JSON can carry that are not ordinary: huge, tiny, negative zero, beyond 2^53. */
const ODD_NUMBERS: unknown[] = [
  0,
  -1,
  1.5,
  0.1,
  1e308,
  -1e308,
  5e-324,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  2 ** 63,
  2 ** 31,
  -(2 ** 31) - 1,
  12345678.123456789,
  1e21,
  1e-7,
  new RawJson("-0"),
  new RawJson("1e999"),
  new RawJson("-1e999"),
  new RawJson("1e-999"),
  new RawJson("9".repeat(400)),
  new RawJson(`0.${"0".repeat(30)}1`),
  new RawJson("1E+2"),
  new RawJson("100000000000000000000000000000.5"),
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

/** Text of every kind: ASCII, any code point, graphemes, lone surrogates, the odd list. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: loneSurrogate, maxLength: 4 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer({ min: 250, max: 20_000 }).map((length) => "ab😀".repeat(length)) },
);

function deep(depth: number, kind: "array" | "object", leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = kind === "array" ? [value] : { a: value };
  return value;
}

/** A value of any JSON type, mostly odd; `inner` keeps nested ones small. */
function weirdValueOf(inner: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(null) },
    { weight: 4, arbitrary: fc.constantFrom(...ODD_NUMBERS) },
    { weight: 6, arbitrary: oddString },
    { weight: 2, arbitrary: fc.constantFrom(true, false, "true", "false", 1, 0, "yes", "on") },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.constantFrom({}, [], [[]], [null], { "": "" }) },
    { weight: 1, arbitrary: fc.array(inner, { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), inner, { maxKeys: 3 }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 15, max: 60 }), fc.constantFrom("array" as const, "object" as const), inner)
        .map(([depth, kind, leaf]) => deep(depth, kind, leaf)),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(1001, 10_001).map((length) => new Array(length).fill(0)),
    },
  );
}

const smallWeird: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.constantFrom(...ODD_NUMBERS),
  fc.constantFrom(...ODD_STRINGS.filter((text) => text.length < 50)),
  fc.boolean(),
);

export const weirdValue: fc.Arbitrary<unknown> = weirdValueOf(smallWeird);

/** Keys that name members of Object.prototype: a lookup in a plain object finds them. */
export const PROTOTYPE_KEYS = ["toString", "constructor", "valueOf", "hasOwnProperty", "__proto__", "isPrototypeOf"];

/** Keys no schema has, including ones that name Object.prototype's members. */
export const ODD_KEYS = [
  "id",
  "foo",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "",
  " ",
  "😀",
  "a.b",
  "a[b]",
  "\u0000",
  "_destroy",
  "company_id",
  "status",
];

export const extraKeys: fc.Arbitrary<Record<string, unknown>> = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...ODD_KEYS), fc.string({ maxLength: 8 })), weirdValue), {
    minLength: 1,
    maxLength: 3,
  })
  .map((pairs) => {
    const object: Record<string, unknown> = {};
    for (const [key, value] of pairs) Object.defineProperty(object, key, { value, enumerable: true, writable: true });
    return object;
  });

export function pick<T>(values: readonly T[], fallback: T): fc.Arbitrary<T> {
  return values.length === 0 ? fc.constant(fallback) : fc.constantFrom(...values);
}
