/**
 * Contract cases for quotations, with request bodies of our own (two days of garden design at
 * 250.00, 21 % VAT), so every answer is checked against the reference's facts without the
 * reference file. The comparisons with the reference's recorded answers are in
 * quotation-recorded.ts.
 */
import { expect } from "vitest";
import {
  base,
  call,
  conform,
  created,
  type InvalidCases,
  type Item,
  itemsOf,
  ownContact,
  type SuccessCases,
  vatTypeIdByName,
} from "./context.js";

export const QUOTATIONS = "/api/v1/companies/{company_id}/quotations";
export const QUOTATION = `${QUOTATIONS}/{id}`;

async function ownQuotation(): Promise<{ quotation: Item }> {
  return {
    quotation: {
      contact_id: await ownContact(),
      template_id: null,
      invoice_number: null,
      date: "2023-09-12",
      invoice_lines: [
        {
          description: "Garden design",
          extended_description: null,
          price_per_unit: "250.0",
          vat_rate: "0.21",
          vat_type_id: await vatTypeIdByName("vat_high"),
          quantity: "2.0",
          product_id: null,
          account_id: null,
          account_path: null,
        },
      ],
    },
  };
}

const createQuotation = async () => created(`${base}/quotations`, await ownQuotation(), "quotation");

export const QUOTATION_CASES: SuccessCases = {
  [`GET ${QUOTATIONS}`]: async (key) => {
    await createQuotation();
    const body = conform(key, await call("GET", `${base}/quotations?selection=concept&search[from]=2023-09-01`));
    itemsOf(body, "quotations");
  },
  [`POST ${QUOTATIONS}`]: async (key) => {
    const body = conform(key, await call("POST", `${base}/quotations`, await ownQuotation()));
    expect(body.quotation).toMatchObject({ date: "2023-09-12", status: "concept", invoice_number: null });
    expect((body.quotation as Item).invoice_lines).toMatchObject([
      { price_without_vat: "500.0", vat_amount: "105.0", price_with_vat: "605.0" },
    ]);
  },
  [`GET ${QUOTATION}`]: async (key) => {
    const quotation = await createQuotation();
    conform(key, await call("GET", `${base}/quotations/${quotation.id}`));
  },
  [`PATCH ${QUOTATION}`]: async (key) => {
    const quotation = await createQuotation();
    const body = conform(
      key,
      await call("PATCH", `${base}/quotations/${quotation.id}`, { quotation: { date: "2023-09-14" } }),
    );
    expect(body.quotation).toMatchObject({ date: "2023-09-14" });
  },
  [`DELETE ${QUOTATION}`]: async (key) => {
    const quotation = await createQuotation();
    conform(key, await call("DELETE", `${base}/quotations/${quotation.id}`));
  },
};

export const QUOTATION_INVALID: InvalidCases = {
  [`POST ${QUOTATIONS}`]: async () => {
    const { quotation } = await ownQuotation();
    return call("POST", `${base}/quotations`, { quotation: { ...quotation, contact_id: null } });
  },
  [`PATCH ${QUOTATION}`]: async () => {
    const quotation = await createQuotation();
    return call("PATCH", `${base}/quotations/${quotation.id}`, { quotation: { date: null } });
  },
};
