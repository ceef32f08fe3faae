/**
 * Idempotency-Key through the whole app: a retried POST or PATCH gets the first response byte for
 * byte and creates nothing more; the same key with another request is refused; keys belong to one
 * token; concurrent duplicates through this process and a server process of its own, on one
 * database, create exactly one resource.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  errorOf,
  json,
  newCompany,
  request,
  type TestApp,
  type TestCompany,
  tokenFor,
} from "../../../test/support/app.js";
import { type ServerProcess, startServerProcess } from "../../../test/support/server-process.js";
import { ALL_SCOPES } from "../../platform/scopes.js";
import { runHousekeeping } from "../housekeeping/service.js";

let harness: TestApp;
let server: ServerProcess;
let company: TestCompany;
const contactsUrl = () => `/api/v1/companies/${company.companyId}/contacts`;
const keyed = (key: string) => ({ "idempotency-key": key });

async function contactNames(): Promise<string[]> {
  const response = await request(harness.app, "GET", `${contactsUrl()}?per_page=100`, company.token);
  return json<{ contacts: Array<{ company_name: string }> }>(response).contacts.map((contact) => contact.company_name);
}

beforeAll(async () => {
  [harness, server] = await Promise.all([buildTestApp(), startServerProcess()]);
  company = await newCompany(harness.deps);
});
afterAll(async () => {
  server.stop();
  await harness.close();
});

describe("Idempotency-Key", () => {
  it("replays the first response of a retried POST byte for byte and creates one contact", async () => {
    const key = randomUUID();
    const body = { contact: { company_name: `Replay ${key}` } };
    const first = await request(harness.app, "POST", contactsUrl(), company.token, body, keyed(key));
    const retry = await request(harness.app, "POST", contactsUrl(), company.token, body, keyed(key));
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(first.statusCode);
    expect(retry.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(retry.headers["content-type"]).toBe(first.headers["content-type"]);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(retry.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
    expect((await contactNames()).filter((name) => name === `Replay ${key}`)).toHaveLength(1);
  });

  it("replays a refusal too, and leaves requests without the header alone", async () => {
    const key = randomUUID();
    const invalid = { contact: { email: "not an address" } };
    const first = await request(harness.app, "POST", contactsUrl(), company.token, invalid, keyed(key));
    const retry = await request(harness.app, "POST", contactsUrl(), company.token, invalid, keyed(key));
    expect(first.statusCode).toBeGreaterThanOrEqual(400);
    expect(retry.statusCode).toBe(first.statusCode);
    expect(retry.body).toBe(first.body);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    const plain = { contact: { company_name: `Plain ${key}` } };
    await request(harness.app, "POST", contactsUrl(), company.token, plain);
    await request(harness.app, "POST", contactsUrl(), company.token, plain);
    expect((await contactNames()).filter((name) => name === `Plain ${key}`)).toHaveLength(2);
  });

  it("refuses the same key with another body or URL with 422 naming Idempotency-Key, keeping the first", async () => {
    const key = randomUUID();
    const body = { contact: { company_name: `First ${key}` } };
    const first = await request(harness.app, "POST", contactsUrl(), company.token, body, keyed(key));
    const other = { contact: { company_name: `Second ${key}` } };
    const changed = await request(harness.app, "POST", contactsUrl(), company.token, other, keyed(key));
    expect(changed.statusCode).toBe(422);
    expect(errorOf(changed).type).toBe("client.parameters.validation");
    expect(errorOf(changed).message).toContain("Idempotency-Key");
    const elsewhere = await request(
      harness.app,
      "POST",
      `/api/v1/companies/${company.companyId}/products`,
      company.token,
      body,
      keyed(key),
    );
    expect(elsewhere.statusCode).toBe(422);
    const names = await contactNames();
    expect(names).toContain(`First ${key}`);
    expect(names).not.toContain(`Second ${key}`);
    const retry = await request(harness.app, "POST", contactsUrl(), company.token, body, keyed(key));
    expect(retry.body).toBe(first.body);
  });

  it("keeps keys apart per token", async () => {
    const key = randomUUID();
    const otherToken = await tokenFor(harness.deps, company.userId, ALL_SCOPES);
    const body = { contact: { company_name: `Per token ${key}` } };
    const first = await request(harness.app, "POST", contactsUrl(), company.token, body, keyed(key));
    const other = await request(harness.app, "POST", contactsUrl(), otherToken, body, keyed(key));
    expect(other.headers["idempotent-replayed"]).toBeUndefined();
    expect(json<{ contact: { id: number } }>(other).contact.id).not.toBe(
      json<{ contact: { id: number } }>(first).contact.id,
    );
  });

  it("replays a PATCH", async () => {
    const created = await request(harness.app, "POST", contactsUrl(), company.token, {
      contact: { company_name: "Before" },
    });
    const id = json<{ contact: { id: number } }>(created).contact.id;
    const key = randomUUID();
    const patch = { contact: { company_name: "After" } };
    const first = await request(harness.app, "PATCH", `${contactsUrl()}/${id}`, company.token, patch, keyed(key));
    await request(harness.app, "PATCH", `${contactsUrl()}/${id}`, company.token, {
      contact: { company_name: "Later" },
    });
    const retry = await request(harness.app, "PATCH", `${contactsUrl()}/${id}`, company.token, patch, keyed(key));
    expect(first.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
    const shown = await request(harness.app, "GET", `${contactsUrl()}/${id}`, company.token);
    expect(json<{ contact: { company_name: string } }>(shown).contact.company_name).toBe("Later");
  });

  it("refuses a key that is not 1 to 255 visible ASCII characters with 400", async () => {
    const body = { contact: { company_name: "Bad key" } };
    for (const key of ["", "x".repeat(256), "mét accent", "two words"]) {
      const response = await request(harness.app, "POST", contactsUrl(), company.token, body, keyed(key));
      expect(response.statusCode, JSON.stringify(key)).toBe(400);
      expect(errorOf(response).message).toContain("Idempotency-Key");
    }
    expect(await contactNames()).not.toContain("Bad key");
  });

  it("creates exactly one resource from concurrent duplicates through two processes", async () => {
    const key = randomUUID();
    const body = { contact: { company_name: `Concurrent ${key}` } };
    const throughServer = async () => {
      const response = await fetch(`${server.url}${contactsUrl()}`, {
        method: "POST",
        headers: { authorization: `Bearer ${company.token}`, "content-type": "application/json", ...keyed(key) },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        body: await response.text(),
        replayed: response.headers.get("idempotent-replayed"),
      };
    };
    const throughHere = async () => {
      const response = await request(harness.app, "POST", contactsUrl(), company.token, body, keyed(key));
      return {
        status: response.statusCode,
        body: response.body,
        replayed: response.headers["idempotent-replayed"] ?? null,
      };
    };
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => (index % 2 === 0 ? throughHere() : throughServer())),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(201);
      expect(answer.body).toBe(answers[0]?.body);
    }
    expect(answers.filter((answer) => answer.replayed === null)).toHaveLength(1);
    expect((await contactNames()).filter((name) => name === `Concurrent ${key}`)).toHaveLength(1);
  });
});

describe("Idempotency-Key expiry", () => {
  it("runs a key's request again after 24 hours, and housekeeping deletes the spent record", async () => {
    let now = new Date("2002-01-01T10:00:00.000Z");
    const clocked = await buildTestApp(() => now);
    try {
      const key = randomUUID();
      const body = { contact: { company_name: `Expiring ${key}` } };
      await request(clocked.app, "POST", contactsUrl(), company.token, body, keyed(key));
      now = new Date("2002-01-02T09:59:00.000Z");
      const within = await request(clocked.app, "POST", contactsUrl(), company.token, body, keyed(key));
      expect(within.headers["idempotent-replayed"]).toBe("true");
      now = new Date("2002-01-02T10:00:01.000Z");
      expect((await runHousekeeping(clocked.deps)).idempotency_records).toBeGreaterThanOrEqual(1);
      const after = await request(clocked.app, "POST", contactsUrl(), company.token, body, keyed(key));
      expect(after.headers["idempotent-replayed"]).toBeUndefined();
      expect((await contactNames()).filter((name) => name === `Expiring ${key}`)).toHaveLength(2);
    } finally {
      await clocked.close();
    }
  });
});
