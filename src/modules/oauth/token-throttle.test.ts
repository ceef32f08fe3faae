/**
 * Failed client authentications at /oauth/token and /oauth/revoke are throttled like logins:
 * per client id and client address together (with back-off) and per client address, 429 with
 * Retry-After once over the limit, and the block holds even for the right secret until it ends.
 * Failures from one address never lock the client out at another (issue 26), and the blocks
 * hold across processes on one database.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
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
function refresh(
  clientId: string,
  clientSecret: string,
  remoteAddress: string,
  app: FastifyInstance = harness.app,
): Promise<LightMyRequestResponse> {
  return app.inject({
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

it("blocks a client id at an address after 10 failed authentications, even for the right secret", async () => {
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

/** Two apps, as two processes, on the run's database, with a clock the test moves. */
async function twoProcesses() {
  let clock = Date.now();
  const now = () => new Date(clock);
  const processes = [await buildTestApp(now), await buildTestApp(now)] as const;
  return {
    first: processes[0].app,
    second: processes[1].app,
    later: (seconds: number) => {
      clock += seconds * 1000;
    },
    close: () => Promise.all(processes.map((process) => process.close())),
  };
}

function address(): string {
  return `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
}

it("does not let failures from another address lock the client out (issue 26)", async () => {
  const attacker = address();
  for (let attempt = 1; attempt <= 10; attempt++) {
    expect((await refresh(client.client_id, "kbs_wrong", attacker)).statusCode).toBe(401);
  }
  expectBlocked(await refresh(client.client_id, "kbs_wrong", attacker));
  expectBlocked(await refresh(client.client_id, client.client_secret ?? "", attacker));
  // the real client from its own address still authenticates (the made-up refresh token: 400)
  const owner = await refresh(client.client_id, client.client_secret ?? "", address());
  expect(owner.statusCode, owner.body).toBe(400);
  expect(json<{ error: string }>(owner).error).toBe("invalid_grant");
});

it("backs off: each failure after a block blocks twice as long, up to 15 minutes, in every process", async () => {
  const processes = await twoProcesses();
  try {
    const attacker = address();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const app = attempt % 2 === 0 ? processes.first : processes.second;
      expect((await refresh(client.client_id, "kbs_wrong", attacker, app)).statusCode).toBe(401);
    }
    for (const seconds of [60, 120, 240, 480, 900, 900]) {
      for (const app of [processes.first, processes.second]) {
        const blocked = await refresh(client.client_id, client.client_secret ?? "", attacker, app);
        expectBlocked(blocked);
        expect(blocked.headers["retry-after"]).toBe(String(seconds));
      }
      processes.later(seconds - 1);
      expect((await refresh(client.client_id, "kbs_wrong", attacker, processes.second)).statusCode).toBe(429);
      processes.later(1);
      // the block has passed: one more guess is checked, and begins the next block
      expect((await refresh(client.client_id, "kbs_wrong", attacker, processes.first)).statusCode).toBe(401);
    }
    // quiet for the throttle window after the last block: counting starts again
    processes.later(900 + 15 * 60);
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await refresh(client.client_id, "kbs_wrong", attacker, processes.second)).statusCode).toBe(401);
    }
    expect((await refresh(client.client_id, "kbs_wrong", attacker, processes.first)).headers["retry-after"]).toBe("60");
  } finally {
    await processes.close();
  }
});

it("forgets a pair's failures once the right secret comes from it", async () => {
  const processes = await twoProcesses();
  try {
    const own = address();
    for (let attempt = 1; attempt <= 9; attempt++) {
      expect((await refresh(client.client_id, "kbs_wrong", own, processes.first)).statusCode).toBe(401);
    }
    expect((await refresh(client.client_id, client.client_secret ?? "", own, processes.second)).statusCode).toBe(400);
    for (let attempt = 1; attempt <= 9; attempt++) {
      expect((await refresh(client.client_id, "kbs_wrong", own, processes.first)).statusCode).toBe(401);
    }
    expect((await refresh(client.client_id, client.client_secret ?? "", own, processes.second)).statusCode).toBe(400);
  } finally {
    await processes.close();
  }
});
