import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { englishProblem } from "../../test/support/english.js";
import { hasLoneSurrogate, unstorableTextProblem } from "./text.js";

describe("text a database keeps as sent", () => {
  it.each([
    ["x\ud800y", "is not valid text"],
    ["x\udc00", "is not valid text"],
    ["😀\ud83d", "is not valid text"],
    ["\ude00😀", "is not valid text"],
    ["a\u0000b", "must not contain a NUL character"],
  ])("refuses %j", (text, problem) => {
    expect(englishProblem(unstorableTextProblem(text))).toBe(problem);
  });

  it("takes surrogate pairs and every other code point", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const clean = text.replaceAll("\u0000", "");
        expect(hasLoneSurrogate(clean)).toBe(false);
        expect(unstorableTextProblem(clean)).toBeNull();
      }),
    );
  });
});
