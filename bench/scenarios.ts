/**
 * What `npm run bench` measures against its baselines: the scenarios, in run order, and the request
 * bodies they send. Invariants: every scenario's key, method and path match a route of
 * bench/bare-server.ts (baseline "bare") or bench/raw-server.ts (baseline "raw"); reads run before
 * the creates, so the lists read exactly the seeded rows (SEED_INVOICES invoices of 3 lines, and
 * SEED_RIDES rides when BENCH_RIDES=1) and not the thousands the creates add; every create-invoice
 * request publishes (takes the next gapless number). Reads run at the read connection count, creates
 * at the write connection count (bench/settings.ts).
 */

export type ScenarioKey = "invoiceShow" | "invoiceList" | "rideShow" | "rideList" | "rideCreate" | "invoiceCreate";

/** What one request of a measurement sends and expects. */
export interface Target {
  method: "GET" | "POST";
  path: string;
  body?: string;
  expectedStatus: number;
}

export interface Scenario extends Target {
  key: ScenarioKey;
  label: string;
  /** bare Fastify with a body of the same size, or the raw driver writing the same rows */
  baseline: "bare" | "raw";
  load: "read" | "write";
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

/**
 * Everything a Dutch invoice states about its seller (test/support/app.ts), so a company made in
 * process through the services (bench/books.ts, bench/mixed-seed.ts) can publish.
 */
export const COMPLETE_COMPANY_DETAILS = {
  address: "Hoofdstraat 1",
  zipcode: "1234 AB",
  city: "Utrecht",
  country_code: "NL",
  kvk_number: "12345678",
  vat_liable: true,
  vat_number: "NL123456782B01",
  iban: "NL91ABNA0417164300",
  bic: "ABNANL2A",
} as const;

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
  firstRideId: number | undefined;
  firstInvoiceId: number;
  invoiceBody: string;
}

export function scenarios(context: ScenarioContext): Scenario[] {
  const { companyId, firstRideId, firstInvoiceId, invoiceBody: invoice } = context;
  const rides = `/api/v1/companies/${companyId}/rides`;
  const invoices = `/api/v1/companies/${companyId}/sales_invoices`;
  const read = { method: "GET", expectedStatus: 200, baseline: "bare", load: "read" } as const;
  const rideScenarios: Scenario[] =
    firstRideId === undefined
      ? []
      : [
          { ...read, key: "rideShow", label: "GET one ride", path: `${rides}/${firstRideId}` },
          { ...read, key: "rideList", label: "list 100 rides", path: `${rides}?per_page=100` },
          {
            key: "rideCreate",
            label: "create a ride",
            method: "POST",
            path: rides,
            body: RIDE_BODY,
            expectedStatus: 201,
            baseline: "bare",
            load: "write",
          },
        ];
  return [
    { ...read, key: "invoiceShow", label: "GET one 3-line invoice", path: `${invoices}/${firstInvoiceId}` },
    { ...read, key: "invoiceList", label: "list 100 invoices (per_page=100)", path: `${invoices}?per_page=100` },
    ...rideScenarios,
    {
      key: "invoiceCreate",
      label: "create + publish a 3-line invoice",
      method: "POST",
      path: invoices,
      body: invoice,
      expectedStatus: 201,
      baseline: "raw",
      load: "write",
    },
  ];
}
