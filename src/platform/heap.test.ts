/**
 * The server's heap setting (heap.ts): it changes how far V8 grows the old generation after a full
 * collection, stops the young generation's growth at 16 MB, keeps bytecode, sets no limit, and
 * goes back to V8's defaults. Its effect on memory is measured by `npm run bench` (the RSS row),
 * never asserted here.
 */
import v8 from "node:v8";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  keepHeapNearLiveSize,
  MOST_YOUNG_GENERATION_BYTES,
  restoreDefaultHeapFlags,
  semiSpaceGrowthFactor,
} from "./heap.js";

afterEach(() => {
  vi.restoreAllMocks();
  // the watch of the young generation must not outlive its test
  restoreDefaultHeapFlags();
});

describe("the server's heap", () => {
  it("grows its old generation by 10 % after a full collection and keeps bytecode, with no limit set", () => {
    const setFlags = vi.spyOn(v8, "setFlagsFromString").mockImplementation(() => {});
    keepHeapNearLiveSize();
    expect(setFlags.mock.calls).toEqual([["--heap-growing-percent=10"], ["--no-flush-bytecode"]]);
  });

  it("goes back to V8's defaults", () => {
    const setFlags = vi.spyOn(v8, "setFlagsFromString").mockImplementation(() => {});
    restoreDefaultHeapFlags();
    expect(setFlags.mock.calls).toEqual([
      ["--heap-growing-percent=0"],
      ["--flush-bytecode"],
      ["--semi-space-growth-factor=2"],
    ]);
  });

  it("lets the young generation grow as V8 would until both semi-spaces hold 16 MB, and no further", () => {
    expect(semiSpaceGrowthFactor(2 * 1024 * 1024)).toBe(2);
    expect(semiSpaceGrowthFactor(MOST_YOUNG_GENERATION_BYTES - 1)).toBe(2);
    expect(semiSpaceGrowthFactor(MOST_YOUNG_GENERATION_BYTES)).toBe(1);
    expect(semiSpaceGrowthFactor(32 * 1024 * 1024)).toBe(1);
  });
});
