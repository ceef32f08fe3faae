/**
 * The build's bundle is ASCII only (scripts/build.ts), since a start reads it as Latin-1: the
 * escapes it writes for the characters esbuild leaves (in comments, regular expressions and
 * tagged templates) mean what the characters meant.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { asciiOnly } from "../scripts/build.js";
import { html } from "../src/platform/pages/html.js";

describe("the bundle", () => {
  it("holds no character outside ASCII", () => {
    const bundle = readFileSync(path.join(path.dirname(inject("cliEntry")), "kasboek.cjs"));
    expect(bundle.findIndex((byte) => byte > 0x7f)).toBe(-1);
  });

  it("means the same after its characters are escaped: strings, templates, tags, patterns, comments", () => {
    const code = `// één — €
({
  text: "één € 😀",
  template: \`\${1} · twee\`,
  tagged: html\`<code>x</code> — \${"y"} ·\`.html,
  euro: /^€ (\\d+)$/.exec("€ 12")?.[1],
  emoji: /😀/u.test("a😀b"),
})`;
    const escaped = asciiOnly(code);
    expect(escaped).not.toMatch(/[\u0080-\uffff]/);
    const run = (source: string) => new Function("html", `return (${source}\n)`)(html) as unknown;
    expect(run(escaped)).toEqual(run(code));
    expect(run(code)).toEqual({
      text: "één € 😀",
      template: "1 · twee",
      tagged: "<code>x</code> — y ·",
      euro: "12",
      emoji: true,
    });
  });
});
