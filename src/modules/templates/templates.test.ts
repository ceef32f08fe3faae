import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp } from "../../../test/support/app.js";

let harness: TestApp;
beforeAll(async () => {
  harness = await buildTestApp();
});
afterAll(() => harness.close());

it("gives every company one default template, listed and shown", async () => {
  const company = await newCompany(harness.deps);
  const url = `/api/v1/companies/${company.companyId}/templates`;
  const list = await request(harness.app, "GET", url, company.token);
  expect(list.statusCode).toBe(200);
  const { templates } = json<{ templates: Array<{ id: number; name: string; is_default: boolean }> }>(list);
  expect(templates).toEqual([{ id: expect.any(Number), name: expect.any(String), is_default: true }]);
  const shown = await request(harness.app, "GET", `${url}/${templates[0]?.id}`, company.token);
  expect(json(shown)).toEqual({ template: templates[0] });
  expect(list.headers["x-total"]).toBe("1");
});
