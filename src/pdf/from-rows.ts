/**
 * Stored rows in the shapes the renderer prints, shared by every kind of document. Pure: the
 * callers read the rows; this only maps fields.
 */
import type { PrintableLine, PrintableParty } from "./printable.js";

export interface CompanyFields {
  name: string;
  address: string | null;
  zipcode: string | null;
  city: string | null;
  country_code: string | null;
  vat_number: string | null;
  kvk_number: string | null;
  email: string | null;
  website: string | null;
  iban: string | null;
  bic: string | null;
}

export function printableCompany(company: CompanyFields): PrintableParty {
  return {
    name: company.name,
    address: company.address,
    zipcode: company.zipcode,
    city: company.city,
    country_code: company.country_code,
    vat_number: company.vat_number,
    kvk_number: company.kvk_number,
    email: company.email,
    website: company.website,
    iban: company.iban,
    bic: company.bic,
  };
}

export function printableLines(lines: readonly PrintableLine[]): PrintableLine[] {
  return lines.map((line) => ({
    description: line.description,
    extended_description: line.extended_description,
    quantity: line.quantity,
    price_per_unit: line.price_per_unit,
    vat_rate: line.vat_rate,
    price_without_vat_cents: line.price_without_vat_cents,
    vat_amount_cents: line.vat_amount_cents,
    price_with_vat_cents: line.price_with_vat_cents,
  }));
}
