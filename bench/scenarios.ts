/**
 * What `npm run bench` measures: the scenarios, in run order, and the request bodies they send.
 * Invariants: every scenario's key, method and path match a route of bench/bare-server.ts; each
 * list scenario runs before the create scenario of the same resource, so it reads exactly the
 * seeded rows (SEED_RIDES rides, SEED_INVOICES invoices of 3 lines) and not the thousands the
 * create scenarios add; every create-invoice request publishes (takes the next gapless number).
 */

export type ScenarioKey = "rideShow" | "rideList" | "rideCreate" | "invoiceList" | "invoiceCreate";

export interface Scenario {
  key: ScenarioKey;
  label: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  expectedStatus: number;
}

export const SEED_RIDES = 100;
export const SEED_INVOICES = 100;

export const RIDE_BODY = JSON.stringify({
  ride: {
    departure_address: "Alkmaar",
    visiting_address: "Utrecht",
    km_start: 0,
    km_end: 100,
    private: false,
    date: "2024-03-02",
  },
});

export const CONTACT_BODY = JSON.stringify({
  contact: {
    company_name: "Bench Klant BV",
    contact_person_name: "Bea Bench",
    address: "Grebbeberglaan 15",
    zipcode: "3527 VX",
    city: "Utrecht",
    country_code: "NL",
    contact_person_email_address: "bea@example.org",
  },
});

/** The VAT types of the invoice lines, one per line, looked up by name through GET …/vat_types. */
export const INVOICE_VAT_TYPES = ["vat_high", "vat_low_new", "vat_zero"] as const;
export type InvoiceVatType = (typeof INVOICE_VAT_TYPES)[number];

/** A published 3-line invoice for `contactId`, one line per VAT type (21 %, 9 %, 0 %). */
export function invoiceBody(contactId: number, vatTypeIds: Record<InvoiceVatType, number>): string {
  return JSON.stringify({
    sales_invoice: {
      contact_id: contactId,
      _publish: true,
      invoice_lines: [
        { description: "Adviesuren", quantity: "4.0", price_per_unit: "75.0", vat_type_id: vatTypeIds.vat_high },
        { description: "Vakboek", quantity: "2.0", price_per_unit: "24.95", vat_type_id: vatTypeIds.vat_low_new },
        { description: "Cursus", quantity: "1.0", price_per_unit: "450.0", vat_type_id: vatTypeIds.vat_zero },
      ],
    },
  });
}

export interface ScenarioContext {
  companyId: number;
  firstRideId: number;
  invoiceBody: string;
}

export function scenarios({ companyId, firstRideId, invoiceBody: invoice }: ScenarioContext): Scenario[] {
  const rides = `/api/v1/companies/${companyId}/rides`;
  const invoices = `/api/v1/companies/${companyId}/sales_invoices`;
  return [
    { key: "rideShow", label: "GET ride", method: "GET", path: `${rides}/${firstRideId}`, expectedStatus: 200 },
    {
      key: "rideList",
      label: "GET rides?per_page=100",
      method: "GET",
      path: `${rides}?per_page=100`,
      expectedStatus: 200,
    },
    { key: "rideCreate", label: "POST ride", method: "POST", path: rides, body: RIDE_BODY, expectedStatus: 201 },
    {
      key: "invoiceList",
      label: "list 100 invoices with lines",
      method: "GET",
      path: `${invoices}?per_page=100`,
      expectedStatus: 200,
    },
    {
      key: "invoiceCreate",
      label: "create and publish a 3-line invoice",
      method: "POST",
      path: invoices,
      body: invoice,
      expectedStatus: 201,
    },
  ];
}
