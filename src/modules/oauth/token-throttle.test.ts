/**
 * Failed client authentications at /oauth/token and /oauth/revoke are throttled like logins:
 * per client id and per client address, 429 with Retry-After once over the limit, and the
 * block holds even for the right secret until it ends.
 */
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, json, type TestApp } from "../../../test/support/app.js";
import { type RegisteredClient, registerClient } from "./client-service.js";

let harness: TestApp;
let client: RegisteredClient;

beforeAll(async () => {
  harness = await buildTestApp();
  client = await registerClient(harness.deps, {
    name: "Throttled",
    redirectUris: ["https://app.example.test/callback"],
    confidential: true,
  });
});
afterAll(() => harness.close());

/** A refresh with a made-up token: the client authentication is what is tested. */
function refresh(clientId: string, clientSecret: string, remoteAddress: string): Promise<LightMyRequestResponse> {
  return harness.app.inject({
    method: "POST",
    url: "/oauth/token",
    remoteAddress,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: "kbr_unknown",
      client_id: clientId,
      client_secret: clientSecret,
    }).toString(),
  });
}

function expectBlocked(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(json<{ error: string }>(response).error).toBe("temporarily_unavailable");
  expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
  expect(Number(response.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
}

it("blocks a client id after 10 failed authentications, even for the right secret", async () => {
  const address = `10.1.${Math.floor(Math.random() * 250)}.1`;
  const right = client.client_secret ?? "";
  // the right secret authenticates (the made-up refresh token then fails: 400)
  expect((await refresh(client.client_id, right, address)).statusCode).toBe(400);
  for (let attempt = 1; attempt <= 10; attempt++) {
    expect((await refresh(client.client_id, "kbs_wrong", address)).statusCode).toBe(401);
  }
  expectBlocked(await refresh(client.client_id, "kbs_wrong", address));
  expectBlocked(await refresh(client.client_id, right, address));
  // the block is on this client id, not on other clients from elsewhere
  const elsewhere = await refresh(`kbc_${randomUUID()}`, "kbs_wrong", "10.2.0.1");
  expect(elsewhere.statusCode).toBe(401);
});

it("blocks a client address after 50 failed authentications with any client ids", async () => {
  const address = "10.3.0.7";
  for (let attempt = 1; attempt <= 50; attempt++) {
    expect((await refresh(`kbc_${randomUUID()}`, "kbs_wrong", address)).statusCode).toBe(401);
  }
  expectBlocked(await refresh(`kbc_${randomUUID()}`, "kbs_wrong", address));
});

it("answers a NUL in a client id as a malformed request, not a server error", async () => {
  const response = await refresh("kbc_\u0000", "kbs_wrong", "10.4.0.1");
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ error: "invalid_request" });
});
