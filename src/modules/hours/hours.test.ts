import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  errorOf,
  json,
  newCompany,
  request,
  type TestApp,
  type TestCompany,
} from "../../../test/support/app.js";

let harness: TestApp;
let company: TestCompany;
type HourBody = { hour: Record<string, unknown> & { id: number } };

beforeAll(async () => {
  harness = await buildTestApp();
  company = await newCompany(harness.deps);
});
afterAll(() => harness.close());

const url = (suffix = "") => `/api/v1/companies/${company.companyId}/hours${suffix}`;

async function create(fields: Record<string, unknown>) {
  const response = await request(harness.app, "POST", url(), company.token, { hour: fields });
  expect(response.statusCode, response.body).toBe(201);
  return json<HourBody>(response).hour;
}

describe("hours", () => {
  it("measures a record across midnight and answers in the company's time zone", async () => {
    const hour = await create({
      date: "2024-03-02",
      started_at: "2024-03-01 23:00:00 +0100",
      ended_at: "2024-03-02 00:00:00 +0100",
      description: "Support",
    });
    expect(hour).toEqual({
      id: expect.any(Number),
      client_id: null,
      project_id: null,
      calculated_duration: "1.0",
      calculated_duration_without_pause: "1.0",
      calculated_ended_at: "2024-03-02T00:00:00.000+01:00",
      date: "2024-03-02",
      started_at: "2024-03-01T23:00:00.000+01:00",
      ended_at: "2024-03-02T00:00:00.000+01:00",
      description: "Support",
    });
    const updated = await request(harness.app, "PATCH", url(`/${hour.id}`), company.token, {
      hour: { started_at: "2024-03-01 21:00:00 +0100" },
    });
    expect(json<HourBody>(updated).hour).toMatchObject({
      calculated_duration: "3.0",
      started_at: "2024-03-01T21:00:00.000+01:00",
    });
  });

  it("counts real time across a daylight-saving change and shows instants given in UTC locally", async () => {
    const hour = await create({
      date: "2024-03-31",
      started_at: "2024-03-31T00:30:00Z",
      ended_at: "2024-03-31T03:15:00Z",
    });
    expect(hour).toMatchObject({
      calculated_duration: "2.75",
      started_at: "2024-03-31T01:30:00.000+01:00",
      ended_at: "2024-03-31T05:15:00.000+02:00",
    });
  });

  it("ends a started record after its duration minus the pause when no end is given", async () => {
    const hour = await create({ started_at: "2024-07-01T09:00:00+02:00", duration: "1.5", pause: 0.25 });
    expect(hour).toMatchObject({
      calculated_duration: "1.5",
      calculated_duration_without_pause: "1.25",
      calculated_ended_at: "2024-07-01T10:15:00.000+02:00",
      ended_at: null,
      date: "2024-07-01",
    });
  });

  it("takes the date from the start in the company's time zone, and keeps a bare duration without end", async () => {
    const late = await create({ started_at: "2024-03-01T23:30:00Z", ended_at: "2024-03-02T00:30:00Z" });
    expect(late.date).toBe("2024-03-02");
    const amount = await create({ date: "2024-05-01", duration: 2 });
    expect(amount).toMatchObject({ calculated_duration: "2.0", calculated_ended_at: null, started_at: null });
  });

  it("needs a date and a start or a duration, and names every problem", async () => {
    const response = await request(harness.app, "POST", url(), company.token, { hour: { description: "?" } });
    expect(response.statusCode).toBe(422);
    const { message } = errorOf(response);
    expect(message).toContain("date can't be blank");
    expect(message).toContain("started_at or a duration must be given");
    const backwards = await request(harness.app, "POST", url(), company.token, {
      hour: { started_at: "2024-03-02T10:00:00Z", ended_at: "2024-03-02T09:00:00Z", pause: 5, client_id: 987654 },
    });
    const problems = errorOf(backwards).message;
    for (const text of ["ended_at must be at or after started_at", "client_id is not a contact"]) {
      expect(problems).toContain(text);
    }
    const longPause = await request(harness.app, "POST", url(), company.token, {
      hour: { started_at: "2024-03-02T09:00:00Z", ended_at: "2024-03-02T10:00:00Z", pause: 5 },
    });
    expect(longPause.statusCode).toBe(422);
    expect(errorOf(longPause).message).toContain("pause must not be longer than the time worked");
  });

  it("names only ended_at when the end is before the start and no pause was sent", async () => {
    const response = await request(harness.app, "POST", url(), company.token, {
      hour: { started_at: "2024-03-02T10:00:00Z", ended_at: "2024-03-02T09:00:00Z" },
    });
    expect(response.statusCode).toBe(422);
    const { message } = errorOf(response);
    expect(message).toContain("ended_at must be at or after started_at");
    expect(message).not.toContain("pause");
  });

  it("names only duration when a negative duration is sent without a pause", async () => {
    const response = await request(harness.app, "POST", url(), company.token, {
      hour: { date: "2024-03-02", duration: -1 },
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toContain("duration must be 0 or more");
    expect(errorOf(response).message).not.toContain("pause");
  });

  it("refuses 22:00 to 02:00 on one date, and takes it with the next day's date", async () => {
    const sameDate = await request(harness.app, "POST", url(), company.token, {
      hour: { started_at: "2024-03-05 22:00:00 +0100", ended_at: "2024-03-05 02:00:00 +0100" },
    });
    expect(sameDate.statusCode).toBe(422);
    expect(errorOf(sameDate).message).toContain("ended_at must be at or after started_at");
    expect(errorOf(sameDate).message).toContain("next day");
    const nextDay = await create({ started_at: "2024-03-05 22:00:00 +0100", ended_at: "2024-03-06 02:00:00 +0100" });
    expect(nextDay).toMatchObject({ date: "2024-03-05", calculated_duration: "4.0" });
  });

  it("accepts the company's own contact as client, and only that", async () => {
    const contact = json<{ contact: { id: number } }>(
      await request(harness.app, "POST", `/api/v1/companies/${company.companyId}/contacts`, company.token, {
        contact: { company_name: "Klant" },
      }),
    ).contact;
    const hour = await create({ date: "2024-05-02", duration: 1, client_id: contact.id, project_id: 7 });
    expect(hour).toMatchObject({ client_id: contact.id, project_id: 7 });
    const other = await newCompany(harness.deps);
    const foreign = await request(harness.app, "POST", `/api/v1/companies/${other.companyId}/hours`, other.token, {
      hour: { date: "2024-05-02", duration: 1, client_id: contact.id },
    });
    expect(foreign.statusCode).toBe(422);
  });

  it("lists newest first, shows and deletes", async () => {
    const own = await newCompany(harness.deps);
    const ownUrl = `/api/v1/companies/${own.companyId}/hours`;
    for (const date of ["2024-01-02", "2024-03-04", "2024-02-03"]) {
      await request(harness.app, "POST", ownUrl, own.token, { hour: { date, duration: 1 } });
    }
    const list = await request(harness.app, "GET", ownUrl, own.token);
    const hours = json<{ hours: Array<{ id: number; date: string }> }>(list).hours;
    expect(hours.map((hour) => hour.date)).toEqual(["2024-03-04", "2024-02-03", "2024-01-02"]);
    expect(list.headers["x-total"]).toBe("3");
    const first = hours[0];
    expect(json(await request(harness.app, "GET", `${ownUrl}/${first?.id}`, own.token))).toEqual({ hour: first });
    expect((await request(harness.app, "DELETE", `${ownUrl}/${first?.id}`, own.token)).statusCode).toBe(204);
    expect((await request(harness.app, "GET", `${ownUrl}/${first?.id}`, own.token)).statusCode).toBe(404);
  });
});
