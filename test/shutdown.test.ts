/**
 * SIGTERM under load, through a real `kasboek serve` process on the run's database: 30 slow
 * requests (lists of 100 invoices and invoice PDFs) each on a keep-alive connection of its own,
 * all written to their sockets before the signal. Every one gets its whole answer, the answers
 * the server writes after the signal say `Connection: close`, no socket is left open for the
 * client to close, and the process exits 0 once the last answer is out — long before its grace
 * period. Each round's server is a new process; the first round whose signal lands while requests
 * are still being served settles it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { Agent, request as httpRequest } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "./support/app.js";
import { REFERENCE_CONTACT } from "./support/expenses.js";
import { freePort } from "./support/server-process.js";

const REQUESTS = 30;
const INVOICES = 100;
const PDF_LINES = 80;
const GRACE_SECONDS = 30;
/** Rounds until one whose signal comes while requests are served (see `round`). */
const ROUNDS = 5;

interface Answer {
  status: number;
  requestId: string;
  connection: string | undefined;
  /** bytes received against the Content-Length the server announced */
  complete: boolean;
  /** when the answer's last byte arrived, and when the server closed its socket */
  endedAt: number;
  socketClosed: Promise<number>;
}

/** A GET on a fresh keep-alive connection; `written` resolves once the request is on the socket. */
function get(
  agent: Agent,
  port: number,
  path: string,
  token: string,
): { written: Promise<void>; answer: Promise<Answer> } {
  let markWritten = () => {};
  const written = new Promise<void>((resolve) => {
    markWritten = resolve;
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    const outgoing = httpRequest(
      { host: "127.0.0.1", port, path, agent, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        const socket = response.socket;
        const socketClosed = new Promise<number>((closed) => socket.once("close", () => closed(Date.now())));
        let received = 0;
        response.on("data", (chunk: Buffer) => {
          received += chunk.length;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            requestId: String(response.headers["x-request-id"]),
            connection: response.headers.connection,
            complete: received === Number(response.headers["content-length"]),
            endedAt: Date.now(),
            socketClosed,
          }),
        );
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.on("finish", markWritten);
    outgoing.end();
  });
  return { written, answer };
}

describe("kasboek serve on SIGTERM under load", () => {
  let harness: TestApp;
  let company: TestCompany;
  let publishedId = 0;

  beforeAll(async () => {
    harness = await buildTestApp();
    company = await newCompany(harness.deps);
    const base = `/api/v1/companies/${company.companyId}`;
    const contact = await request(harness.app, "POST", `${base}/contacts`, company.token, {
      contact: REFERENCE_CONTACT,
    });
    const contactId = json<{ contact: { id: number } }>(contact).contact.id;
    for (let index = 0; index < INVOICES; index += 1) {
      const created = await request(harness.app, "POST", `${base}/sales_invoices`, company.token, {
        sales_invoice: {
          contact_id: contactId,
          date: "2026-03-02",
          _publish: index === 0,
          // the PDF's invoice has many lines, so that each PDF keeps the server busy for a while
          invoice_lines: Array.from({ length: index === 0 ? PDF_LINES : 2 }, (_, line) => ({
            description: `Werk ${index}.${line}`,
            quantity: "3",
            price_per_unit: "75.00",
            vat_type_id: 1,
          })),
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      if (index === 0) publishedId = json<{ sales_invoice: { id: number } }>(created).sales_invoice.id;
    }
  }, 120_000);
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await harness.close();
  });

  /**
   * One server, 30 requests written, SIGTERM, every answer checked. Resolves with how many
   * answers the server wrote after it began to shut down: on SQLite a busy server may have
   * answered them all before it reads the signal, and such a round proves less.
   */
  async function round(): Promise<number> {
    const port = await freePort();
    const { HOST: _host, PORT: _port, SMTP_URL: _smtp, ...environment } = process.env;
    const server = spawn(process.execPath, [inject("cliEntry"), "serve"], {
      env: {
        ...environment,
        DATABASE_URL: inject("databaseUrl"),
        PORT: String(port),
        LOG_LEVEL: "info",
        SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
        RATE_LIMIT_PER_MINUTE: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(server);
    let output = "";
    for (const stream of [server.stdout, server.stderr]) {
      stream?.setEncoding("utf8").on("data", (chunk: string) => {
        output += chunk;
      });
    }
    const base = `/api/v1/companies/${company.companyId}`;
    for (const deadline = Date.now() + 60_000; ; ) {
      const ready = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline || server.exitCode !== null) throw new Error(`serve did not start:\n${output}`);
      await sleep(50);
    }

    const agent = new Agent({ keepAlive: true, maxSockets: REQUESTS });
    const requests = Array.from({ length: REQUESTS }, (_, index) =>
      get(
        agent,
        port,
        index % 2 === 0 ? `${base}/sales_invoices?per_page=100` : `${base}/sales_invoices/${publishedId}/pdf`,
        company.token,
      ),
    );
    await Promise.all(requests.map((sent) => sent.written));
    const exited = once(server, "close");
    server.kill("SIGTERM");

    const answers = await Promise.allSettled(requests.map((sent) => sent.answer));
    const [code, signal] = await exited;
    const exitedAt = Date.now();
    agent.destroy();
    // when the server wrote each answer, and when it began to shut down, by its own clock
    const logLines = output
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { msg?: string; reqId?: string; time: number });
    const shutdownAt = logLines.find((line) => line.msg?.startsWith("shutting down"))?.time ?? Number.NaN;
    const answeredAt = (requestId: string) =>
      logLines.find((line) => line.reqId === requestId && line.msg === "request completed")?.time ?? Number.NaN;
    let answeredWhileClosing = 0;
    for (const answer of answers) {
      expect(answer.status, `${String(answer.status === "rejected" && answer.reason)}\n${output}`).toBe("fulfilled");
      if (answer.status !== "fulfilled") continue;
      expect(answer.value.status).toBe(200);
      expect(answer.value.complete).toBe(true);
      // an answer written after the signal tells the client the connection ends with it
      if (answeredAt(answer.value.requestId) > shutdownAt) {
        answeredWhileClosing += 1;
        expect(answer.value.connection).toBe("close");
      }
      // and the server closes every socket, idle keep-alive ones included, without waiting
      expect(await answer.value.socketClosed).toBeLessThanOrEqual(exitedAt + 1000);
    }
    expect({ code, signal }, output).toEqual({ code: 0, signal: null });
    expect(output).toContain("shut down cleanly");
    const lastAnswerAt = Math.max(
      ...answers.map((answer) => (answer.status === "fulfilled" ? answer.value.endedAt : 0)),
    );
    // it did not wait out its grace period for a socket the client could have kept open
    expect(exitedAt - lastAnswerAt).toBeLessThan(5_000);
    return answeredWhileClosing;
  }

  it("answers all 30 requests in full with Connection: close, closes every socket and exits 0", async () => {
    let answeredWhileClosing = 0;
    for (let attempt = 0; attempt < ROUNDS && answeredWhileClosing === 0; attempt += 1) {
      answeredWhileClosing = await round();
    }
    // the signal came while requests were being served in at least one round
    expect(answeredWhileClosing).toBeGreaterThan(0);
  }, 240_000);
});
