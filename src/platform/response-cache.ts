/**
 * A memory of the answers of the GET routes that declare `cachedResponse`, so a question the
 * database has answered is not asked again while its answer cannot have changed (issue 13: a
 * GET spent most of its time in the database driver, which no query tuning removes).
 *
 * Invariants:
 * - an answer is reused only while the database's data version (db/dialect.ts) is the one taken
 *   before its handler read: the version changes with every write committed by any process, and
 *   each request takes it anew after it came, so a reused answer is exactly what the database
 *   would answer now (on PostgreSQL, from a snapshot taken after the request came);
 * - access comes first: the route-level hooks run after access control's, so a revoked token or
 *   a lost membership is refused as before, and only a request allowed the route sees an answer;
 * - an answer depends only on its URL (company, resource, query string), the company's date
 *   (the `expired` selection of invoices depends on it) and Accept-Language, which make the key; a route whose answer
 *   depends on anything else (the caller, the time of day) must not declare `cachedResponse`;
 * - only a 200 with a string body is kept, with the headers that belong to the answer
 *   (content type and paging), never the request's own (request id, rate limit); it is kept
 *   encoded, as it is sent: kept as a string, a list of 100 invoices was encoded on every send
 *   (1,956 against 4,401 req/s, the bench's list on SQLite);
 * - a request that says `Cache-Control: no-cache` (or `no-store`) is answered by its handler and
 *   its answer not kept: a client, or the bench, can always ask the database itself;
 * - the memory holds at most MOST_KEPT_BYTES of bodies and keys; the oldest answer goes first.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { DataVersion } from "../db/dialect.js";
import { requireCompany } from "./access.js";
import type { Clock } from "./access-cache.js";
import { onceAtHand } from "./at-hand.js";
import { dateInTimeZone } from "./dates.js";
import { PAGING_HEADERS } from "./paging.js";

/** A few dozen lists of 100 invoices, thousands of single documents. */
const MOST_KEPT_BYTES = 8_000_000;
/** A larger body is not kept, so one answer cannot empty the memory. */
const MOST_BYTES_PER_ANSWER = 800_000;
const KEPT_HEADERS = ["content-type", ...PAGING_HEADERS] as const;

interface Ticket {
  key: string;
  version: string;
}

interface Answer {
  body: Buffer;
  headers: Record<string, string>;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** a company route's GET: its 200 answer may be reused while the database is unchanged (response-cache.ts) */
    cachedResponse?: true;
  }
  interface FastifyRequest {
    responseCacheTicket: Ticket | null;
  }
}

/** The answers read at one data version; a request at another version empties it. */
class AnswerMemory {
  #version: string | null = null;
  #answers = new Map<string, Answer>();
  #bytes = 0;

  find(key: string, version: string): Answer | undefined {
    if (version !== this.#version) {
      this.#startOver(version);
      return undefined;
    }
    return this.#answers.get(key);
  }

  /** An answer read at another version than the memory's empties it: versions do not come back. */
  keep(ticket: Ticket, answer: Answer): void {
    const size = sizeOf(ticket.key, answer);
    if (size > MOST_BYTES_PER_ANSWER) return;
    if (ticket.version !== this.#version) this.#startOver(ticket.version);
    this.#forget(ticket.key);
    for (const [oldestKey] of this.#answers) {
      if (this.#bytes + size <= MOST_KEPT_BYTES) break;
      this.#forget(oldestKey);
    }
    this.#answers.set(ticket.key, answer);
    this.#bytes += size;
  }

  #forget(key: string): void {
    const answer = this.#answers.get(key);
    if (answer === undefined) return;
    this.#answers.delete(key);
    this.#bytes -= sizeOf(key, answer);
  }

  #startOver(version: string): void {
    this.#version = version;
    this.#answers.clear();
    this.#bytes = 0;
  }
}

function asksTheDatabase(request: FastifyRequest): boolean {
  const directives = request.headers["cache-control"];
  return directives !== undefined && /\bno-(cache|store)\b/i.test(directives);
}

/** A key's characters count twice: a JavaScript string may take two bytes for each. */
function sizeOf(key: string, answer: Answer): number {
  return 2 * key.length + answer.body.length;
}

function keyOf(request: FastifyRequest, now: Clock): string {
  const day = dateInTimeZone(now(), requireCompany(request).timeZone);
  return `${request.url}\n${day}\n${request.headers["accept-language"] ?? ""}`;
}

function answerHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}

/** Adds the memory's hooks to every GET route that declares `cachedResponse`; call before the routes. */
export function registerResponseCache(app: FastifyInstance, dataVersion: DataVersion, now: Clock): void {
  const memory = new AnswerMemory();
  app.decorateRequest("responseCacheTicket", null);

  // callback style: SQLite's version is at hand, and a hit then costs no promise
  const reuseAt = (request: FastifyRequest, reply: FastifyReply, version: string | null, done: () => void) => {
    if (version === null) return done();
    const key = keyOf(request, now);
    const answer = memory.find(key, version);
    if (answer === undefined) {
      request.responseCacheTicket = { key, version };
      return done();
    }
    reply.headers(answer.headers).send(answer.body);
  };
  const reuse = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    if (request.method !== "GET" || asksTheDatabase(request)) return done();
    const looked = onceAtHand(dataVersion(), (version) => reuseAt(request, reply, version, done));
    if (looked instanceof Promise) looked.catch(done);
  };
  const keep = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: () => void) => {
    const ticket = request.responseCacheTicket;
    if (ticket !== null && reply.statusCode === 200 && typeof payload === "string") {
      memory.keep(ticket, { body: Buffer.from(payload), headers: answerHeaders(reply) });
    }
    done();
  };

  app.addHook("onRoute", (route) => {
    if (route.config?.cachedResponse !== true) return;
    route.onRequest = [...hookList(route.onRequest), reuse];
    route.onSend = [...hookList(route.onSend), keep];
  });
}

function hookList<Hook>(hooks: Hook | Hook[] | undefined): Hook[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
