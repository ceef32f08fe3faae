/**
 * Loaded into a `kasboek serve` process by the crash tests (node --import): kills the process
 * with SIGKILL at one point of the first request that carries `X-Crash-At`, as a power cut would:
 * - `before-commit`: as it is about to send the COMMIT that follows taking an idempotency key;
 * - `after-commit`: as soon as the database has confirmed that COMMIT, before the answer is
 *   written to the client.
 * It watches what the process says to its database, from outside the code under test: SQLite's
 * statements (better-sqlite3 is loaded from node_modules, so this is the same module) and the
 * bytes on PostgreSQL's sockets (pg is bundled, its socket is Node's). Test data must not contain
 * the words it looks for.
 */

import { Server } from "node:http";
import { createRequire } from "node:module";
import { Socket } from "node:net";

const require = createRequire(import.meta.url);
let point = null;
let keyTaken = false;
const die = () => process.kill(process.pid, "SIGKILL");

const emitRequest = Server.prototype.emit;
Server.prototype.emit = function (event, request, ...rest) {
  if (event === "request" && point === null && typeof request.headers["x-crash-at"] === "string") {
    point = request.headers["x-crash-at"];
  }
  return emitRequest.call(this, event, request, ...rest);
};

const TAKES_KEY = /insert into "idempotency_records"/i;

// SQLite
const Database = require("better-sqlite3");
const prepare = Database.prototype.prepare;
Database.prototype.prepare = function (sqlText, ...rest) {
  const statement = prepare.call(this, sqlText, ...rest);
  const run = statement.run.bind(statement);
  const all = statement.reader ? statement.all.bind(statement) : null;
  if (TAKES_KEY.test(sqlText)) {
    statement.run = (...parameters) => {
      if (point !== null) keyTaken = true;
      return run(...parameters);
    };
  } else if (/^commit$/i.test(sqlText.trim())) {
    statement.run = (...parameters) => {
      if (keyTaken && point === "before-commit") die();
      const result = run(...parameters);
      if (keyTaken && point === "after-commit") die();
      return result;
    };
  }
  if (all !== null && TAKES_KEY.test(sqlText)) {
    statement.all = (...parameters) => {
      if (point !== null) keyTaken = true;
      return all(...parameters);
    };
  }
  return statement;
};

// PostgreSQL: a query's text goes out in a Parse or Query message; CommandComplete "COMMIT" comes back
const write = Socket.prototype.write;
Socket.prototype.write = function (data, ...rest) {
  if (point !== null && (typeof data === "string" || Buffer.isBuffer(data))) {
    const text = data.toString("latin1");
    if (TAKES_KEY.test(text)) keyTaken = true;
    else if (keyTaken && point === "before-commit" && /\bcommit\b/i.test(text)) die();
  }
  return write.call(this, data, ...rest);
};
const emit = Socket.prototype.emit;
Socket.prototype.emit = function (event, data, ...rest) {
  if (event === "data" && keyTaken && point === "after-commit" && Buffer.isBuffer(data)) {
    if (data.includes("COMMIT\0", 0, "latin1")) die();
  }
  return emit.call(this, event, data, ...rest);
};
