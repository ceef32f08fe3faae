/**
 * Company-resource cases that compare with the reference's recorded answers: they send the
 * reference's request examples and need the reference file, so reference.test.ts runs them only
 * when it is present. Where an example names ids of the reference's own database (accounts, a
 * VAT type), ours stand in, and the answers are compared with the recorded ones, ids aside.
 */
import { expect } from "vitest";
import { base, call, conform, created, type Item, type SuccessCases, vatTypeIdByName, withoutId } from "./context.js";
import { requestExample, responseExample } from "./reference-file.js";
import {
  CONTACTS,
  ENTRIES,
  ENTRY,
  HOUR,
  HOURS,
  PAYMENT,
  PAYMENTS,
  PRODUCT,
  PRODUCTS,
  RIDE,
  RIDES,
} from "./resource-cases.js";

const rideExample = () => requestExample("POST", RIDES);
const contactExample = () => requestExample("POST", CONTACTS);
const hourExample = () => requestExample("POST", HOURS);
const createRide = () => created(`${base}/rides`, rideExample(), "ride");
const createHour = () => created(`${base}/hours`, hourExample(), "hour");

/** The reference's example names an account id of its own database; the path names ours. */
function paymentExample(): { payment: Item } {
  const example = requestExample("POST", PAYMENTS) as { payment: Item };
  return { payment: { ...example.payment, account_id: null } };
}
const createPayment = () => created(`${base}/payments`, paymentExample(), "payment");
const comparablePayment = (payment: unknown) => {
  const { account_id: _account, ...rest } = withoutId(payment);
  return rest;
};

/** The reference's example names account ids of its own database; the paths name ours. */
function entryExample(): { journal_entry: Item } {
  const example = requestExample("POST", ENTRIES) as { journal_entry: Item & { lines: Item[] } };
  const lines = example.journal_entry.lines.map((line) => ({ ...line, account_id: null }));
  return { journal_entry: { ...example.journal_entry, lines } };
}
const createEntry = () => created(`${base}/journal_entries`, entryExample(), "journal_entry");
/** An entry without ids, for comparing with the reference's recorded answers. */
function comparableEntry(entry: unknown): Item {
  const { lines, ...rest } = withoutId(entry);
  return { ...rest, lines: (lines as Item[]).map(({ id: _id, account_id: _account, ...line }) => line) };
}

/** The reference's example names a VAT type id of its own database; ours is looked up by name. */
async function productExample(): Promise<{ product: Item & { invoice_line: Item } }> {
  const example = requestExample("POST", PRODUCTS) as { product: Item & { invoice_line: Item } };
  const line = { ...example.product.invoice_line, vat_type_id: await vatTypeIdByName("vat_high"), product_code: null };
  return { product: { ...example.product, invoice_line: line } };
}
const createProduct = async () => created(`${base}/products`, await productExample(), "product");
/** A product without ids and code, for comparing with the reference's recorded answers. */
function comparableProduct(product: unknown): Item {
  const { number_sold: _sold, invoice_line, ...rest } = withoutId(product);
  const { id: _id, vat_type_id: _vat, product_code: _code, ...line } = invoice_line as Item;
  return { ...rest, invoice_line: line };
}

/** The recorded answer's root item for a status. */
const recorded = (method: string, path: string, status: number, root: string) =>
  (responseExample(method, path, status) as Item)[root];

export const RESOURCE_RECORDED: SuccessCases = {
  [`POST ${PRODUCTS}`]: async (key) => {
    const body = conform(key, await call("POST", `${base}/products`, await productExample()));
    expect(comparableProduct(body.product)).toEqual(comparableProduct(recorded("POST", PRODUCTS, 201, "product")));
  },
  [`GET ${PRODUCT}`]: async (key) => {
    const product = await createProduct();
    const body = conform(key, await call("GET", `${base}/products/${product.id}`));
    expect(comparableProduct(body.product)).toEqual(comparableProduct(recorded("GET", PRODUCT, 200, "product")));
  },
  [`PATCH ${PRODUCT}`]: async (key) => {
    const product = await createProduct();
    const update = requestExample("PATCH", PRODUCT);
    const body = conform(key, await call("PATCH", `${base}/products/${product.id}`, update));
    expect(comparableProduct(body.product)).toEqual(comparableProduct(recorded("PATCH", PRODUCT, 200, "product")));
  },
  [`POST ${ENTRIES}`]: async (key) => {
    const body = conform(key, await call("POST", `${base}/journal_entries`, entryExample()));
    expect(comparableEntry(body.journal_entry)).toEqual(
      comparableEntry(recorded("POST", ENTRIES, 201, "journal_entry")),
    );
  },
  [`GET ${ENTRY}`]: async (key) => {
    const entry = await createEntry();
    const body = conform(key, await call("GET", `${base}/journal_entries/${entry.id}`));
    expect(comparableEntry(body.journal_entry)).toEqual(comparableEntry(recorded("GET", ENTRY, 200, "journal_entry")));
  },
  [`PATCH ${ENTRY}`]: async (key) => {
    const entry = await createEntry();
    const update = requestExample("PATCH", ENTRY);
    const body = conform(key, await call("PATCH", `${base}/journal_entries/${entry.id}`, update));
    expect(comparableEntry(body.journal_entry)).toEqual(
      comparableEntry(recorded("PATCH", ENTRY, 200, "journal_entry")),
    );
  },
  [`POST ${PAYMENTS}`]: async (key) => {
    const body = conform(key, await call("POST", `${base}/payments`, paymentExample()));
    expect(comparablePayment(body.payment)).toEqual(comparablePayment(recorded("POST", PAYMENTS, 201, "payment")));
  },
  [`PATCH ${PAYMENT}`]: async (key) => {
    const payment = await createPayment();
    const body = conform(key, await call("PATCH", `${base}/payments/${payment.id}`, requestExample("PATCH", PAYMENT)));
    expect(body.payment).toMatchObject({ amount: "300.0" });
  },
  [`POST ${RIDES}`]: async (key) => {
    const body = conform(key, await call("POST", `${base}/rides`, rideExample()));
    expect(withoutId(body.ride)).toEqual(withoutId(recorded("POST", RIDES, 201, "ride")));
  },
  [`GET ${RIDE}`]: async (key) => {
    const ride = await createRide();
    const body = conform(key, await call("GET", `${base}/rides/${ride.id}`));
    expect(withoutId(body.ride)).toEqual(withoutId(recorded("GET", RIDE, 200, "ride")));
  },
  [`PATCH ${RIDE}`]: async (key) => {
    const ride = await createRide();
    const body = conform(key, await call("PATCH", `${base}/rides/${ride.id}`, requestExample("PATCH", RIDE)));
    expect(withoutId(body.ride)).toEqual(withoutId(recorded("PATCH", RIDE, 200, "ride")));
  },
  [`POST ${CONTACTS}`]: async (key) => {
    const body = conform(key, await call("POST", `${base}/contacts`, contactExample()));
    const { contact_number: _number, ...expected } = withoutId(recorded("POST", CONTACTS, 201, "contact"));
    expect(withoutId(body.contact)).toMatchObject(expected);
  },
  [`POST ${HOURS}`]: async (key) => {
    const body = conform(key, await call("POST", `${base}/hours`, hourExample()));
    expect(withoutId(body.hour)).toEqual(withoutId(recorded("POST", HOURS, 201, "hour")));
  },
  [`GET ${HOUR}`]: async (key) => {
    const hour = await createHour();
    const body = conform(key, await call("GET", `${base}/hours/${hour.id}`));
    expect(withoutId(body.hour)).toEqual(withoutId(recorded("GET", HOUR, 200, "hour")));
  },
  [`PATCH ${HOUR}`]: async (key) => {
    const hour = await createHour();
    const body = conform(key, await call("PATCH", `${base}/hours/${hour.id}`, requestExample("PATCH", HOUR)));
    expect(withoutId(body.hour)).toEqual(withoutId(recorded("PATCH", HOUR, 200, "hour")));
  },
};
