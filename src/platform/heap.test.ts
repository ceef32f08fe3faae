/**
 * The server's heap setting (heap.ts): it changes how far V8 grows the old generation after a full
 * collection and keeps bytecode, sets no limit, and goes back to V8's defaults. Its effect on memory is measured by `npm run bench` (the RSS row),
 * never asserted here.
 */
import v8 from "node:v8";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keepHeapNearLiveSize, restoreDefaultHeapFlags } from "./heap.js";

afterEach(() => {
  vi.restoreAllMocks();
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
    expect(setFlags.mock.calls).toEqual([["--heap-growing-percent=0"], ["--flush-bytecode"]]);
  });
});
