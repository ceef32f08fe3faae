/**
 * The ICP return through the API: goods and services per EU customer from the published invoices
 * of the period, credit notes netted, whole euros adding up to box 3b.
 */
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
import { apportionWholeEuros, icpCountryCode, nationalVatNumber } from "./rules.js";

let harness: TestApp;
let company: TestCompany;
let vatTypes: Map<string, number>;

const api = (method: "GET" | "POST", suffix: string, body?: unknown, own = company) =>
  request(harness.app, method, `/api/v1/companies/${own.companyId}${suffix}`, own.token, body);

async function customer(fields: Record<string, unknown>): Promise<number> {
  const response = await api("POST", "/contacts", { contact: fields });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ contact: { id: number } }>(response).contact.id;
}

async function publish(contactId: number, date: string, lines: Array<[string, string]>, saleType = "supply") {
  const response = await api("POST", "/sales_invoices", {
    sales_invoice: {
      contact_id: contactId,
      date,
      sale_type: saleType,
      _publish: true,
      invoice_lines: lines.map(([price, vatType]) => ({ price_per_unit: price, vat_type_id: vatTypes.get(vatType) })),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
}

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-11-22T10:00:00Z"));
  company = await newCompany(harness.deps);
  const types = json<{ vat_types: Array<{ id: number; name: string }> }>(await api("GET", "/vat_types?selection=all"));
  vatTypes = new Map(types.vat_types.map((type) => [type.name, type.id]));
});
afterAll(() => harness.close());

describe("GET /companies/{id}/icp_returns/{period}", () => {
  it("lists goods and services per customer, nets credit notes and adds up to box 3b", async () => {
    const german = await customer({ company_name: "Kunde GmbH", country_code: "DE", vat_number: "DE123456789" });
    const belgian = await customer({ company_name: "Klant BVBA", country_code: "BE", vat_number: "BE0123456749" });
    const greek = await customer({ company_name: "Pelatis AE", country_code: "GR", vat_number: "EL123456789" });
    await publish(german, "2026-07-10", [
      ["1000.40", "vat_zero"],
      ["50", "vat_high"],
    ]);
    await publish(german, "2026-08-10", [["-200.10", "vat_zero"]]);
    await publish(belgian, "2026-09-30", [["300.45", "vat_reverse_charged"]], "service");
    await publish(greek, "2026-09-01", [["99.55", "vat_zero"]]);
    await publish(german, "2026-10-01", [["5000", "vat_zero"]]); // next quarter

    const response = await api("GET", "/icp_returns/2026Q3");
    expect(response.statusCode, response.body).toBe(200);
    const vatReturn = json<{ vat_return: { boxes: Record<string, { base: string; base_filed: string }> } }>(
      await api("GET", "/vat_returns/2026Q3"),
    ).vat_return;
    // exact 3b: 800.30 + 300.45 + 99.55 = 1200.30 → filed 1200 in the filer's favour
    expect(vatReturn.boxes["3b"]).toMatchObject({ base: "1200.3", base_filed: "1200.0" });
    expect(json(response)).toEqual({
      icp_return: {
        period: "2026Q3",
        from: "2026-07-01",
        till: "2026-09-30",
        supplies: [
          { country_code: "DE", vat_number: "123456789", amount: "800.0" },
          { country_code: "EL", vat_number: "123456789", amount: "100.0" },
        ],
        services: [{ country_code: "BE", vat_number: "0123456749", amount: "300.0" }],
        total: "1200.0",
      },
    });
  });

  it("puts a credit invoice where the invoice it credits went, though the customer has moved since", async () => {
    const own = await newCompany(harness.deps, "Verhuisd BV");
    const call = (method: "GET" | "POST", suffix: string, body?: unknown) => api(method, suffix, body, own);
    const created = await call("POST", "/contacts", {
      contact: { company_name: "Belg NV", country_code: "BE", vat_number: "BE0123456749" },
    });
    const contactId = json<{ contact: { id: number } }>(created).contact.id;
    const invoice = async (fields: Record<string, unknown>, price: string) => {
      const response = await call("POST", "/sales_invoices", {
        sales_invoice: {
          contact_id: contactId,
          sale_type: "service",
          _publish: true,
          invoice_lines: [{ price_per_unit: price, vat_type_id: vatTypes.get("vat_reverse_charged") }],
          ...fields,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return json<{ sales_invoice: { id: number } }>(response).sales_invoice.id;
    };
    const credited = await invoice({ date: "2026-04-10" }, "400.40");
    const moved = await request(
      harness.app,
      "PATCH",
      `/api/v1/companies/${own.companyId}/contacts/${contactId}`,
      own.token,
      { contact: { country_code: "NL", vat_number: "NL123456782B01" } },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    await invoice({ date: "2026-05-10", credited_invoice_id: credited }, "-400.40");

    const boxes = json<{ vat_return: { boxes: Record<string, { base: string }> } }>(
      await call("GET", "/vat_returns/2026Q2"),
    ).vat_return.boxes;
    expect(boxes["3b"]?.base).toBe("0.0");
    expect(boxes["1e"]?.base).toBe("0.0");
    const icp = json<{ icp_return: Record<string, unknown> }>(await call("GET", "/icp_returns/2026Q2"));
    expect(icp.icp_return).toMatchObject({ supplies: [], services: [], total: "0.0" });
  });

  it("takes a customer without a country for one of the state that issued its VAT number", async () => {
    const own = await newCompany(harness.deps, "Zonder Land BV");
    const response = await api(
      "POST",
      "/sales_invoices",
      {
        sales_invoice: {
          date: "2026-08-03",
          sale_type: "service",
          vat_number: "DE123456789",
          contact: { company_name: "Ohne Land GmbH" },
          _publish: true,
          invoice_lines: [{ price_per_unit: "300", vat_type_id: vatTypes.get("vat_reverse_charged") }],
        },
      },
      own,
    );
    expect(response.statusCode, response.body).toBe(201);
    const boxes = json<{ vat_return: { boxes: Record<string, { base: string }> } }>(
      await api("GET", "/vat_returns/2026Q3", undefined, own),
    ).vat_return.boxes;
    expect(boxes["3b"]?.base).toBe("300.0");
    expect(boxes["1e"]?.base).toBe("0.0");
    const icp = json<{ icp_return: { services: unknown[] } }>(await api("GET", "/icp_returns/2026Q3", undefined, own));
    expect(icp.icp_return.services).toEqual([{ country_code: "DE", vat_number: "123456789", amount: "300.0" }]);
  });

  it("refuses a malformed period and another company's return", async () => {
    const bad = await api("GET", "/icp_returns/2026-Q3");
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).type).toBe("client.parameters.invalid_parameter_value");
    const other = await newCompany(harness.deps, "Other BV");
    const response = await request(
      harness.app,
      "GET",
      `/api/v1/companies/${company.companyId}/icp_returns/2026Q3`,
      other.token,
    );
    expect(response.statusCode).toBe(403);
  });
});

describe("ICP rules", () => {
  it("names the customer by VAT prefix (EL for Greece) and the number without it", () => {
    expect(icpCountryCode("GR", null)).toBe("EL");
    expect(icpCountryCode("DE", "de 123456789")).toBe("DE");
    expect(nationalVatNumber("BE 0123.456.749")).toBe("0123456749");
  });

  it("rounds down and gives the missing euros to the largest remainders", () => {
    expect(apportionWholeEuros([80_030n, 30_045n, 9_955n], 120_000n)).toEqual([80_000n, 30_000n, 10_000n]);
    expect(apportionWholeEuros([10_050n, 10_050n], 20_100n)).toEqual([10_100n, 10_000n]);
    expect(apportionWholeEuros([-20_010n, 50_020n], 30_000n)).toEqual([-20_000n, 50_000n]);
    // past 2^53 cents, each amount still within a euro of its exact sum
    expect(apportionWholeEuros([9_090_909_090_909_063n, 7_007_007_007_007_099n], 16_097_916_097_916_100n)).toEqual([
      9_090_909_090_909_000n,
      7_007_007_007_007_100n,
    ]);
  });
});
