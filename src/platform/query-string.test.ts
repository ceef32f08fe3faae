import { describe, expect, it } from "vitest";
import { parseQueryString, QUERY_DEPTH_LIMIT, QUERY_PARAMETER_LIMIT } from "./query-string.js";

describe("Rails query strings", () => {
  it("nests bracketed keys, arrays and percent-encoded brackets", () => {
    expect(parseQueryString("search[q]=a+b&search[paths][]=x&search%5Bpaths%5D%5B%5D=y&page=2")).toEqual({
      search: { q: "a b", paths: ["x", "y"] },
      page: "2",
    });
  });

  it("keeps the last value of a repeated plain key and survives stray percent signs", () => {
    expect(parseQueryString("page=1&page=3&q=100%&r=%ZZ")).toEqual({ page: "3", q: "100%", r: "%ZZ" });
  });

  it("lets no key reach Object.prototype", () => {
    const parsed = parseQueryString("__proto__[polluted]=1&a[__proto__][b]=2&%5F%5Fproto__[c]=3&toString=4");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(parsed)).not.toContain("polluted");
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(Object.getPrototypeOf(parsed.a)).toBeNull();
    // a name like a member of every object is an ordinary key
    expect(parsed.toString).toBe("4");
  });

  it(`reads the first ${QUERY_PARAMETER_LIMIT} of 10,000 parameters`, () => {
    const parsed = parseQueryString(Array.from({ length: 10_000 }, (_, index) => `k${index}=${index}`).join("&"));
    expect(Object.keys(parsed)).toHaveLength(QUERY_PARAMETER_LIMIT);
    expect(parsed[`k${QUERY_PARAMETER_LIMIT - 1}`]).toBe(String(QUERY_PARAMETER_LIMIT - 1));
    expect(parsed[`k${QUERY_PARAMETER_LIMIT}`]).toBeUndefined();
  });

  it("keeps a list as long as the parameters allow a list", () => {
    const parsed = parseQueryString(Array.from({ length: QUERY_PARAMETER_LIMIT }, () => "search[ids][]=1").join("&"));
    expect(parsed.search).toEqual({ ids: Array.from({ length: QUERY_PARAMETER_LIMIT }, () => "1") });
  });

  it(`nests ${QUERY_DEPTH_LIMIT} brackets deep and keeps the rest as one key`, () => {
    expect(parseQueryString("a[b][c][d][e][f][g][h]=1")).toEqual({
      a: { b: { c: { d: { e: { f: { "[g][h]": "1" } } } } } },
    });
  });
});
