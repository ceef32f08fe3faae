/**
 * Health and metrics through the app: live and ready answer without a token, ready names what
 * is wrong in a 503 envelope in plain words (an extra check failing, a database that does not
 * answer or lacks migrations, shutting down) and logs it once per change, and /metrics speaks
 * Prometheus text with route patterns as labels, behind METRICS_TOKEN when one is set.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildTestApp, errorOf, json, newCompany, request, type TestApp } from "../../../test/support/app.js";
import { freePort } from "../../../test/support/server-process.js";
import { buildApp } from "../../app.js";
import { openDatabase } from "../../db/connection.js";
import { checkReadiness } from "./service.js";

let harness: TestApp;
beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

describe("GET /health/live and /health/ready", () => {
  it("answer 200 without a token on a migrated database", async () => {
    for (const url of ["/health/live", "/health/ready"]) {
      const response = await request(harness.app, "GET", url, null);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(json(response)).toEqual({ status: "ok" });
    }
  });

  it("is not ready while an extra check (Redis) fails, and says which", async () => {
    const app = buildApp(
      harness.deps,
      { logger: false },
      { readinessChecks: [{ name: "Redis", probe: async () => Promise.reject(new Error("connection refused")) }] },
    );
    try {
      const response = await request(app, "GET", "/health/ready", null);
      expect(response.statusCode).toBe(503);
      // the reason in plain words: the client library's own error text stays in the log (issue 26)
      expect(errorOf(response)).toEqual({ type: "server", message: "Redis is not available" });
      expect(response.body).not.toContain("connection refused");
      expect((await request(app, "GET", "/health/live", null)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("logs readiness when it changes, with the error behind it, not on every probe (issue 26)", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n")) if (line !== "") lines.push(JSON.parse(line));
        done();
      },
    });
    let redisAnswers = false;
    const probe = async () => {
      if (!redisAnswers) throw new Error("connect ECONNREFUSED 10.0.0.7:6379");
    };
    const app = buildApp(
      harness.deps,
      { logger: { level: "info", stream } },
      { readinessChecks: [{ name: "Redis", probe }] },
    );
    const probes = async (count: number, status: number) => {
      for (let index = 0; index < count; index++) {
        const response = await request(app, "GET", "/health/ready", null);
        expect(response.statusCode).toBe(status);
        expect(response.body).not.toContain("ECONNREFUSED");
      }
    };
    const about = (level: number, text: string) =>
      lines.filter((line) => line.level === level && String(line.msg).includes(text));
    try {
      await probes(3, 503);
      redisAnswers = true;
      await probes(3, 200);
      redisAnswers = false;
      await probes(2, 503);
      expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
      const notReady = about(40, "not ready: Redis is not available");
      expect(notReady).toHaveLength(2);
      expect(JSON.stringify(notReady[0])).toContain("ECONNREFUSED 10.0.0.7:6379");
      expect(about(30, "ready again")).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it("names a database that does not answer without its driver's words", async () => {
    const port = await freePort();
    const handle = openDatabase(`postgres://postgres@127.0.0.1:${port}/kasboek`);
    const app = buildApp({ db: handle.db, now: () => new Date() }, { logger: false });
    try {
      const response = await request(app, "GET", "/health/ready", null);
      expect(response.statusCode).toBe(503);
      expect(errorOf(response)).toEqual({ type: "server", message: "The database does not answer" });
      expect(response.body).not.toContain(String(port));
    } finally {
      await app.close();
      await handle.close();
    }
  });

  it("is not ready on a database whose migrations are not applied", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "kasboek-health-"));
    const handle = openDatabase(`sqlite:${path.join(directory, "empty.sqlite")}`);
    const app = buildApp({ db: handle.db, now: () => new Date() }, { logger: false });
    try {
      const response = await request(app, "GET", "/health/ready", null);
      expect(response.statusCode).toBe(503);
      expect(errorOf(response).message).toMatch(/^Database migrations are not applied: 0001_create_users_and_tokens, /);
    } finally {
      await app.close();
      await handle.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("is not ready once shutdown began", async () => {
    const readiness = await checkReadiness(harness.deps, { shuttingDown: true, checks: [] });
    expect(readiness).toEqual({ ready: false, reason: { key: "shuttingDown" } });
  });
});

describe("GET /metrics", () => {
  it("counts requests by route pattern, method and status, and reports the outbox backlog", async () => {
    const company = await newCompany(harness.deps);
    await request(harness.app, "GET", `/api/v1/companies/${company.companyId}/contacts`, company.token);
    await request(harness.app, "GET", "/no/such/path", null);
    const response = await request(harness.app, "GET", "/metrics", null);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toMatch(
      /kasboek_http_requests_total\{method="GET",route="\/api\/v1\/companies\/:company_id\/contacts",status="200"\} \d+/,
    );
    expect(text).not.toContain(`/companies/${company.companyId}/`);
    expect(text).toMatch(/kasboek_http_requests_total\{method="GET",route="unmatched",status="404"\} \d+/);
    expect(text).toContain("kasboek_http_request_duration_seconds_bucket{");
    expect(text).toMatch(/^kasboek_outbox_backlog \d+$/m);
    expect(text).toMatch(/^kasboek_rate_limit_rejections_total 0$/m);
  });

  it("counts each request once in its own series and times it", async () => {
    const company = await newCompany(harness.deps);
    const app = buildApp(harness.deps, { logger: false });
    try {
      const contacts = `/api/v1/companies/${company.companyId}/contacts`;
      for (let i = 0; i < 3; i++) expect((await request(app, "GET", contacts, company.token)).statusCode).toBe(200);
      expect((await request(app, "GET", contacts, "no-such-token")).statusCode).toBe(401);
      const text = (await request(app, "GET", "/metrics", null)).body;
      const series = 'method="GET",route="/api/v1/companies/:company_id/contacts"';
      expect(text).toContain(`kasboek_http_requests_total{${series},status="200"} 3\n`);
      expect(text).toContain(`kasboek_http_requests_total{${series},status="401"} 1\n`);
      expect(text).toContain(`kasboek_http_request_duration_seconds_count{${series},status="200"} 3\n`);
    } finally {
      await app.close();
    }
  });

  it("wants the METRICS_TOKEN when one is set", async () => {
    const app = buildApp(harness.deps, { logger: false }, { metricsToken: "metrics-secret" });
    try {
      const missing = await request(app, "GET", "/metrics", null);
      expect(missing.statusCode).toBe(401);
      expect(errorOf(missing).type).toBe("client.authentication.invalid_token");
      expect(missing.headers["www-authenticate"]).toMatch(/^Bearer realm=/);
      expect((await request(app, "GET", "/metrics", "wrong-secret")).statusCode).toBe(401);
      const allowed = await request(app, "GET", "/metrics", "metrics-secret");
      expect(allowed.statusCode).toBe(200);
      expect(allowed.body).toContain("kasboek_http_requests_total");
      // health stays open: orchestrators probe it without credentials
      expect((await request(app, "GET", "/health/ready", null)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("reports the PostgreSQL pool's connections, and no pool on SQLite", async () => {
    const handle = openDatabase(inject("databaseUrl"));
    const app = buildApp({ db: handle.db, now: () => new Date() }, { logger: false }, { poolStats: handle.poolStats });
    try {
      await request(app, "GET", "/health/ready", null);
      const text = (await request(app, "GET", "/metrics", null)).body;
      if (handle.kind === "postgres") {
        expect(text).toMatch(/^kasboek_db_pool_connections [1-9]\d*$/m);
        expect(text).toMatch(/^kasboek_db_pool_idle_connections \d+$/m);
        expect(text).toMatch(/^kasboek_db_pool_waiting_clients 0$/m);
      } else {
        expect(text).not.toContain("kasboek_db_pool");
      }
    } finally {
      await app.close();
      await handle.close();
    }
  });

  it("keeps one registry per app, so two apps in one process do not collide", async () => {
    const other = buildApp(harness.deps, { logger: false });
    try {
      const response = await request(other, "GET", "/metrics", null);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('route="/api/v1/companies/:company_id/contacts"');
    } finally {
      await other.close();
    }
  });
});
