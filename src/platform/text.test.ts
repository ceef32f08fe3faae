import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasLoneSurrogate, unstorableText } from "./text.js";

describe("text a database keeps as sent", () => {
  it.each([
    ["x\ud800y", "lone_surrogate"],
    ["x\udc00", "lone_surrogate"],
    ["😀\ud83d", "lone_surrogate"],
    ["\ude00😀", "lone_surrogate"],
    ["a\u0000b", "nul"],
  ])("refuses %j", (text, reason) => {
    expect(unstorableText(text)).toBe(reason);
  });

  it("takes surrogate pairs and every other code point", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const clean = text.replaceAll("\u0000", "");
        expect(hasLoneSurrogate(clean)).toBe(false);
        expect(unstorableText(clean)).toBeNull();
      }),
    );
  });
});
