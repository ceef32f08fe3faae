import { describe, expect, it } from "vitest";
import { parseQueryString } from "./query-string.js";

describe("Rails query strings", () => {
  it("nests bracketed keys, arrays and percent-encoded brackets", () => {
    expect(parseQueryString("search[q]=a+b&search[paths][]=x&search%5Bpaths%5D%5B%5D=y&page=2")).toEqual({
      search: { q: "a b", paths: ["x", "y"] },
      page: "2",
    });
  });

  it("keeps the last value of a repeated plain key and survives stray percent signs", () => {
    expect(parseQueryString("page=1&page=3&q=100%")).toEqual({ page: "3", q: "100%" });
  });

  it("ignores prototype keys", () => {
    const parsed = parseQueryString("__proto__[polluted]=1&a[__proto__][b]=2");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(parsed).toEqual({});
  });
});
