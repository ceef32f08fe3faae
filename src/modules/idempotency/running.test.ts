/**
 * The moments a whole-app test cannot hold still: a retry that arrives while the first request
 * still runs (it waits for the first's response, or is told 409 when that takes too long), and a
 * first request that fails with a 5xx (nothing is kept, so a retry runs again). Routes of this
 * file stand in for the API's, on the real store and database.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, newCompany, type TestApp } from "../../../test/support/app.js";
import { createHttpServer } from "../../platform/http.js";
import { type IdempotencyTiming, registerIdempotency } from "../../platform/idempotency.js";
import { issuePersonalToken } from "../tokens/service.js";
import { idempotencyStore } from "./service.js";

let harness: TestApp;
let tokenId: number;
let runs = 0;
let openGate: () => void = () => {};
let gate = Promise.resolve();
let entered: () => void = () => {};

function standInApp(timing: IdempotencyTiming): FastifyInstance {
  const app = createHttpServer({ logger: false });
  app.decorateRequest("context", null);
  app.addHook("onRequest", async (request) => {
    request.context = { token: { tokenId, userId: 0, scopes: [] }, company: null };
  });
  registerIdempotency(app, idempotencyStore(harness.deps), timing);
  app.post("/slow", async () => {
    runs += 1;
    entered();
    await gate;
    return { runs };
  });
  app.post("/failing", async () => {
    runs += 1;
    throw new Error("the database went away");
  });
  return app;
}

let patient: FastifyInstance;
let impatient: FastifyInstance;
const post = (app: FastifyInstance, url: string, key: string) =>
  app.inject({
    method: "POST",
    url,
    headers: { "idempotency-key": key, "content-type": "application/json" },
    payload: "{}",
  });

beforeAll(async () => {
  harness = await buildTestApp();
  const company = await newCompany(harness.deps);
  tokenId = (await issuePersonalToken(harness.deps, harness.deps.db, company.userId, [])).tokenId;
  patient = standInApp({ waitMs: 10_000 });
  impatient = standInApp({ waitMs: 50 });
});
afterAll(async () => {
  await patient.close();
  await impatient.close();
  await harness.close();
});

function closeGate(): Promise<void> {
  gate = new Promise((resolve) => {
    openGate = resolve;
  });
  return new Promise((resolve) => {
    entered = resolve;
  });
}

describe("a retry while the first request runs", () => {
  it("waits for the first response and gets it, without running again", async () => {
    runs = 0;
    const key = randomUUID();
    const inside = closeGate();
    const first = post(patient, "/slow", key);
    await inside;
    const retry = post(patient, "/slow", key);
    setTimeout(() => openGate(), 100);
    const [firstResponse, retryResponse] = await Promise.all([first, retry]);
    expect(runs).toBe(1);
    expect(retryResponse.statusCode).toBe(200);
    expect(retryResponse.body).toBe(firstResponse.body);
    expect(retryResponse.headers["idempotent-replayed"]).toBe("true");
  });

  it("is told 409 with Retry-After when the first takes longer than it waits", async () => {
    runs = 0;
    const key = randomUUID();
    const inside = closeGate();
    const first = post(patient, "/slow", key);
    await inside;
    const refused = await post(impatient, "/slow", key);
    expect(refused.statusCode).toBe(409);
    expect(refused.headers["retry-after"]).toBe("1");
    expect(JSON.parse(refused.body).error.message).toContain("Idempotency-Key");
    openGate();
    const firstResponse = await first;
    const later = await post(impatient, "/slow", key);
    expect(later.body).toBe(firstResponse.body);
    expect(runs).toBe(1);
  });
});

describe("a first request that fails on our side", () => {
  it("keeps nothing, so a retry runs again", async () => {
    runs = 0;
    const key = randomUUID();
    const failed = await post(patient, "/failing", key);
    expect(failed.statusCode).toBe(500);
    const retried = await post(patient, "/failing", key);
    expect(retried.statusCode).toBe(500);
    expect(retried.headers["idempotent-replayed"]).toBeUndefined();
    expect(runs).toBe(2);
  });
});
