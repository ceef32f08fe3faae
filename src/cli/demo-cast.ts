/**
 * Who plays in `kasboek demo`: the demo company (a small design studio in Utrecht that also
 * publishes a book), its customers, suppliers and products. Plain data. The names are invented
 * and the addresses `.example`, so no real business is named; the VAT and KvK numbers pass the
 * API's checks (the Dutch and Belgian ones have valid check digits) without being anyone's.
 *
 * The company's name says "demo", so nobody mistakes it for a real set of books, and is how a
 * second run recognises the demo company of a user.
 */

export const DEMO_COMPANY_NAME = "Studio Lindeboom (demo)";

/** The company as `kasboek bootstrap` would take it: complete enough to invoice. */
export const DEMO_COMPANY = {
  name: DEMO_COMPANY_NAME,
  kvk_number: "12345678",
  vat_liable: true,
  vat_number: "NL123456782B01",
  address: "Oudegracht 120",
  zipcode: "3511 AW",
  city: "Utrecht",
  country_code: "NL",
  email: "hallo@studiolindeboom.example",
  website: "https://studiolindeboom.example",
  iban: "NL91ABNA0417164300",
  bic: "ABNANL2A",
} as const;

/** What a customer is invoiced for, which decides the lines of its invoices. */
export type CustomerKind = "design" | "bookshop" | "reader" | "abroad";

export interface DemoCustomer {
  key: string;
  kind: CustomerKind;
  /** how often it is picked, relative to the others of its kind */
  weight: number;
  /** kilometres one way from the studio, for the rides */
  distanceKm: number;
  /** the projects its invoices and hours are about */
  projects: readonly string[];
  contact: Record<string, string | boolean>;
}

export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  {
    key: "bakery",
    kind: "design",
    weight: 3,
    distanceKm: 4,
    projects: ["Huisstijl", "Verpakkingen", "Menukaart"],
    contact: {
      company_name: "Bakkerij Van Dam",
      contact_person_name: "Joost van Dam",
      contact_person_email_address: "joost@bakkerijvandam.example",
      address: "Twijnstraat 18",
      zipcode: "3511 ZL",
      city: "Utrecht",
      country_code: "NL",
      kvk_number: "30123456",
    },
  },
  {
    key: "roastery",
    kind: "design",
    weight: 3,
    distanceKm: 23,
    projects: ["Etiketten nieuwe melanges", "Website", "Beursstand"],
    contact: {
      company_name: "Koffiebranderij Het Anker",
      contact_person_name: "Sanne Bos",
      contact_person_email_address: "sanne@hetanker.example",
      address: "Langestraat 71",
      zipcode: "3811 AD",
      city: "Amersfoort",
      country_code: "NL",
    },
  },
  {
    key: "dentist",
    kind: "design",
    weight: 1,
    distanceKm: 11,
    projects: ["Praktijkfolder", "Bewegwijzering"],
    contact: {
      company_name: "Tandartspraktijk Smit",
      contact_person_name: "dr. Eva Smit",
      contact_person_email_address: "praktijk@tandartssmit.example",
      address: "Slotlaan 3",
      zipcode: "3701 GA",
      city: "Zeist",
      country_code: "NL",
    },
  },
  {
    key: "foundation",
    kind: "design",
    weight: 2,
    distanceKm: 3,
    projects: ["Jaarverslag", "Festivalposters", "Programmaboekje"],
    contact: {
      company_name: "Stichting Muziekhuis Oost",
      contact_person_name: "Pieter de Wit",
      contact_person_email_address: "pieter@muziekhuisoost.example",
      address: "Biltstraat 44",
      zipcode: "3572 AK",
      city: "Utrecht",
      country_code: "NL",
    },
  },
  {
    key: "bicycles",
    kind: "design",
    weight: 1,
    distanceKm: 9,
    projects: ["Logo", "Werkplaatsbord"],
    contact: {
      company_name: "Fietsenmakerij Jansen",
      contact_person_name: "Ahmed Jansen",
      contact_person_email_address: "ahmed@fietsenjansen.example",
      address: "Spoorstraat 9",
      zipcode: "3991 CW",
      city: "Houten",
      country_code: "NL",
    },
  },
  {
    key: "bookshop-utrecht",
    kind: "bookshop",
    weight: 2,
    distanceKm: 2,
    projects: ["Utrecht in lijnen"],
    contact: {
      company_name: "Boekhandel Het Leesteken",
      contact_person_email_address: "inkoop@leesteken.example",
      address: "Voorstraat 22",
      zipcode: "3512 AM",
      city: "Utrecht",
      country_code: "NL",
    },
  },
  {
    key: "bookshop-amersfoort",
    kind: "bookshop",
    weight: 1,
    distanceKm: 23,
    projects: ["Utrecht in lijnen"],
    contact: {
      company_name: "Boekhandel De Zwaluw",
      contact_person_email_address: "boeken@dezwaluw.example",
      address: "Krommestraat 5",
      zipcode: "3811 CA",
      city: "Amersfoort",
      country_code: "NL",
    },
  },
  {
    key: "reader",
    kind: "reader",
    weight: 1,
    distanceKm: 0,
    projects: ["Utrecht in lijnen"],
    contact: {
      is_individual: true,
      contact_person_name: "Marieke de Boer",
      contact_person_email_address: "marieke.deboer@example.com",
      address: "Lange Nieuwstraat 87",
      zipcode: "3512 PG",
      city: "Utrecht",
      country_code: "NL",
    },
  },
  {
    // a customer in another EU country: services reverse charged, in box 3b and the ICP return
    key: "atelier",
    kind: "abroad",
    weight: 1,
    distanceKm: 210,
    projects: ["Tentoonstellingscatalogus", "Affiches voorjaarsexpositie"],
    contact: {
      company_name: "Atelier Dubois BV",
      contact_person_name: "Claire Dubois",
      contact_person_email_address: "claire@atelierdubois.example",
      address: "Veldstraat 12",
      zipcode: "9000",
      city: "Gent",
      country_code: "BE",
      vat_number: "BE0123456749",
    },
  },
];

export interface DemoSupplier {
  key: string;
  contact: Record<string, string | boolean>;
}

const supplier = (key: string, contact: Record<string, string>): DemoSupplier => ({
  key,
  contact: { ...contact, is_supplier: true },
});

export const DEMO_SUPPLIERS: readonly DemoSupplier[] = [
  supplier("printer", {
    company_name: "Drukkerij Peeters BV",
    address: "Nijverheidsweg 30",
    zipcode: "3534 AM",
    city: "Utrecht",
    country_code: "NL",
  }),
  supplier("telecom", { company_name: "Belnet BV", city: "Amsterdam", country_code: "NL" }),
  supplier("software", {
    // in Ireland: its subscription is reverse charged (box 4b)
    company_name: "Pixelsoft Ltd",
    city: "Dublin",
    country_code: "IE",
    vat_number: "IE6388047V",
  }),
  supplier("office", { company_name: "Kantoorhuis BV", city: "Utrecht", country_code: "NL" }),
  supplier("lunchroom", { company_name: "Lunchroom De Tuin", city: "Utrecht", country_code: "NL" }),
  supplier("railway", { company_name: "Spoorwegen Reizigers", city: "Utrecht", country_code: "NL" }),
  supplier("computers", { company_name: "Computerhuis Utrecht", city: "Utrecht", country_code: "NL" }),
];

/** The products the studio invoices; their prices and VAT types fill the invoice lines. */
export const DEMO_PRODUCTS = {
  designHour: { product_code: "ONTWERP", description: "Ontwerp (per uur)", price_per_unit: "85.0", vat: "vat_high" },
  bookWholesale: {
    product_code: "BOEK-HANDEL",
    description: "Boek 'Utrecht in lijnen' (handelsprijs)",
    price_per_unit: "14.95",
    vat: "vat_low_new",
  },
  bookRetail: {
    product_code: "BOEK",
    description: "Boek 'Utrecht in lijnen'",
    price_per_unit: "24.95",
    vat: "vat_low_new",
  },
  hosting: {
    product_code: "HOSTING",
    description: "Webhosting (12 maanden)",
    price_per_unit: "240.0",
    vat: "vat_high",
  },
} as const;

export type DemoProductKey = keyof typeof DEMO_PRODUCTS;
