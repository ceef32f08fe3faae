import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp } from "../../../test/support/app.js";

let harness: TestApp;
beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

it("shows the token owner's details under `me`", async () => {
  const owner = await newCompany(harness.deps);
  const response = await request(harness.app, "GET", "/api/v1/me", owner.token);
  expect(response.statusCode).toBe(200);
  expect(json(response)).toEqual({ me: { first_name: null, last_name: null, email: owner.email } });
});
