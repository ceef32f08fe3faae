import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, json, newCompany, request, type TestApp, type TestCompany } from "../../../test/support/app.js";

let harness: TestApp;
let company: TestCompany;
const ride = {
  departure_address: "Alkmaar",
  visiting_address: "Utrecht",
  km_start: 0,
  km_end: 100,
  private: null,
  date: "2024-03-02",
};

beforeAll(async () => {
  harness = await buildTestApp();
  company = await newCompany(harness.deps);
});
afterAll(() => harness.close());

function ridesUrl(suffix = "") {
  return `/api/v1/companies/${company.companyId}/rides${suffix}`;
}

async function createRide(fields: Record<string, unknown> = ride) {
  const response = await request(harness.app, "POST", ridesUrl(), company.token, { ride: fields });
  expect(response.statusCode).toBe(201);
  return json<{ ride: Record<string, unknown> & { id: number } }>(response).ride;
}

describe("rides", () => {
  it("creates a ride and answers with all seven fields in the reference's order", async () => {
    const response = await request(harness.app, "POST", ridesUrl(), company.token, { ride });
    expect(response.statusCode).toBe(201);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    const body = json<{ ride: Record<string, unknown> }>(response);
    expect(Object.keys(body.ride)).toEqual([
      "id",
      "departure_address",
      "visiting_address",
      "km_start",
      "km_end",
      "private",
      "date",
    ]);
    expect(body.ride).toMatchObject(ride);
  });

  it("shows a ride and keeps null fields present", async () => {
    const created = await createRide({ km_end: 5, date: "2024-01-01" });
    const response = await request(harness.app, "GET", ridesUrl(`/${created.id}`), company.token);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      ride: {
        id: created.id,
        departure_address: null,
        visiting_address: null,
        km_start: null,
        km_end: 5,
        private: null,
        date: "2024-01-01",
      },
    });
  });

  it("names every invalid attribute in one 422", async () => {
    const response = await request(harness.app, "POST", ridesUrl(), company.token, {
      ride: { km_end: "abc", km_start: "x1" },
    });
    expect(response.statusCode).toBe(422);
    const { error } = json<{ error: { type: string; message: string } }>(response);
    expect(error.type).toBe("client.parameters.validation");
    expect(error.message).toContain("km_end is not a number");
    expect(error.message).toContain("km_start is not a number");
    expect(error.message).toContain("date can't be blank");
  });

  it("rejects an invalid date and an end before the start", async () => {
    const response = await request(harness.app, "POST", ridesUrl(), company.token, {
      ride: { km_start: 50, km_end: 10, date: "2024-02-30" },
    });
    expect(response.statusCode).toBe(422);
    const { error } = json<{ error: { message: string } }>(response);
    expect(error.message).toContain("date is not a valid date");
    expect(error.message).toContain("km_end must not be less than km_start");
  });

  it("coerces numeric strings and boolean strings as the reference server does", async () => {
    const created = await createRide({ km_start: "10", km_end: "20", private: "true", date: "2024-03-03" });
    expect(created).toMatchObject({ km_start: 10, km_end: 20, private: true });
  });

  it("updates only the supplied fields", async () => {
    const created = await createRide();
    const response = await request(harness.app, "PATCH", ridesUrl(`/${created.id}`), company.token, {
      ride: { km_end: 345 },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ ride: { ...created, km_end: 345 } });
    const shown = await request(harness.app, "GET", ridesUrl(`/${created.id}`), company.token);
    expect(json(shown)).toEqual({ ride: { ...created, km_end: 345 } });
  });

  it("validates an update against the stored ride and leaves it unchanged on failure", async () => {
    const created = await createRide();
    const response = await request(harness.app, "PATCH", ridesUrl(`/${created.id}`), company.token, {
      ride: { km_end: null, date: "not a date" },
    });
    expect(response.statusCode).toBe(422);
    const { error } = json<{ error: { message: string } }>(response);
    expect(error.message).toContain("km_end can't be blank");
    expect(error.message).toContain("date is not a valid date");
    const shown = await request(harness.app, "GET", ridesUrl(`/${created.id}`), company.token);
    expect(json(shown)).toEqual({ ride: created });
  });

  it("deletes a ride with 204 and an empty body, then it is gone", async () => {
    const created = await createRide();
    const response = await request(harness.app, "DELETE", ridesUrl(`/${created.id}`), company.token);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    const shown = await request(harness.app, "GET", ridesUrl(`/${created.id}`), company.token);
    expect(shown.statusCode).toBe(404);
    expect(json(shown)).toMatchObject({ error: { type: "client.not_found.resource" } });
    const again = await request(harness.app, "DELETE", ridesUrl(`/${created.id}`), company.token);
    expect(again.statusCode).toBe(404);
  });

  it("lists newest first with paging headers and the business selection", async () => {
    const own = await newCompany(harness.deps);
    const url = `/api/v1/companies/${own.companyId}/rides`;
    for (const [date, isPrivate] of [
      ["2024-01-01", false],
      ["2024-03-01", true],
      ["2024-02-01", null],
    ] as const) {
      await request(harness.app, "POST", url, own.token, { ride: { km_end: 1, date, private: isPrivate } });
    }
    const all = await request(harness.app, "GET", url, own.token);
    expect(all.headers["x-total"]).toBe("3");
    expect(all.headers["x-page"]).toBe("1");
    expect(all.headers["x-per-page"]).toBe("40");
    expect(json<{ rides: Array<{ date: string }> }>(all).rides.map((r) => r.date)).toEqual([
      "2024-03-01",
      "2024-02-01",
      "2024-01-01",
    ]);

    const business = await request(harness.app, "GET", `${url}?selection=business`, own.token);
    expect(json<{ rides: Array<{ date: string }> }>(business).rides.map((r) => r.date)).toEqual([
      "2024-02-01",
      "2024-01-01",
    ]);
    expect(business.headers["x-total"]).toBe("2");

    const second = await request(harness.app, "GET", `${url}?per_page=2&page=2`, own.token);
    expect(json<{ rides: Array<{ date: string }> }>(second).rides.map((r) => r.date)).toEqual(["2024-01-01"]);
    expect(second.headers["x-page"]).toBe("2");
    expect(second.headers["x-per-page"]).toBe("2");

    const bad = await request(harness.app, "GET", `${url}?selection=private`, own.token);
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ error: { type: "client.parameters.invalid_parameter_value" } });
  });
});
