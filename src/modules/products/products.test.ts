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
import { findProduct, insertProduct } from "./store.js";

let harness: TestApp;
let company: TestCompany;
let vatTypeIds: Record<string, number>;
type Line = Record<string, unknown> & { product_code: string };
type ProductBody = { product: { id: number; number_sold: number; has_stock: boolean; invoice_line: Line } };

beforeAll(async () => {
  harness = await buildTestApp();
  company = await newCompany(harness.deps);
  const list = await request(harness.app, "GET", `/api/v1/companies/${company.companyId}/vat_types`, company.token);
  const vatTypes = json<{ vat_types: Array<{ id: number; name: string }> }>(list).vat_types;
  vatTypeIds = Object.fromEntries(vatTypes.map((vatType) => [vatType.name, vatType.id]));
});
afterAll(() => harness.close());

const url = (own: TestCompany = company, suffix = "") => `/api/v1/companies/${own.companyId}/products${suffix}`;

async function create(own: TestCompany, fields: Record<string, unknown>) {
  const response = await request(harness.app, "POST", url(own), own.token, { product: fields });
  expect(response.statusCode, response.body).toBe(201);
  return json<ProductBody>(response).product;
}

describe("products", () => {
  it("computes the embedded line for quantity 1 at the VAT type's rate", async () => {
    const product = await create(company, {
      has_stock: true,
      invoice_line: {
        description: "Machine",
        price_per_unit: "1895.0",
        vat_type_id: vatTypeIds.vat_high,
        product_code: "M-1",
      },
    });
    expect(product).toEqual({
      id: expect.any(Number),
      number_sold: 0,
      has_stock: true,
      invoice_line: {
        id: product.id,
        description: "Machine",
        extended_description: null,
        price_per_unit: "1895.0",
        price_with_vat: "2292.95",
        price_without_vat: "1895.0",
        vat_amount: "397.95",
        vat_rate: "0.21",
        vat_type_id: vatTypeIds.vat_high,
        quantity: "1.0",
        product_id: null,
        account_id: null,
        account_path: null,
        product_code: "M-1",
      },
    });
  });

  it("defaults to the high rate, keeps many-decimal prices exact, and uses a custom rate only for vat_custom", async () => {
    const plain = await create(company, { invoice_line: { description: "Bolt", price_per_unit: "0.123456789" } });
    expect(plain.invoice_line).toMatchObject({
      price_per_unit: "0.123456789",
      price_without_vat: "0.12",
      vat_amount: "0.03",
      vat_rate: "0.21",
      vat_type_id: vatTypeIds.vat_high,
    });
    const ignored = await create(company, {
      invoice_line: { price_per_unit: 10, vat_type_id: vatTypeIds.vat_low_new, vat_rate: "0.5" },
    });
    expect(ignored.invoice_line).toMatchObject({ vat_rate: "0.09", vat_amount: "0.9" });
    const custom = await create(company, {
      invoice_line: { price_per_unit: 10, vat_type_id: vatTypeIds.vat_custom, vat_rate: "0.055" },
    });
    expect(custom.invoice_line).toMatchObject({ vat_rate: "0.055", vat_amount: "0.55", price_with_vat: "10.55" });
  });

  it("names every problem, generates codes P1, P2 and refuses duplicate codes", async () => {
    const own = await newCompany(harness.deps);
    const invalid = await request(harness.app, "POST", url(own), own.token, {
      product: {
        invoice_line: {
          description: "x".repeat(256),
          vat_type_id: vatTypeIds.vat_custom,
          account_path: "nowhere",
          product_code: "y".repeat(101),
        },
      },
    });
    expect(invalid.statusCode).toBe(422);
    const message = errorOf(invalid).message;
    for (const attribute of ["description", "price_per_unit", "vat_rate", "account_path", "product_code"]) {
      expect(message).toContain(`invoice_line.${attribute}`);
    }
    expect((await create(own, { invoice_line: { price_per_unit: 1 } })).invoice_line.product_code).toBe("P1");
    await create(own, { invoice_line: { price_per_unit: 1, product_code: "P2" } });
    expect((await create(own, { invoice_line: { price_per_unit: 1 } })).invoice_line.product_code).toBe("P3");
    const duplicate = await request(harness.app, "POST", url(own), own.token, {
      product: { invoice_line: { price_per_unit: 1, product_code: "P1" } },
    });
    expect(errorOf(duplicate).message).toContain("invoice_line.product_code has already been taken");
  });

  /**
   * Runs `blankWrite` while another writer stores a product with `productCode` by hand in a
   * transaction that commits only after the blank write has taken that code from the counter
   * and found it free (on PostgreSQL the blank write then waits on the unique index).
   */
  async function whileHandGivenCommits(own: TestCompany, productCode: string, blankWrite: () => Promise<Response>) {
    const model = (await create(own, { invoice_line: { price_per_unit: 1, product_code: `model-${productCode}` } })).id;
    let blank: Promise<Response> | undefined;
    await harness.deps.db.transaction().execute(async (transaction) => {
      const row = await findProduct(transaction, own.companyId, model);
      if (!row) throw new Error("model product missing");
      const { id: _id, ...values } = row;
      await insertProduct(transaction, { ...values, product_code: productCode });
      blank = blankWrite();
      await sleep(300);
    });
    if (blank === undefined) throw new Error("the blank write did not start");
    return blank;
  }

  it("gives a blank create or update the next code when a hand-given one commits meanwhile", async () => {
    const own = await newCompany(harness.deps);
    const first = await create(own, { invoice_line: { price_per_unit: 1 } });
    expect(first.invoice_line.product_code).toBe("P1");
    const created = await whileHandGivenCommits(own, "P2", () =>
      request(harness.app, "POST", url(own), own.token, { product: { invoice_line: { price_per_unit: 2 } } }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(json<ProductBody>(created).product.invoice_line.product_code).toBe("P3");
    const updated = await whileHandGivenCommits(own, "P4", () =>
      request(harness.app, "PATCH", url(own, `/${first.id}`), own.token, {
        product: { invoice_line: { product_code: "" } },
      }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(json<ProductBody>(updated).product.invoice_line.product_code).toBe("P5");
  });

  it("keeps codes unique under concurrent creates mixing hand-given and blank codes", async () => {
    const own = await newCompany(harness.deps);
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, index) => {
        const code = index % 2 === 0 ? { product_code: `P${index / 2 + 1}` } : {};
        return request(harness.app, "POST", url(own), own.token, {
          product: { invoice_line: { price_per_unit: 1, ...code } },
        });
      }),
    );
    responses.forEach((response, index) => {
      // A hand-given code a generator committed first is a fair 422; a blank one never is.
      if (index % 2 === 1 || response.statusCode !== 201) {
        expect(response.statusCode, response.body).toBe(index % 2 === 1 ? 201 : 422);
      }
    });
    const stored = json<{ products: Array<{ invoice_line: Line }> }>(
      await request(harness.app, "GET", `${url(own)}?per_page=100`, own.token),
    ).products.map((product) => product.invoice_line.product_code);
    expect(stored).toHaveLength(responses.filter((response) => response.statusCode === 201).length);
    expect(new Set(stored).size).toBe(stored.length);
  });

  it("updates only the supplied fields and recomputes the line", async () => {
    const product = await create(company, {
      invoice_line: { description: "Machine", price_per_unit: "1895.0", account_path: "profit.revenue.other" },
    });
    const response = await request(harness.app, "PATCH", url(company, `/${product.id}`), company.token, {
      product: { has_stock: true, invoice_line: { price_per_unit: "1995.00" } },
    });
    expect(response.statusCode).toBe(200);
    expect(json<ProductBody>(response).product).toEqual({
      ...product,
      has_stock: true,
      invoice_line: {
        ...product.invoice_line,
        price_per_unit: "1995.0",
        price_with_vat: "2413.95",
        price_without_vat: "1995.0",
        vat_amount: "418.95",
      },
    });
    expect(product.invoice_line.account_path).toBe("profit.revenue.other");
  });

  it("filters by free text and by product codes", async () => {
    const own = await newCompany(harness.deps);
    await create(own, { invoice_line: { description: "Red bicycle", price_per_unit: 300, product_code: "BIKE-R" } });
    await create(own, { invoice_line: { description: "Blue bicycle", price_per_unit: 300, product_code: "BIKE-B" } });
    await create(own, { invoice_line: { description: "Bell", price_per_unit: 5, product_code: "BELL" } });
    const codes = async (query: string) =>
      json<{ products: Array<{ invoice_line: Line }> }>(
        await request(harness.app, "GET", `${url(own)}?${query}`, own.token),
      ).products.map((product) => product.invoice_line.product_code);
    expect(await codes("search[q]=bicycle")).toEqual(["BIKE-R", "BIKE-B"]);
    expect(await codes("search[q]=bell")).toEqual(["BELL"]);
    expect(await codes("search[product_codes][]=BELL&search[product_codes][]=BIKE-B")).toEqual(["BIKE-B", "BELL"]);
  });

  it("deletes a product", async () => {
    const product = await create(company, { invoice_line: { price_per_unit: 1 } });
    expect((await request(harness.app, "DELETE", url(company, `/${product.id}`), company.token)).statusCode).toBe(204);
    expect((await request(harness.app, "GET", url(company, `/${product.id}`), company.token)).statusCode).toBe(404);
  });
});
