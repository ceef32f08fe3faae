/**
 * A value at hand is gone on with at once, without a promise; a value still to come is gone on
 * with once it comes, and its rejection reaches the caller.
 */
import { describe, expect, it } from "vitest";
import { onceAtHand } from "./at-hand.js";

describe("onceAtHand", () => {
  it("answers at once, not with a promise, when the value is at hand", () => {
    const answer = onceAtHand(20, (value) => value + 1);
    expect(answer).toBe(21);
  });

  it("answers with a promise when the value is still to come", async () => {
    const answer = onceAtHand(Promise.resolve(20), (value) => value + 1);
    expect(answer).toBeInstanceOf(Promise);
    expect(await answer).toBe(21);
  });

  it("passes a rejection on without running next", async () => {
    let ran = false;
    const answer = onceAtHand(Promise.reject(new Error("gone")), () => {
      ran = true;
    });
    await expect(answer).rejects.toThrow("gone");
    expect(ran).toBe(false);
  });
});
