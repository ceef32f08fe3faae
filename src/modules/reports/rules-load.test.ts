/**
 * Loading the report rules makes no ICU collator: every server loads them at start, and a collator
 * loads ICU's collation data (19 ms of a cold start). The chart's order still uses one.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

const OriginalCollator = Intl.Collator;
let made = 0;
class CountedCollator extends OriginalCollator {
  constructor(...args: ConstructorParameters<typeof Intl.Collator>) {
    super(...args);
    made += 1;
  }
}
afterEach(() => {
  Intl.Collator = OriginalCollator;
});

describe("the report rules", () => {
  it("make their collator when a tree is first sorted, not when they load", async () => {
    Intl.Collator = CountedCollator as typeof Intl.Collator;
    // test files share their worker's modules (vitest.config.ts): load the rules afresh
    vi.resetModules();
    const { accountTree } = await import("./rules.js");
    expect(made).toBe(0);
    const chart = [
      { id: 1, path: "b", reference: "B", name: "Balans" },
      { id: 2, path: "b.10", reference: "B10", name: "Tien" },
      { id: 3, path: "b.2", reference: "B2", name: "Twee" },
    ];
    const tree = accountTree(
      chart,
      "b",
      new Map([
        [2, 5n],
        [3, 7n],
      ]),
    );
    expect(tree?.accounts.map((account) => account.name)).toEqual(["Twee", "Tien"]);
    expect(made).toBe(1);
  });
});
