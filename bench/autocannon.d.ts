/**
 * The small part of autocannon's programmatic API the benchmark uses, typed from autocannon 8's
 * lib/init.js, lib/run.js and lib/aggregateResult.js (the package ships no types). Only fields
 * read under bench/ appear. Without a callback, autocannon returns its run tracker (an event
 * emitter) that is also a thenable resolving to the aggregated result.
 */
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  interface Options {
    url: string;
    method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
  }

  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p99: number;
  }

  interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    mismatches: number;
    statusCodeStats: Record<string, { count: number } | undefined>;
    /** whole milliseconds: autocannon records into an integer HDR histogram */
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  }

  interface Instance extends EventEmitter, PromiseLike<Result> {
    /**
     * Emitted once per response of the run (lib/run.js `onResponse`); `responseTime` is in
     * milliseconds with sub-millisecond precision (process.hrtime, lib/pipelinedRequestsQueue.js).
     */
    on(
      event: "response",
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
