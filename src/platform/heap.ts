/**
 * How far the server lets its heap grow past what is alive. V8 sizes the old generation for the
 * machine: on 23 GB it let a server whose live heap is about 15 MB (a heap snapshot after the
 * bench's creates) hold some 95 MB of old space, mostly garbage, before a full collection, and
 * the process peaked at 220 MB (issue 13's bench; the goal is 150). Growing the old generation by
 * OLD_GENERATION_GROWTH_PERCENT after each full collection, instead of V8's factor of up to 4,
 * kept it at about 25 MB and the peak at 150–160 MB, with requests per second unchanged within
 * the bench's noise (the list of 100 at 50 connections, the most allocating read: 190 against
 * 200 req/s on PostgreSQL): full collections of a small live heap are short.
 *
 * Closer growth means more full collections, and V8 drops the bytecode of a function that has
 * not run for five of them: the code cache written at exit (scripts/code-cache.ts) then held half
 * the code, and the next start compiled the rest (270–290 against 210–230 ms to the first
 * answer). So bytecode is kept while serving: a few MB, all of it code that did run.
 *
 * The young generation: V8 lets its two semi-spaces grow to 16 MB each, and under the bench's
 * creates they did, 32 MB resident. At 8 MB each (node --max-semi-space-size=8) the peak was
 * 135 against 153 MB with creates per second unchanged within the noise. That size is fixed when
 * the process starts, but the growth factor is read at each growth: after every collection the
 * server lets the young generation grow (V8's factor) while it is under MOST_YOUNG_GENERATION_BYTES
 * and stops its growth (factor 1) from there; V8 may still shrink it when idle, and it grows again.
 *
 * Invariants:
 * - only growth factors and bytecode flushing change, never a limit: a large export may still
 *   use what it needs;
 * - they change once serving has started (cli/serve.ts): with 10 % growth from the first
 *   allocation, loading and compiling took extra full collections;
 * - V8 reads both flags as it collects, so setting them in a running process takes effect, unlike
 *   the heap's sizes (--max-old-space-size, --max-semi-space-size), fixed when the process starts;
 * - they are back to V8's defaults before the code cache is written (`restoreDefaultHeapFlags`).
 */
import { PerformanceObserver } from "node:perf_hooks";
import v8 from "node:v8";

export const OLD_GENERATION_GROWTH_PERCENT = 10;
/** Both semi-spaces together, as V8 counts the new space's size. */
export const MOST_YOUNG_GENERATION_BYTES = 16 * 1024 * 1024;
/** V8's own --semi-space-growth-factor */
const DEFAULT_SEMI_SPACE_GROWTH_FACTOR = 2;

let youngGenerationWatch: PerformanceObserver | undefined;

function youngGenerationBytes(): number {
  return v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space")?.space_size ?? 0;
}

/** V8's growth factor while the young generation is under MOST_YOUNG_GENERATION_BYTES, else none. */
export function semiSpaceGrowthFactor(youngGenerationBytes: number): number {
  return youngGenerationBytes < MOST_YOUNG_GENERATION_BYTES ? DEFAULT_SEMI_SPACE_GROWTH_FACTOR : 1;
}

/** Call once the server has started: its start-up, measured as cold start, keeps V8's defaults. */
export function keepHeapNearLiveSize(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWTH_PERCENT}`);
  v8.setFlagsFromString("--no-flush-bytecode");
  let factor = DEFAULT_SEMI_SPACE_GROWTH_FACTOR;
  youngGenerationWatch?.disconnect();
  youngGenerationWatch = new PerformanceObserver(() => {
    const wanted = semiSpaceGrowthFactor(youngGenerationBytes());
    if (wanted === factor) return;
    factor = wanted;
    v8.setFlagsFromString(`--semi-space-growth-factor=${factor}`);
  });
  youngGenerationWatch.observe({ entryTypes: ["gc"] });
}

/**
 * Back to V8's defaults, before the code cache is written at exit (scripts/start-bundle.ts): V8
 * stamps a cache with the flags that differ from their defaults and refuses it under any others,
 * so a cache written with these flags set was refused at every start (100 ms of cold start).
 */
export function restoreDefaultHeapFlags(): void {
  youngGenerationWatch?.disconnect();
  youngGenerationWatch = undefined;
  v8.setFlagsFromString("--heap-growing-percent=0");
  v8.setFlagsFromString("--flush-bytecode");
  v8.setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_SEMI_SPACE_GROWTH_FACTOR}`);
}
