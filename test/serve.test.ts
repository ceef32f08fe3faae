/**
 * `kasboek serve` as a real process on a fresh SQLite database of its own: it migrates, says on
 * stderr how to get a first token, answers on 127.0.0.1 with our error envelope, and stops
 * cleanly on SIGTERM. The port defaults are checked through the config without binding them.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";

const directory = mkdtempSync(path.join(tmpdir(), "kasboek-serve-"));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(directory, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  if (address === null || typeof address === "string") throw new Error("no TCP address");
  return address.port;
}

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

describe("kasboek serve", () => {
  it("serves a fresh SQLite database on 127.0.0.1, hints at bootstrap, and stops on SIGTERM", async () => {
    const port = await freePort();
    const { HOST: _host, PORT: _port, SMTP_URL: _smtp, ...environment } = process.env;
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts", "serve"], {
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

    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
  });

  it("defaults to port 3000 on 127.0.0.1 when PORT and HOST are not set", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe("127.0.0.1");
    expect(loadConfig({ PORT: "", HOST: "" })).toMatchObject({ PORT: 3000, HOST: "127.0.0.1" });
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
  });
});
