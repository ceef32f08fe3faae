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

export const RESOURCE_CASES: SuccessCases = {
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
  [`POST ${RIDES}`]: () => call("POST", `${base}/rides`, { ride: { km_end: "abc" } }),
  [`POST ${CONTACTS}`]: () => call("POST", `${base}/contacts`, { contact: { company_name: "" } }),
  [`PATCH ${CONTACT}`]: async () => {
    const contact = await createContact();
    return call("PATCH", `${base}/contacts/${contact.id}`, { contact: { company_name: null } });
  },
  [`POST ${HOURS}`]: () => call("POST", `${base}/hours`, { hour: { description: "no time given" } }),
};
