/**
 * Contract cases for the company resources: products, journal entries, payments, rides,
 * contacts and hours, with request bodies of our own, so every answer is checked against the
 * reference's facts without the reference file. The comparisons with the reference's recorded
 * answers are in resource-recorded.ts.
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
  type SuccessCases,
  vatTypeIdByName,
  withoutId,
} from "./context.js";

export const RIDES = "/api/v1/companies/{company_id}/rides";
export const RIDE = `${RIDES}/{id}`;
export const CONTACTS = "/api/v1/companies/{company_id}/contacts";
const CONTACT = `${CONTACTS}/{id}`;
export const HOURS = "/api/v1/companies/{company_id}/hours";
export const HOUR = `${HOURS}/{id}`;
export const PAYMENTS = "/api/v1/companies/{company_id}/payments";
export const PAYMENT = `${PAYMENTS}/{id}`;
export const ENTRIES = "/api/v1/companies/{company_id}/journal_entries";
export const ENTRY = `${ENTRIES}/{id}`;
export const PRODUCTS = "/api/v1/companies/{company_id}/products";
export const PRODUCT = `${PRODUCTS}/{id}`;
const BANK = "activa.current_assets.liquid_assets.bank";

const OWN_RIDE = {
  ride: {
    departure_address: "Amersfoort",
    visiting_address: "Deventer",
    km_start: 15230,
    km_end: 15318,
    private: false,
    date: "2023-08-21",
  },
};
const OWN_CONTACT = {
  contact: {
    is_individual: false,
    is_supplier: false,
    company_name: "Fietsenmakerij Spaak",
    contact_person_name: "Joris Bakker",
    contact_person_email_address: "joris@spaak.example",
    address: "Kerkstraat 21",
    zipcode: "6811 DL",
    city: "Arnhem",
    government_identification_number: null,
    country_code: "NL",
    kvk_number: "23456789",
    phone: null,
    vat_number: "NL123456782B01",
    contact_number: null,
    free_1: null,
    free_2: null,
    free_3: null,
  },
};
const OWN_HOUR = {
  hour: {
    client_id: null,
    project_id: null,
    date: "2023-08-22",
    started_at: "2023-08-22 09:00:00 +0200",
    ended_at: "2023-08-22 11:30:00 +0200",
    description: "Year-end bookkeeping",
  },
};
const OWN_PAYMENT = {
  payment: {
    amount: "42.50",
    description: "Printer paper",
    account_id: null,
    account_path: BANK,
    paid_at: "2023-08-23 00:00:00 +0200",
  },
};
const OWN_ENTRY = {
  journal_entry: {
    description: "Office rent August",
    date: "2023-08-24",
    lines: [
      { account_id: null, account_path: BANK, debit_amount: null, credit_amount: "850.0" },
      { account_id: null, account_path: "profit.costs.other_costs.misc", debit_amount: "850.0", credit_amount: null },
    ],
  },
};
/** A consulting hour at 95.00 with our id of the 21 % VAT type. */
async function ownProduct(): Promise<{ product: Item }> {
  return {
    product: {
      has_stock: false,
      invoice_line: {
        description: "Consulting hour",
        extended_description: null,
        price_per_unit: "95.0",
        vat_rate: null,
        vat_type_id: await vatTypeIdByName("vat_high"),
        account_id: null,
        account_path: null,
        product_code: null,
      },
    },
  };
}

const createRide = () => created(`${base}/rides`, OWN_RIDE, "ride");
const createHour = () => created(`${base}/hours`, OWN_HOUR, "hour");
const createContact = () => created(`${base}/contacts`, OWN_CONTACT, "contact");
const createPayment = () => created(`${base}/payments`, OWN_PAYMENT, "payment");
const createEntry = () => created(`${base}/journal_entries`, OWN_ENTRY, "journal_entry");
const createProduct = async () => created(`${base}/products`, await ownProduct(), "product");

export const RESOURCE_CASES: SuccessCases = {
  [`GET ${PRODUCTS}`]: async (key) => {
    await createProduct();
    itemsOf(conform(key, await call("GET", `${base}/products?search[q]=consulting`)), "products");
  },
  [`POST ${PRODUCTS}`]: async (key) => {
    const body = conform(key, await call("POST", `${base}/products`, await ownProduct()));
    expect(body.product).toMatchObject({
      has_stock: false,
      invoice_line: { price_per_unit: "95.0", price_with_vat: "114.95", vat_amount: "19.95", vat_rate: "0.21" },
    });
  },
  [`GET ${PRODUCT}`]: async (key) => {
    const product = await createProduct();
    conform(key, await call("GET", `${base}/products/${product.id}`));
  },
  [`PATCH ${PRODUCT}`]: async (key) => {
    const product = await createProduct();
    const update = { product: { invoice_line: { price_per_unit: "99.50" } } };
    const body = conform(key, await call("PATCH", `${base}/products/${product.id}`, update));
    expect(body.product).toMatchObject({ invoice_line: { price_per_unit: "99.5", price_with_vat: "120.4" } });
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
    const body = conform(key, await call("POST", `${base}/journal_entries`, OWN_ENTRY));
    const { lines, ...entry } = withoutId(body.journal_entry);
    const { lines: ownLines, ...ownEntry } = OWN_ENTRY.journal_entry;
    expect(entry).toEqual(ownEntry);
    expect(lines).toMatchObject(ownLines.map(({ account_id: _account, ...line }) => line));
  },
  [`GET ${ENTRY}`]: async (key) => {
    const entry = await createEntry();
    conform(key, await call("GET", `${base}/journal_entries/${entry.id}`));
  },
  [`PATCH ${ENTRY}`]: async (key) => {
    const entry = await createEntry();
    const update = { journal_entry: { description: "Office rent August, corrected" } };
    const body = conform(key, await call("PATCH", `${base}/journal_entries/${entry.id}`, update));
    expect(body.journal_entry).toMatchObject(update.journal_entry);
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
    const body = conform(key, await call("POST", `${base}/payments`, OWN_PAYMENT));
    expect(body.payment).toMatchObject({
      amount: "42.5",
      description: "Printer paper",
      account_path: BANK,
      paid_at: "2023-08-23T00:00:00.000+02:00",
    });
  },
  [`GET ${PAYMENT}`]: async (key) => {
    const payment = await createPayment();
    conform(key, await call("GET", `${base}/payments/${payment.id}`));
  },
  [`PATCH ${PAYMENT}`]: async (key) => {
    const payment = await createPayment();
    const body = conform(key, await call("PATCH", `${base}/payments/${payment.id}`, { payment: { amount: 55 } }));
    expect(body.payment).toMatchObject({ amount: "55.0" });
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
    const body = conform(key, await call("POST", `${base}/rides`, OWN_RIDE));
    expect(withoutId(body.ride)).toEqual(OWN_RIDE.ride);
  },
  [`GET ${RIDE}`]: async (key) => {
    const ride = await createRide();
    const body = conform(key, await call("GET", `${base}/rides/${ride.id}`));
    expect(body.ride).toEqual(ride);
  },
  [`PATCH ${RIDE}`]: async (key) => {
    const ride = await createRide();
    const body = conform(key, await call("PATCH", `${base}/rides/${ride.id}`, { ride: { km_end: 15342 } }));
    expect(withoutId(body.ride)).toEqual({ ...OWN_RIDE.ride, km_end: 15342 });
  },
  [`DELETE ${RIDE}`]: async (key) => {
    const ride = await createRide();
    conform(key, await call("DELETE", `${base}/rides/${ride.id}`));
  },
  [`GET ${CONTACTS}`]: async (key) => {
    await createContact();
    itemsOf(conform(key, await call("GET", `${base}/contacts?selection=customers&search[q]=spaak`)), "contacts");
  },
  [`POST ${CONTACTS}`]: async (key) => {
    const body = conform(key, await call("POST", `${base}/contacts`, OWN_CONTACT));
    const { contact_number: _number, ...expected } = OWN_CONTACT.contact;
    expect(withoutId(body.contact)).toMatchObject({ ...expected, name: expected.company_name });
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
    const body = conform(key, await call("POST", `${base}/hours`, OWN_HOUR));
    expect(body.hour).toMatchObject({
      date: "2023-08-22",
      started_at: "2023-08-22T09:00:00.000+02:00",
      ended_at: "2023-08-22T11:30:00.000+02:00",
      calculated_duration: "2.5",
      description: "Year-end bookkeeping",
    });
  },
  [`GET ${HOUR}`]: async (key) => {
    const hour = await createHour();
    const body = conform(key, await call("GET", `${base}/hours/${hour.id}`));
    expect(body.hour).toEqual(hour);
  },
  [`PATCH ${HOUR}`]: async (key) => {
    const hour = await createHour();
    const update = { hour: { started_at: "2023-08-22 09:30:00 +0200" } };
    const body = conform(key, await call("PATCH", `${base}/hours/${hour.id}`, update));
    expect(body.hour).toMatchObject({ started_at: "2023-08-22T09:30:00.000+02:00", calculated_duration: "2.0" });
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
    call("POST", `${base}/journal_entries`, { journal_entry: { ...OWN_ENTRY.journal_entry, date: null } }),
  [`POST ${RIDES}`]: () => call("POST", `${base}/rides`, { ride: { km_end: "abc" } }),
  [`POST ${CONTACTS}`]: () => call("POST", `${base}/contacts`, { contact: { company_name: "" } }),
  [`PATCH ${CONTACT}`]: async () => {
    const contact = await createContact();
    return call("PATCH", `${base}/contacts/${contact.id}`, { contact: { company_name: null } });
  },
  [`POST ${HOURS}`]: () => call("POST", `${base}/hours`, { hour: { description: "no time given" } }),
};
