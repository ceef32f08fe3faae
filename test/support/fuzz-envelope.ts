/**
 * For the fuzz test: what surrounds a request's content: its content type, bodies no JSON parser
 * should accept, a body sent where none is read, the API's Authorization header and optional
 * headers. API, page and unknown-path requests share these, so every kind meets the same
 * transport oddities; the ordinary variant carries most weight, so most requests still reach
 * their handlers.
 */
import fc from "fast-check";
import type { FuzzWorld } from "./fuzz-app.js";
import { jsonText, weirdValue } from "./fuzz-values.js";

/** JSON text bodies a parser must refuse or that are JSON of an unexpected shape. */
export function rawBodies(wrapper: string): string[] {
  return [
    "{",
    "}",
    "[",
    '{"a":}',
    "nul",
    "tru",
    '"unterminated',
    '{"a" 1}',
    "{'a':1}",
    '{"a":1,}',
    "[1,]",
    '{"a":1}{"b":2}',
    `{"${wrapper}":{}} trailing`,
    "\u0000",
    "\uFEFF{}",
    `\uFEFF{"${wrapper}":{"x":1}}`,
    "123",
    '"string"',
    "null",
    "true",
    "[]",
    "   ",
    `{"${wrapper}":{},"${wrapper}":{"id":1}}`,
    `{"${wrapper}":{"__proto__":{"polluted":1}}}`,
    `{"__proto__":{"${wrapper}":{"a":1}}}`,
    `{"${wrapper}":{"constructor":{"prototype":{"polluted":1}}}}`,
    `{"${wrapper}":{"toString":"x","valueOf":1,"hasOwnProperty":null}}`,
    `{"${wrapper}":{"a":"\\ud800"}}`,
    `{"${wrapper}":{"a":"\\u0000"}}`,
    `{"${wrapper}":1e999999}`,
    `{"${wrapper}":${"[".repeat(5000)}${"]".repeat(5000)}}`,
    `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
    `{"${wrapper}":"${"x".repeat(1_100_000)}"}`,
    `{"${wrapper}":[${new Array(10_001).fill("1").join(",")}]}`,
  ];
}

export const CONTENT_TYPES = [
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "application/json;charset=latin1",
  "application/json; charset=utf-16",
  "text/plain",
  "text/json",
  "application/vnd.api+json",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/octet-stream",
  "",
  "application/json, text/plain",
];

export interface Body {
  payload?: string;
  contentType?: string;
}

export function withContentType(payload: fc.Arbitrary<string>): fc.Arbitrary<Body> {
  return fc
    .tuple(
      payload,
      fc.oneof(
        { weight: 16, arbitrary: fc.constant<string | undefined>("application/json") },
        { weight: 2, arbitrary: fc.constantFrom<string | undefined>(...CONTENT_TYPES) },
        { weight: 1, arbitrary: fc.constant<string | undefined>(undefined) },
      ),
    )
    .map(([text, contentType]) => ({ payload: text, contentType }));
}

/** A body for a route that reads none: usually none, sometimes one anyway. */
export const strayBody: fc.Arbitrary<Body> = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Body>({}) },
  { weight: 1, arbitrary: withContentType(weirdValue.map(jsonText)) },
  { weight: 1, arbitrary: withContentType(fc.constantFrom(...rawBodies("x"))) },
  { weight: 1, arbitrary: fc.constant<Body>({ contentType: "application/json" }) },
);

export function authorization(world: FuzzWorld): fc.Arbitrary<string | undefined> {
  const token = world.a.token;
  return fc.oneof(
    { weight: 30, arbitrary: fc.constant<string | undefined>(`Bearer ${token}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<string | undefined>(
        undefined,
        "Bearer",
        "Bearer ",
        "Bearer x",
        `bearer ${token}`,
        `Bearer ${token}x`,
        `Bearer  ${token}`,
        `Bearer ${token}, Bearer x`,
        `Basic ${Buffer.from("a:b").toString("base64")}`,
        `Token ${token}`,
        `Bearer ${"a".repeat(5000)}`,
        "Bearer \u00ff\u00fe",
      ),
    },
  );
}

export const optionalHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    "accept-language": fc.constantFrom("nl", "en", "nl-NL,nl;q=0.9,en;q=0.8", "*", "xx", ";;;", "nl;q=abc", ""),
    "x-request-id": fc.constantFrom("abc", "x".repeat(200), "a b", "<script>", "", "req-1"),
    accept: fc.constantFrom("application/json", "text/html", "*/*", "application/xml", ""),
    "x-forwarded-for": fc.constantFrom("1.2.3.4", "garbage", "::1"),
  },
  { requiredKeys: [] },
);
