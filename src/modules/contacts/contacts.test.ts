import { setTimeout as sleep } from "node:timers/promises";
import type { LightMyRequestResponse as Response } from "fastify";
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
import { ValidationErrors } from "../../platform/errors.js";
import { createContactIn, holdContactForDocument } from "./service.js";

let harness: TestApp;
let company: TestCompany;

const business = {
  is_individual: false,
  is_supplier: false,
  company_name: "Kaashandel de Vries BV",
  contact_person_name: "Anna de Vries",
  contact_person_email_address: "anna@kaashandel.example",
  address: "Markt 1",
  zipcode: "1811 AA",
  city: "Alkmaar",
  country_code: "NL",
  kvk_number: "87654321",
  vat_number: "NL987654321B01",
};

type ContactBody = { contact: Record<string, unknown> & { id: number; contact_number: string; name: string } };

beforeAll(async () => {
  harness = await buildTestApp();
  company = await newCompany(harness.deps);
});
afterAll(() => harness.close());

function url(own: TestCompany = company, suffix = "") {
  return `/api/v1/companies/${own.companyId}/contacts${suffix}`;
}

async function create(own: TestCompany, fields: Record<string, unknown>) {
  const response = await request(harness.app, "POST", url(own), own.token, { contact: fields });
  expect(response.statusCode, response.body).toBe(201);
  return json<ContactBody>(response).contact;
}

describe("contacts", () => {
  it("creates a company contact with a derived name and generated numbers K00001, K00002", async () => {
    const own = await newCompany(harness.deps);
    const first = await create(own, business);
    expect(first).toEqual({
      id: expect.any(Number),
      ...business,
      name: business.company_name,
      government_identification_number: null,
      phone: null,
      contact_number: "K00001",
      free_1: null,
      free_2: null,
      free_3: null,
    });
    expect(Object.keys(first).slice(0, 5)).toEqual(["id", "is_individual", "is_supplier", "name", "company_name"]);
    const second = await create(own, { is_individual: true, contact_person_name: "Jan Jansen" });
    expect(second).toMatchObject({ name: "Jan Jansen", company_name: null, contact_number: "K00002" });
  });

  it("skips numbers taken by hand, rejects duplicates, and never reuses a number", async () => {
    const own = await newCompany(harness.deps);
    await create(own, { company_name: "A", contact_number: "K00002" });
    const generated = await create(own, { company_name: "B" });
    expect(generated.contact_number).toBe("K00001");
    expect((await create(own, { company_name: "C" })).contact_number).toBe("K00003");
    const duplicate = await request(harness.app, "POST", url(own), own.token, {
      contact: { company_name: "D", contact_number: "K00001" },
    });
    expect(duplicate.statusCode).toBe(422);
    expect(errorOf(duplicate).message).toContain("contact_number");
    await request(harness.app, "DELETE", url(own, `/${generated.id}`), own.token);
    expect((await create(own, { company_name: "E" })).contact_number).toBe("K00004");
  });

  it("hands out distinct numbers under concurrent creates", async () => {
    const own = await newCompany(harness.deps);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        request(harness.app, "POST", url(own), own.token, { contact: { company_name: `Klant ${index}` } }),
      ),
    );
    const numbers = responses.map((response) => json<ContactBody>(response).contact.contact_number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => `K${String(index + 1).padStart(5, "0")}`));
  });

  /**
   * Runs `blankWrite` while another writer stores `contactNumber` by hand in a transaction that
   * commits only after the blank write has taken that number from the counter and found it free
   * (on PostgreSQL the blank write then waits on the unique index for the other to finish).
   */
  async function whileHandGivenCommits(own: TestCompany, contactNumber: string, blankWrite: () => Promise<Response>) {
    let blank: Promise<Response> | undefined;
    await harness.deps.db.transaction().execute(async (transaction) => {
      const errors = new ValidationErrors();
      await createContactIn(
        transaction,
        own.companyId,
        { company_name: "Hand", contact_number: contactNumber },
        errors,
      );
      expect(errors.isEmpty).toBe(true);
      blank = blankWrite();
      await sleep(300);
    });
    if (blank === undefined) throw new Error("the blank write did not start");
    return blank;
  }

  it("gives a blank create or update the next number when a hand-given one commits meanwhile", async () => {
    const own = await newCompany(harness.deps);
    const first = await create(own, { company_name: "Eerste" });
    expect(first.contact_number).toBe("K00001");
    const created = await whileHandGivenCommits(own, "K00002", () =>
      request(harness.app, "POST", url(own), own.token, { contact: { company_name: "Leeg" } }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(json<ContactBody>(created).contact.contact_number).toBe("K00003");
    const updated = await whileHandGivenCommits(own, "K00004", () =>
      request(harness.app, "PATCH", url(own, `/${first.id}`), own.token, { contact: { contact_number: "" } }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(json<ContactBody>(updated).contact.contact_number).toBe("K00005");
  });

  it("keeps numbers unique under concurrent creates mixing hand-given and blank numbers", async () => {
    const own = await newCompany(harness.deps);
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, index) => {
        const contact =
          index % 2 === 0
            ? { company_name: `Hand ${index}`, contact_number: `K${String(index / 2 + 1).padStart(5, "0")}` }
            : { company_name: `Leeg ${index}` };
        return request(harness.app, "POST", url(own), own.token, { contact });
      }),
    );
    responses.forEach((response, index) => {
      // A hand-given number a generator committed first is a fair 422; a blank one never is.
      if (index % 2 === 1 || response.statusCode !== 201) {
        expect(response.statusCode, response.body).toBe(index % 2 === 1 ? 201 : 422);
      }
      if (response.statusCode === 422) expect(errorOf(response).message).toContain("contact_number");
    });
    const stored = json<{ contacts: Array<{ contact_number: string }> }>(
      await request(harness.app, "GET", `${url(own)}?per_page=100`, own.token),
    ).contacts.map((contact) => contact.contact_number);
    expect(stored).toHaveLength(responses.filter((response) => response.statusCode === 201).length);
    expect(new Set(stored).size).toBe(stored.length);
  });

  it("generates a number for a blank or null contact_number on update", async () => {
    const own = await newCompany(harness.deps);
    const first = await create(own, { company_name: "Eerste" });
    await create(own, { company_name: "Hand", contact_number: "K00002" });
    for (const [blank, expected] of [
      ["", "K00003"],
      [null, "K00004"],
      ["  ", "K00005"],
    ] as const) {
      const response = await request(harness.app, "PATCH", url(own, `/${first.id}`), own.token, {
        contact: { contact_number: blank },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(json<ContactBody>(response).contact.contact_number).toBe(expected);
    }
    const shown = await request(harness.app, "GET", url(own, `/${first.id}`), own.token);
    expect(json<ContactBody>(shown).contact).toEqual({ ...first, contact_number: "K00005" });
    const taken = await request(harness.app, "PATCH", url(own, `/${first.id}`), own.token, {
      contact: { contact_number: "K00002" },
    });
    expect(taken.statusCode).toBe(422);
    expect(errorOf(taken).message).toContain("contact_number has already been taken");
  });

  it("requires a company name, or a person's name for an individual, naming every problem", async () => {
    const company422 = await request(harness.app, "POST", url(), company.token, {
      contact: { is_individual: false, contact_person_email_address: "not-an-address", country_code: "Holland" },
    });
    expect(company422.statusCode).toBe(422);
    const message = errorOf(company422).message;
    for (const attribute of ["company_name", "contact_person_email_address", "country_code"])
      expect(message).toContain(attribute);
    const person422 = await request(harness.app, "POST", url(), company.token, {
      contact: { is_individual: true, company_name: "X" },
    });
    expect(errorOf(person422).message).toContain("contact_person_name");
  });

  it("updates only the supplied fields and re-derives the name", async () => {
    const created = await create(company, business);
    const response = await request(harness.app, "PATCH", url(company, `/${created.id}`), company.token, {
      contact: { company_name: "Kaashandel de Vries B.V.", phone: "072-1234567" },
    });
    expect(response.statusCode).toBe(200);
    expect(json<ContactBody>(response).contact).toEqual({
      ...created,
      company_name: "Kaashandel de Vries B.V.",
      name: "Kaashandel de Vries B.V.",
      phone: "072-1234567",
    });
    const invalid = await request(harness.app, "PATCH", url(company, `/${created.id}`), company.token, {
      contact: { company_name: "" },
    });
    expect(invalid.statusCode).toBe(422);
  });

  it("filters by selection, free text and exact e-mail address", async () => {
    const own = await newCompany(harness.deps);
    await create(own, { company_name: "Bakkerij 100% Brood", city: "Utrecht" });
    await create(own, {
      company_name: "Groothandel",
      is_supplier: true,
      contact_person_email_address: "inkoop@groot.example",
    });
    await create(own, { is_individual: true, contact_person_name: "Piet Bakker", zipcode: "3527 VX" });
    const names = async (query: string) =>
      json<{ contacts: Array<{ name: string }> }>(
        await request(harness.app, "GET", `${url(own)}?${query}`, own.token),
      ).contacts.map((contact) => contact.name);
    expect(await names("selection=suppliers")).toEqual(["Groothandel"]);
    expect(await names("selection=customers")).toEqual(["Bakkerij 100% Brood", "Piet Bakker"]);
    expect(await names("search[q]=BAKKER")).toEqual(["Bakkerij 100% Brood", "Piet Bakker"]);
    expect(await names("search[q]=3527")).toEqual(["Piet Bakker"]);
    expect(await names("search[q]=100%25")).toEqual(["Bakkerij 100% Brood"]);
    expect(await names("search[q]=0_")).toEqual([]);
    expect(await names("search[contact_person_email_address]=inkoop@groot.example")).toEqual(["Groothandel"]);
    expect(await names("search[contact_person_email_address]=inkoop@groot")).toEqual([]);
  });

  it("refuses to delete a contact a published document holds on to, and keeps it", async () => {
    const held = await create(company, { company_name: "Vaste klant" });
    await holdContactForDocument(harness.deps.db, company.companyId, held.id, { type: "sales_invoice", id: 1 });
    const response = await request(harness.app, "DELETE", url(company, `/${held.id}`), company.token);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).type).toBe("client.parameters.validation");
    expect((await request(harness.app, "GET", url(company, `/${held.id}`), company.token)).statusCode).toBe(200);
  });

  it("deletes a contact with 204", async () => {
    const created = await create(company, { company_name: "Weg" });
    const response = await request(harness.app, "DELETE", url(company, `/${created.id}`), company.token);
    expect(response.statusCode).toBe(204);
    expect((await request(harness.app, "GET", url(company, `/${created.id}`), company.token)).statusCode).toBe(404);
  });
});
