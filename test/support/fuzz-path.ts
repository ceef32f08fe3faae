/**
 * For the fuzz test: a route's URL path with its parameters filled in: mostly A's ids of the
 * right kind (references, resolved at send time), sometimes another kind's, B's or junk. The
 * fuzzer must work for the whole run, so it never deletes company A or its own API token; an
 * attachment is named together with its parent, so its own routes are reached too.
 */
import fc from "fast-check";
import type { FuzzWorld } from "./fuzz-app.js";
import { anyOwnRef, idsOf, ownRef, type Pools, ref } from "./fuzz-model.js";
import type { CollectedRoute } from "./fuzz-routes.js";
import { oddString, pick } from "./fuzz-values.js";

/** Path segments no id looks like, percent-encoded as a client would send them (or not). */
const JUNK_SEGMENTS = [
  "0",
  "-1",
  "1.5",
  "1e3",
  "01",
  "+1",
  "%201",
  "1%20",
  "9".repeat(16),
  "9".repeat(120),
  "abc",
  "%00",
  "%ZZ",
  "%",
  "%ED%A0%80",
  "%C0%AF",
  "%FF",
  "%F0%9F%98%80",
  "null",
  "undefined",
  "__proto__",
  "constructor",
  "1;DROP TABLE x",
  "1%2F2",
  "%D9%A1",
  "true",
  "[object Object]",
  "x".repeat(100),
  "x".repeat(101),
];

export const junkSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...JUNK_SEGMENTS) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 1_000_000 }).map(String) },
  { weight: 1, arbitrary: oddString.map(percentEncode) },
);

/** encodeURIComponent, except that lone surrogates become U+FFFD as any UTF-8 encoder makes them. */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, "utf8")]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9\-_.!~*'()]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    })
    .join("");
}

function idSegment(pools: Pools, collection: string): fc.Arbitrary<string> {
  const theirs = idsOf(pools, pools.b, collection);
  return fc.oneof(
    { weight: 14, arbitrary: ownRef(collection) },
    { weight: 1, arbitrary: anyOwnRef() },
    { weight: 2, arbitrary: pick(theirs, 2).map(String) },
    { weight: 2, arbitrary: junkSegment },
  );
}

const PERIODS = ["2024Q1", "2024Q2", "2024Q3", "2023Q4", "2024-01", "2024-06", "2024", "2023", "2030Q1"];
const BAD_PERIODS = ["2024Q5", "2024Q0", "2024-13", "2024-00", "0000Q1", "9999Q4", "24Q1", "2024q1", "Q1-2024"];

/**
 * A company in the path: A mostly; for a DELETE of a company, one of A's user's other companies
 * (the spare one, and those the fuzzer made) instead, so A stays; sometimes B or junk.
 */
function companySegment(world: FuzzWorld, forDelete: boolean): fc.Arbitrary<string> {
  // junk that still names A ("01", "+1") is kept from a delete, which would end A for the run
  const namesA = (segment: string) => {
    try {
      return Number(decodeURIComponent(segment).trim()) === world.a.companyId;
    } catch {
      return false;
    }
  };
  return fc.oneof(
    { weight: forDelete ? 0 : 24, arbitrary: fc.constant(String(world.a.companyId)) },
    { weight: forDelete ? 12 : 1, arbitrary: ownRef("companies") },
    { weight: 2, arbitrary: fc.constant(String(world.b.companyId)) },
    { weight: 2, arbitrary: forDelete ? junkSegment.filter((segment) => !namesA(segment)) : junkSegment },
  );
}

/** The URL path of `route` with its parameters filled in. */
export function pathOf(world: FuzzWorld, pools: Pools, route: CollectedRoute): fc.Arbitrary<string> {
  const segments = route.url.split("/");
  const parts: fc.Arbitrary<string>[] = [];
  for (const [index, segment] of segments.entries()) {
    if (!segment.startsWith(":")) {
      parts.push(fc.constant(segment));
      continue;
    }
    const collection = segments[index - 1] ?? "";
    if (segment === ":company_id" || collection === "companies") {
      parts.push(companySegment(world, route.method === "DELETE" && segment === ":id"));
    } else if (segment === ":period") {
      parts.push(
        fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...PERIODS) }, fc.constantFrom(...BAD_PERIODS), junkSegment),
      );
    } else if (segment === ":token") {
      parts.push(
        fc.oneof(
          { weight: 6, arbitrary: fc.constant(world.a.signToken) },
          { weight: 1, arbitrary: fc.constant("A".repeat(43)) },
          { weight: 1, arbitrary: fc.constant(`${world.a.signToken}x`) },
          { weight: 2, arbitrary: junkSegment },
        ),
      );
    } else if (collection === "tokens") {
      // never A's own API token (the fuzzer would lock itself out): a spare one, B's, junk
      parts.push(
        fc.oneof(fc.constant(String(world.a.namedTokenId)), fc.constant(String(world.b.namedTokenId)), junkSegment),
      );
    } else if (collection === "applications") {
      parts.push(fc.oneof(fc.integer({ min: 1, max: 20 }).map(String), junkSegment));
    } else if (collection === "attachments") {
      // the parent is the segment two before: pair the attachment with its parent, mostly
      const parent = segments[index - 3] ?? "";
      parts.push(fc.constant(`{attachment:${parent}}`));
    } else if (segment.endsWith("_id")) {
      parts.push(fc.constant(`{parent:${collection}}`));
    } else parts.push(idSegment(pools, collection));
  }
  const attachmentPair = (parent: string): fc.Arbitrary<[string, string]> => {
    const theirs = world.b.attachments[parent] ?? [];
    const own = fc
      .nat({ max: 999 })
      .map((index): [string, string] => [ref(`attp:${parent}`, index), ref(`atta:${parent}`, index)]);
    return fc.oneof(
      { weight: 12, arbitrary: own },
      { weight: 2, arbitrary: pick(theirs, [1, 1]).map(([p, a]): [string, string] => [String(p), String(a)]) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(own, pick(theirs, [1, 1]))
          .map(([mine, other]): [string, string] => [mine[0], String(other[1])]),
      },
      { weight: 2, arbitrary: fc.tuple(idSegment(pools, parent), junkSegment) },
    );
  };
  const parentCollection = segments.find(
    (_segment, index) => /^:\w+_id$/.test(segments[index + 1] ?? "") && segments[index + 1] !== ":company_id",
  );
  // an attachment's own routes name a pair; the parent's (list, upload) any of A's documents
  const named =
    parentCollection === undefined
      ? fc.constant<[string, string]>(["", ""])
      : segments.at(-1) === ":id"
        ? attachmentPair(parentCollection)
        : idSegment(pools, parentCollection).map((id): [string, string] => [id, ""]);
  return fc
    .tuple(fc.tuple(...parts), named)
    .map(([filled, [parentId, attachmentId]]) =>
      filled
        .map((part) => (part.startsWith("{parent:") ? parentId : part.startsWith("{attachment:") ? attachmentId : part))
        .join("/"),
    );
}
