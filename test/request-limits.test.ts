/**
 * The limits on a request's size, each answered in the error envelope with a 4xx: headers (Node's
 * 16 KiB, which holds the request line and so the query string too), the JSON body of an API
 * route (1 MiB; attachment uploads have their own, larger limit, tested in
 * src/modules/attachments/attachment-uploads.test.ts), and query strings whose keys nest or repeat
 * absurdly or that hold more parameters than are read. Headers can only overflow on a real socket.
 */
import { once } from "node:events";
import { connect } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { BODY_LIMIT_BYTES } from "../src/platform/http.js";
import { QUERY_PARAMETER_LIMIT } from "../src/platform/query-string.js";
import { buildTestApp, errorOf, newCompany, request, type TestApp, type TestCompany } from "./support/app.js";

let harness: TestApp;
let company: TestCompany;
let listening: FastifyInstance;
let port = 0;

beforeAll(async () => {
  harness = await buildTestApp();
  company = await newCompany(harness.deps);
  listening = buildApp(harness.deps, { logger: false });
  await listening.listen({ port: 0, host: "127.0.0.1" });
  const address = listening.server.address();
  if (address === null || typeof address === "string") throw new Error("no TCP address");
  port = address.port;
});
afterAll(async () => {
  await listening.close();
  await harness.close();
});

/** Sends `head` as it is and returns the status line and the body of the answer. */
async function rawExchange(head: string): Promise<{ statusLine: string; headers: string; body: string }> {
  const socket = connect(port, "127.0.0.1");
  await once(socket, "connect");
  let raw = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    raw += chunk;
  });
  socket.on("error", () => {});
  socket.write(head);
  await once(socket, "close");
  const [headers = "", body = ""] = raw.split("\r\n\r\n");
  return { statusLine: headers.split("\r\n")[0] ?? "", headers: headers.toLowerCase(), body };
}

const companyUrl = () => `/api/v1/companies/${company.companyId}`;

describe("request limits", () => {
  it("answers headers over 16 KiB with 431 in the envelope", async () => {
    const answer = await rawExchange(
      `GET ${companyUrl()}/contacts HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${company.token}\r\nX-Padding: ${"a".repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.statusLine).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer.headers).toContain("content-type: application/json; charset=utf-8");
    expect(errorOf(answer).type).toBe("client.parameters.invalid_parameter_value");
  });

  it("answers a query string over the header limit with 431 in the envelope", async () => {
    const query = Array.from({ length: 3_000 }, (_, index) => `search[k${index}]=v`).join("&");
    const answer = await rawExchange(`GET ${companyUrl()}/contacts?${query} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(answer.statusLine).toMatch(/^HTTP\/1\.1 431 /);
    expect(errorOf(answer).type).toBe("client.parameters.invalid_parameter_value");
  });

  it("takes absurd query keys within the limit without a 5xx", async () => {
    const queries = [
      `search${"[a]".repeat(2_000)}=x`,
      Array.from({ length: 1_500 }, () => "search[q][]=x").join("&"),
      `page=${"9".repeat(5_000)}&per_page=-1`,
      "search[q]=%ZZ&selection[]=x&search=plain",
    ];
    for (const query of queries) {
      const response = await request(harness.app, "GET", `${companyUrl()}/contacts?${query}`, company.token);
      expect(response.statusCode, query.slice(0, 40)).toBeLessThan(500);
      if (response.statusCode >= 400) expect(errorOf(response).type).toMatch(/^client\./);
    }
  });

  it(`reads the first ${QUERY_PARAMETER_LIMIT} parameters of a query and ignores the rest`, async () => {
    const filler = (count: number) => Array.from({ length: count }, (_, index) => `k${index}=1`).join("&");
    const seen = await request(harness.app, "GET", `${companyUrl()}/contacts?${filler(10)}&per_page=x`, company.token);
    expect(seen.statusCode).toBe(400);
    expect(errorOf(seen).message).toContain("per_page");
    for (const count of [QUERY_PARAMETER_LIMIT, 10_000]) {
      const url = `${companyUrl()}/contacts?${filler(count)}&per_page=x`;
      const response = await request(harness.app, "GET", url, company.token);
      expect(response.statusCode, String(count)).toBe(200);
    }
  });

  it("answers a JSON body over 1 MiB on an API route with 413 in the envelope", async () => {
    const body = JSON.stringify({ contact: { company_name: "x".repeat(BODY_LIMIT_BYTES) } });
    const response = await request(harness.app, "POST", `${companyUrl()}/contacts`, company.token, body);
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).type).toBe("client.parameters.invalid_parameter_value");
  });
});
