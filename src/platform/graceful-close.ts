/**
 * Closing the HTTP server without dropping a request that reached it.
 *
 * Invariants, once `close()` was called:
 * - the listener stays open until the event loop has turned QUIET_TURNS times in a row without
 *   a new connection or a new request: connections the kernel completed for us before the
 *   signal (the listen backlog) are taken and their requests read first. Closing the listener
 *   at once resets the backlog, and Node counts a connection whose request it has not read yet
 *   as idle and destroys it. Node takes about one backlog connection per turn while it is busy,
 *   so the drain is as long as the backlog, bounded by `mostDrainMs` (serve gives it half its
 *   grace period: on a loaded machine a turn that serves a PDF takes a third of a second);
 * - every answer written from then on says `Connection: close`, so the client sends no other
 *   request on it and Node ends the socket once the answer is out;
 * - idle keep-alive sockets are closed when the listener closes (Node's `server.close()`), so the
 *   returned promise settles as soon as the last answer is written, not after a keep-alive
 *   timeout.
 */
import type { FastifyInstance } from "fastify";

const QUIET_TURNS = 3;

const turnOfTheEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Registers the `Connection: close` of closing time; call before the app is ready. A client that
 * keeps connecting holds the listener open for `mostDrainMs` at most.
 */
export function gracefulClose(app: FastifyInstance, mostDrainMs: number): () => Promise<void> {
  let closing = false;
  // callback style: every response passes here, and nearly all of them before any close
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("connection", "close");
    done(null, payload);
  });
  return async () => {
    closing = true;
    let arrivals = 0;
    const arrived = () => {
      arrivals += 1;
    };
    app.server.on("connection", arrived).on("request", arrived);
    const deadline = Date.now() + mostDrainMs;
    for (let quietTurns = 0; quietTurns < QUIET_TURNS && Date.now() < deadline; ) {
      const before = arrivals;
      await turnOfTheEventLoop();
      quietTurns = arrivals === before ? quietTurns + 1 : 0;
    }
    app.server.off("connection", arrived).off("request", arrived);
    await app.close();
  };
}
