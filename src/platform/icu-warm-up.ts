/**
 * ICU's data on another thread while a server starts. The first `Intl.DateTimeFormat` a process
 * makes takes some 21 ms on the thread that makes it (ICU loads its calendar, locale and time
 * zone data), and the first request of a server makes one (dates in the company's time zone).
 * ICU keeps that data for the whole process, so once a worker thread has made one, the main
 * thread's first takes 0.4 ms; starting the worker costs the main thread 3 ms (measured on 2 cores).
 *
 * Invariants: the worker only formats a date and ends by itself; it never holds the process open
 * and its failure is never the server's (the main thread then loads the data itself, as before).
 */
import { Worker } from "node:worker_threads";

const WARM_UP = "new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hourCycle: 'h23' }).format(0);";

/** Starts the worker; answers it (for tests) — nobody needs to wait for it. */
export function warmIcuData(): Worker {
  const worker = new Worker(WARM_UP, { eval: true });
  worker.unref();
  worker.on("error", () => {});
  return worker;
}
