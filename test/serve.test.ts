/**
 * `kasboek serve` as a real process on a fresh SQLite database of its own: it migrates, says on
 * stderr how to get a first token, answers on 127.0.0.1 with our error envelope, and stops
 * cleanly on SIGTERM — letting requests in flight finish with a full answer first. The port
 * defaults are checked through the config without binding them.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, inject, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { freePort } from "./support/server-process.js";

const directory = mkdtempSync(path.join(tmpdir(), "kasboek-serve-"));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(directory, { recursive: true, force: true });
});

async function waitForAnswer(url: string, child: ChildProcess, deadline: number): Promise<Response> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}`);
    try {
      return await fetch(url);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(100);
    }
  }
}

interface Answer {
  status: number;
  body: string;
}

/**
 * A POST whose body arrives slowly: the headers and half the body now, the rest after
 * `restAfterMs`, so the request is in flight on the server for that long. Resolves with the
 * whole answer; rejects if the connection is cut off.
 */
function slowPost(port: number, path: string, body: string, restAfterMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        agent: false,
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    const half = Math.floor(body.length / 2);
    request.write(body.slice(0, half));
    setTimeout(() => request.end(body.slice(half)), restAfterMs);
  });
}

function startServe(port: number, extra: Record<string, string> = {}): { child: ChildProcess; output: () => string } {
  const { HOST: _host, PORT: _port, SMTP_URL: _smtp, ...environment } = process.env;
  const child = spawn(process.execPath, [inject("cliEntry"), "serve"], {
    env: {
      ...environment,
      DATABASE_URL: `sqlite:${path.join(directory, `serve-${port}`, "kasboek.sqlite")}`,
      PORT: String(port),
      LOG_LEVEL: "info",
      ...extra,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  return { child, output: () => output };
}

describe("kasboek serve", () => {
  it("serves a fresh SQLite database on 127.0.0.1, hints at bootstrap, and stops on SIGTERM", async () => {
    const port = await freePort();
    const { HOST: _host, PORT: _port, SMTP_URL: _smtp, ...environment } = process.env;
    const child = spawn(process.execPath, [inject("cliEntry"), "serve"], {
      env: {
        ...environment,
        DATABASE_URL: `sqlite:${path.join(directory, "fresh", "kasboek.sqlite")}`,
        PORT: String(port),
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let stderr = "";
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.stdout?.resume();

    const response = await waitForAnswer(`http://127.0.0.1:${port}/api/v1/companies`, child, Date.now() + 20_000);
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(await response.json()).toMatchObject({ error: { type: "client.authentication.invalid_token" } });
    expect(stderr).toContain("no users yet");
    expect(stderr).toContain("kasboek bootstrap --email");

    const exited = once(child, "close");
    child.kill("SIGTERM");
    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
  });

  it("on SIGTERM answers every request in flight in full, then exits 0", async () => {
    const port = await freePort();
    const { child, output } = startServe(port);
    expect((await waitForAnswer(`http://127.0.0.1:${port}/health/ready`, child, Date.now() + 20_000)).status).toBe(200);

    const form = `grant_type=authorization_code&code=${"x".repeat(64)}&client_id=nobody&redirect_uri=https%3A%2F%2Fa.test%2F`;
    // their bodies end seconds later, so they are still in flight at the signal on a loaded machine
    const inFlight = Array.from({ length: 20 }, (_, index) => slowPost(port, "/oauth/token", form, 3000 + index * 20));
    // every request has reached the server (it logs each as it reads its headers), however slowly
    // this machine connects them: a request still connecting when the server stops is not in flight
    const arrived = () =>
      output()
        .split("\n")
        .filter((line) => line.includes('"url":"/oauth/token"')).length;
    for (const deadline = Date.now() + 20_000; arrived() < 20 && Date.now() < deadline; ) await sleep(20);
    expect(arrived()).toBe(20);
    const started = Date.now();
    const exited = once(child, "close");
    child.kill("SIGTERM");
    // a second signal while draining must not kill the process either
    await sleep(100);
    child.kill("SIGINT");

    const answers = await Promise.allSettled(inFlight);
    for (const answer of answers) {
      expect(answer.status, output()).toBe("fulfilled");
      if (answer.status !== "fulfilled") continue;
      // the token endpoint's own answer (RFC 6749 error JSON), not Fastify's bare 503
      expect(answer.value.status).toBeGreaterThanOrEqual(400);
      expect(answer.value.status).toBeLessThan(500);
      expect(JSON.parse(answer.value.body)).toHaveProperty("error");
    }
    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(output()).toContain("shut down cleanly");
    // nothing listens any more
    await expect(fetch(`http://127.0.0.1:${port}/health/live`)).rejects.toThrow();
  });

  it("exits 1 with a log line when in-flight work outlasts SHUTDOWN_GRACE_SECONDS", async () => {
    const port = await freePort();
    const { child, output } = startServe(port, { SHUTDOWN_GRACE_SECONDS: "1" });
    expect((await waitForAnswer(`http://127.0.0.1:${port}/health/live`, child, Date.now() + 20_000)).status).toBe(200);
    // a request whose body never finishes keeps the server draining past its grace period
    const stuck = slowPost(port, "/oauth/token", "grant_type=authorization_code", 60_000).catch(() => null);
    await sleep(300);
    const started = Date.now();
    const exited = once(child, "close");
    child.kill("SIGTERM");
    const [code] = await exited;
    expect(code).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(output()).toContain("shutdown grace period over");
    await stuck;
  });

  it("limits requests per client as RATE_LIMIT_PER_MINUTE says, sharing counters through REDIS_URL", async () => {
    const port = await freePort();
    const { child } = startServe(port, { RATE_LIMIT_PER_MINUTE: "3", REDIS_URL: "redis://127.0.0.1:6379" });
    const ready = await waitForAnswer(`http://127.0.0.1:${port}/health/ready`, child, Date.now() + 20_000);
    expect(ready.status).toBe(200);
    const token = `serve-test-${port}-${Date.now()}`;
    const answers = [];
    for (let index = 0; index < 4; index++) {
      answers.push(
        await fetch(`http://127.0.0.1:${port}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } }),
      );
    }
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 429]);
    expect(answers[0]?.headers.get("ratelimit-limit")).toBe("3");
    expect(answers[3]?.headers.get("retry-after")).toMatch(/^\d+$/);
    const refused = (await answers[3]?.json()) as { error: { type: string } } | undefined;
    expect(refused?.error.type).toBe("client.rate_limit");
    const exited = once(child, "close");
    child.kill("SIGTERM");
    expect((await exited)[0]).toBe(0);
  });

  it("defaults to port 3000 on 127.0.0.1 when PORT and HOST are not set", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe("127.0.0.1");
    expect(loadConfig({ PORT: "", HOST: "" })).toMatchObject({ PORT: 3000, HOST: "127.0.0.1" });
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(loadConfig({})).toMatchObject({ SHUTDOWN_GRACE_SECONDS: 10, HOUSEKEEPING_INTERVAL_SECONDS: 600 });
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
  });
});
