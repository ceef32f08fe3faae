/**
 * Request logs: a logging server's lines carry the request's id, and a silent server makes no
 * logger per request (platform/http.ts).
 */
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createHttpServer } from "./http.js";

function capturedLines(): { stream: Writable; lines: () => Array<Record<string, unknown>> } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(String(chunk));
      callback();
    },
  });
  const lines = () =>
    chunks
      .join("")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { stream, lines };
}

describe("request logs", () => {
  it("carry the request id on every line a request logs", async () => {
    const { stream, lines } = capturedLines();
    const app = createHttpServer({ logger: { level: "info", stream } });
    app.get("/logs", async (request) => {
      request.log.info("handled");
      return { ok: true };
    });
    const response = await app.inject({ method: "GET", url: "/logs", headers: { "x-request-id": "req-logs-1" } });
    await app.close();
    expect(response.headers["x-request-id"]).toBe("req-logs-1");
    const handled = lines().find((line) => line.msg === "handled");
    expect(handled?.reqId).toBe("req-logs-1");
  });

  it("are not prepared at all when the server logs nothing", async () => {
    const app = createHttpServer({ logger: { level: "silent" } });
    let sameLogger = false;
    app.get("/silent", async (request) => {
      sameLogger = request.log === app.log;
      return { ok: true };
    });
    expect((await app.inject({ method: "GET", url: "/silent" })).statusCode).toBe(200);
    await app.close();
    expect(sameLogger).toBe(true);
  });
});
