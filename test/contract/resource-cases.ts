/**
 * Contract cases for the company resources: rides, contacts and hours.
 */
import { expect } from "vitest";
import { referenceOperation, responseExample } from "../support/reference.js";
import {
  base,
  call,
  conform,
  created,
  type InvalidCases,
  type Item,
  itemsOf,
  type SuccessCases,
  vatTypeIdByName,
  withoutId,
} from "./context.js";

const RIDES = "/api/v1/companies/{company_id}/rides";
const RIDE = `${RIDES}/{id}`;
const rideExample = () => referenceOperation("POST", RIDES).requestExample;
const CONTACTS = "/api/v1/companies/{company_id}/contacts";
const CONTACT = `${CONTACTS}/{id}`;
const contactExample = () => referenceOperation("POST", CONTACTS).requestExample;
const HOURS = "/api/v1/companies/{company_id}/hours";
const HOUR = `${HOURS}/{id}`;
const hourExample = () => referenceOperation("POST", HOURS).requestExample;

const createRide = () => created(`${base}/rides`, rideExample(), "ride");
const createHour = () => created(`${base}/hours`, hourExample(), "hour");
function createContact(): Promise<Item> {
  const example = contactExample() as { contact: Item };
  return created(`${base}/contacts`, { contact: { ...example.contact, contact_number: null } }, "contact");
}

const PAYMENTS = "/api/v1/companies/{company_id}/payments";
const PAYMENT = `${PAYMENTS}/{id}`;
/** The reference's example names an account id of its own database; the path names ours. */
function paymentExample(): { payment: Item } {
  const example = referenceOperation("POST", PAYMENTS).requestExample as { payment: Item };
  return { payment: { ...example.payment, account_id: null } };
}
const createPayment = () => created(`${base}/payments`, paymentExample(), "payment");
const comparablePayment = (payment: unknown) => {
  const { account_id: _account, ...rest } = withoutId(payment);
  return rest;
};

const ENTRIES = "/api/v1/companies/{company_id}/journal_entries";
const ENTRY = `${ENTRIES}/{id}`;
/** The reference's example names account ids of its own database; the paths name ours. */
function entryExample(): { journal_entry: Item } {
  const example = referenceOperation("POST", ENTRIES).requestExample as { journal_entry: Item & { lines: Item[] } };
  const lines = example.journal_entry.lines.map((line) => ({ ...line, account_id: null }));
  return { journal_entry: { ...example.journal_entry, lines } };
}
const createEntry = () => created(`${base}/journal_entries`, entryExample(), "journal_entry");
/** An entry without ids, for comparing with the reference's recorded answers. */
function comparableEntry(entry: unknown): Item {
  const { lines, ...rest } = withoutId(entry);
  return { ...rest, lines: (lines as Item[]).map(({ id: _id, account_id: _account, ...line }) => line) };
}

const PRODUCTS = "/api/v1/companies/{company_id}/products";
const PRODUCT = `${PRODUCTS}/{id}`;
/** The reference's example names a VAT type id of its own database; ours is looked up by name. */
async function productExample(): Promise<{ product: Item & { invoice_line: Item } }> {
  const example = referenceOperation("POST", PRODUCTS).requestExample as { product: Item & { invoice_line: Item } };
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

export const RESOURCE_CASES: SuccessCases = {
  [`GET ${PRODUCTS}`]: async (key) => {
    await createProduct();
    itemsOf(conform(key, await call("GET", `${base}/products?search[q]=machine`)), "products");
  },
  [`POST ${PRODUCTS}`]: async (key) => {
    const body = conform(key, await call("POST", `${base}/products`, await productExample()));
    expect(comparableProduct(body.product)).toEqual(
      comparableProduct((responseExample("POST", PRODUCTS, 201) as Item).product),
    );
  },
  [`GET ${PRODUCT}`]: async (key) => {
    const product = await createProduct();
    const body = conform(key, await call("GET", `${base}/products/${product.id}`));
    expect(comparableProduct(body.product)).toEqual(
      comparableProduct((responseExample("GET", PRODUCT, 200) as Item).product),
    );
  },
  [`PATCH ${PRODUCT}`]: async (key) => {
    const product = await createProduct();
    const update = referenceOperation("PATCH", PRODUCT).requestExample;
    const body = conform(key, await call("PATCH", `${base}/products/${product.id}`, update));
    expect(comparableProduct(body.product)).toEqual(
      comparableProduct((responseExample("PATCH", PRODUCT, 200) as Item).product),
    );
  },
  [`DELETE ${PRODUCT}`]: async (key) => {
    const product = await createProduct();
    conform(key, await call("DELETE", `${base}/products/${product.id}`));
  },
  [`GET ${ENTRIES}`]: async (key) => {
    await createEntry();
    itemsOf(conform(key, await call("GET", `${base}/journal_entries`)), "journal_entries");
  },
  [`POST ${ENTRIES}`]: async (key) => {
    const body = conform(key, await call("POST", `${base}/journal_entries`, entryExample()));
    expect(comparableEntry(body.journal_entry)).toEqual(
      comparableEntry((responseExample("POST", ENTRIES, 201) as Item).journal_entry),
    );
  },
  [`GET ${ENTRY}`]: async (key) => {
    const entry = await createEntry();
    const body = conform(key, await call("GET", `${base}/journal_entries/${entry.id}`));
    expect(comparableEntry(body.journal_entry)).toEqual(
      comparableEntry((responseExample("GET", ENTRY, 200) as Item).journal_entry),
    );
  },
  [`PATCH ${ENTRY}`]: async (key) => {
    const entry = await createEntry();
    const update = referenceOperation("PATCH", ENTRY).requestExample;
    const body = conform(key, await call("PATCH", `${base}/journal_entries/${entry.id}`, update));
    expect(comparableEntry(body.journal_entry)).toEqual(
      comparableEntry((responseExample("PATCH", ENTRY, 200) as Item).journal_entry),
    );
  },
  [`DELETE ${ENTRY}`]: async (key) => {
    const entry = await createEntry();
    conform(key, await call("DELETE", `${base}/journal_entries/${entry.id}`));
  },
  [`GET ${PAYMENTS}`]: async (key) => {
    await createPayment();
    itemsOf(conform(key, await call("GET", `${base}/payments`)), "payments");
  },
  [`POST ${PAYMENTS}`]: async (key) => {
    const body = conform(key, await call("POST", `${base}/payments`, paymentExample()));
    expect(comparablePayment(body.payment)).toEqual(
      comparablePayment((responseExample("POST", PAYMENTS, 201) as Item).payment),
    );
  },
  [`GET ${PAYMENT}`]: async (key) => {
    const payment = await createPayment();
    conform(key, await call("GET", `${base}/payments/${payment.id}`));
  },
  [`PATCH ${PAYMENT}`]: async (key) => {
    const payment = await createPayment();
    const body = conform(
      key,
      await call("PATCH", `${base}/payments/${payment.id}`, referenceOperation("PATCH", PAYMENT).requestExample),
    );
    expect(body.payment).toMatchObject({ amount: "300.0" });
  },
  [`DELETE ${PAYMENT}`]: async (key) => {
    const payment = await createPayment();
    conform(key, await call("DELETE", `${base}/payments/${payment.id}`));
  },
  [`GET ${RIDES}`]: async (key) => {
    await createRide();
    itemsOf(conform(key, await call("GET", `${base}/rides`)), "rides");
  },
  [`POST ${RIDES}`]: async (key) => {
    const body = conform(key, await call("POST", `${base}/rides`, rideExample()));
    expect(withoutId(body.ride)).toEqual(withoutId((responseExample("POST", RIDES, 201) as Item).ride));
  },
  [`GET ${RIDE}`]: async (key) => {
    const ride = await createRide();
    const body = conform(key, await call("GET", `${base}/rides/${ride.id}`));
    expect(withoutId(body.ride)).toEqual(withoutId((responseExample("GET", RIDE, 200) as Item).ride));
  },
  [`PATCH ${RIDE}`]: async (key) => {
    const ride = await createRide();
    const body = conform(
      key,
      await call("PATCH", `${base}/rides/${ride.id}`, referenceOperation("PATCH", RIDE).requestExample),
    );
    expect(withoutId(body.ride)).toEqual(withoutId((responseExample("PATCH", RIDE, 200) as Item).ride));
  },
  [`DELETE ${RIDE}`]: async (key) => {
    const ride = await createRide();
    conform(key, await call("DELETE", `${base}/rides/${ride.id}`));
  },
  [`GET ${CONTACTS}`]: async (key) => {
    await createContact();
    itemsOf(conform(key, await call("GET", `${base}/contacts?selection=customers&search[q]=rompslomp`)), "contacts");
  },
  [`POST ${CONTACTS}`]: async (key) => {
    const body = conform(key, await call("POST", `${base}/contacts`, contactExample()));
    const { contact_number: _number, ...expected } = withoutId(
      (responseExample("POST", CONTACTS, 201) as Item).contact,
    );
    expect(withoutId(body.contact)).toMatchObject(expected);
  },
  [`GET ${CONTACT}`]: async (key) => {
    const contact = await createContact();
    conform(key, await call("GET", `${base}/contacts/${contact.id}`));
  },
  [`PATCH ${CONTACT}`]: async (key) => {
    const contact = await createContact();
    const body = conform(key, await call("PATCH", `${base}/contacts/${contact.id}`, { contact: { city: "Utrecht" } }));
    expect(body.contact).toMatchObject({ city: "Utrecht" });
  },
  [`DELETE ${CONTACT}`]: async (key) => {
    const contact = await createContact();
    conform(key, await call("DELETE", `${base}/contacts/${contact.id}`));
  },
  [`GET ${HOURS}`]: async (key) => {
    await createHour();
    itemsOf(conform(key, await call("GET", `${base}/hours`)), "hours");
  },
  [`POST ${HOURS}`]: async (key) => {
    const body = conform(key, await call("POST", `${base}/hours`, hourExample()));
    expect(withoutId(body.hour)).toEqual(withoutId((responseExample("POST", HOURS, 201) as Item).hour));
  },
  [`GET ${HOUR}`]: async (key) => {
    const hour = await createHour();
    const body = conform(key, await call("GET", `${base}/hours/${hour.id}`));
    expect(withoutId(body.hour)).toEqual(withoutId((responseExample("GET", HOUR, 200) as Item).hour));
  },
  [`PATCH ${HOUR}`]: async (key) => {
    const hour = await createHour();
    const body = conform(
      key,
      await call("PATCH", `${base}/hours/${hour.id}`, referenceOperation("PATCH", HOUR).requestExample),
    );
    expect(withoutId(body.hour)).toEqual(withoutId((responseExample("PATCH", HOUR, 200) as Item).hour));
  },
  [`DELETE ${HOUR}`]: async (key) => {
    const hour = await createHour();
    conform(key, await call("DELETE", `${base}/hours/${hour.id}`));
  },
};

export const RESOURCE_INVALID: InvalidCases = {
  [`POST ${PRODUCTS}`]: () =>
    call("POST", `${base}/products`, { product: { invoice_line: { description: "No price" } } }),
  [`POST ${ENTRIES}`]: () =>
    call("POST", `${base}/journal_entries`, { journal_entry: { ...entryExample().journal_entry, date: null } }),
  [`POST ${RIDES}`]: () => call("POST", `${base}/rides`, { ride: { km_end: "abc" } }),
  [`POST ${CONTACTS}`]: () => call("POST", `${base}/contacts`, { contact: { company_name: "" } }),
  [`PATCH ${CONTACT}`]: async () => {
    const contact = await createContact();
    return call("PATCH", `${base}/contacts/${contact.id}`, { contact: { company_name: null } });
  },
  [`POST ${HOURS}`]: () => call("POST", `${base}/hours`, { hour: { description: "no time given" } }),
};
