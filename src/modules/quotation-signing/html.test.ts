/** The template helper alone: every interpolation escaped, composed markup kept as it is. */
import { describe, expect, it } from "vitest";
import { escapeHtml, html } from "./html.js";

describe("html templates", () => {
  it("escapes the five special characters", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;",
    );
  });

  it("escapes every interpolated value but keeps composed markup", () => {
    const name = `"><script>alert(1)</script>`;
    const inner = html`<b>${name}</b>`;
    expect(
      html`<p title="${name}">${inner}${[html`<i>1</i>`, "<2>"]}${null}${undefined}${false}${3}</p>`.toString(),
    ).toBe(
      '<p title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"><b>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</b><i>1</i>&lt;2&gt;3</p>',
    );
  });
});
