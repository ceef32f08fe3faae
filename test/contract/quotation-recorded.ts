/**
 * Quotation cases that compare with the reference's recorded answers: they send the reference's
 * request examples and need the reference file, so reference.test.ts runs them only when it is
 * present. The examples name a contact and a VAT type of the reference's own database; ours
 * stand in, and answers are compared with the recorded ones, ids aside.
 */
import { expect } from "vitest";
import { base, call, conform, created, type Item, itemsOf, type SuccessCases, vatTypeIdByName } from "./context.js";
import { QUOTATION, QUOTATIONS } from "./quotation-cases.js";
import { requestExample, responseExample } from "./reference-file.js";

async function quotationExample(): Promise<{ quotation: Item }> {
  const example = requestExample("POST", QUOTATIONS) as { quotation: Item };
  const contact = await created(`${base}/contacts`, { contact: { company_name: "Offerte Klant BV" } }, "contact");
  const high = await vatTypeIdByName("vat_high");
  const lines = (example.quotation.invoice_lines as Item[]).map((line) => ({ ...line, vat_type_id: high }));
  return { quotation: { ...example.quotation, contact_id: contact.id, invoice_lines: lines } };
}

const createQuotation = async () => created(`${base}/quotations`, await quotationExample(), "quotation");

/** A quotation without its ids, for comparing with the recorded answers. */
function comparable(quotation: unknown): Item {
  const { id: _id, contact_id: _contact, invoice_lines, ...rest } = quotation as Item;
  const lines = (invoice_lines as Item[]).map(({ id: _line, vat_type_id: _vat, ...line }) => line);
  return { ...rest, invoice_lines: lines };
}

const recorded = (method: string, path: string, status: number) =>
  comparable((responseExample(method, path, status) as Item).quotation);

export const QUOTATION_RECORDED: SuccessCases = {
  [`GET ${QUOTATIONS}`]: async (key) => {
    await createQuotation();
    const body = conform(key, await call("GET", `${base}/quotations?selection=concept&search[from]=2024-03-01`));
    expect(comparable(itemsOf(body, "quotations")[0])).toEqual(
      comparable((responseExample("GET", QUOTATIONS, 200) as { quotations: Item[] }).quotations[0]),
    );
  },
  [`POST ${QUOTATIONS}`]: async (key) => {
    const body = conform(key, await call("POST", `${base}/quotations`, await quotationExample()));
    expect(comparable(body.quotation)).toEqual(recorded("POST", QUOTATIONS, 201));
  },
  [`GET ${QUOTATION}`]: async (key) => {
    const quotation = await createQuotation();
    const body = conform(key, await call("GET", `${base}/quotations/${quotation.id}`));
    expect(comparable(body.quotation)).toEqual(recorded("GET", QUOTATION, 200));
  },
  [`PATCH ${QUOTATION}`]: async (key) => {
    const quotation = await createQuotation();
    const update = requestExample("PATCH", QUOTATION);
    const body = conform(key, await call("PATCH", `${base}/quotations/${quotation.id}`, update));
    expect(comparable(body.quotation)).toEqual(recorded("PATCH", QUOTATION, 200));
  },
};
