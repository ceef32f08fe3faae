/**
 * What every contract case shares: one app on the run's database, a company with a token
 * holding every scope, and `conform`, which checks an answer against the reference operation
 * (from the project's fixture, so it needs no copy of the reference).
 *
 * Our own documents are dated 2023, before every date in the reference's examples (2024), so the
 * cases that compare with the reference's recorded answers can filter lists to the reference's
 * documents (`search[from]=2024-03-01`) in the one company both kinds of case share.
 */
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { buildTestApp, newCompany, request } from "../support/app.js";
import { expectConformance, referenceOperation } from "../support/reference.js";

export type Method = "GET" | "POST" | "PATCH" | "DELETE";
export type Item = Record<string, unknown>;
export type SuccessCases = Record<string, (key: string) => Promise<void>>;
export type InvalidCases = Record<string, () => Promise<LightMyRequestResponse>>;

export const harness = await buildTestApp();
export const owner = await newCompany(harness.deps, "Contract Test BV");

export const base = `/api/v1/companies/${owner.companyId}`;
export const call = (method: Method, url: string, body?: unknown) =>
  request(harness.app, method, url, owner.token, body);

/**
 * Checks the response against the reference operation and answers its body. The status must be
 * `status`, by default the operation's documented success status (200, 201 or 204).
 */
export function conform(key: string, response: LightMyRequestResponse, status?: number): Item {
  const [method = "", template = ""] = key.split(" ");
  const documented = Object.keys(referenceOperation(method, template).responses).map(Number);
  const expected = status ?? documented.find((code) => code >= 200 && code < 300);
  expect(response.statusCode, `${key}: status (body ${response.body.slice(0, 300)})`).toBe(expected);
  const body = expectConformance(method, template, response);
  return typeof body === "object" && body !== null ? (body as Item) : {};
}

export function withoutId(value: unknown): Item {
  const { id: _id, ...rest } = value as Item;
  return rest;
}

export function itemsOf(body: Item, key: string): Item[] {
  const items = body[key];
  expect(Array.isArray(items) && items.length > 0, `${key} should be a non-empty list to check its items`).toBe(true);
  return items as Item[];
}

/** Creates a resource through the API and answers it. */
export async function created(url: string, body: unknown, rootKey: string): Promise<Item> {
  const response = await call("POST", url, body);
  expect(response.statusCode, response.body).toBe(201);
  return (JSON.parse(response.body) as Record<string, Item>)[rootKey] ?? {};
}

/** Our id of a VAT type, by its name (the reference's examples name ids of its own database). */
export async function vatTypeIdByName(name: string): Promise<number> {
  const list = JSON.parse((await call("GET", `${base}/vat_types`)).body) as { vat_types: Item[] };
  return Number(list.vat_types.find((vatType) => vatType.name === name)?.id);
}

/** Our id of an account, by its path (the reference's examples name ids of its own database). */
export async function accountIdByPath(path: string): Promise<number> {
  const list = JSON.parse((await call("GET", `${base}/accounts?per_page=100`)).body) as { accounts: Item[] };
  return Number(list.accounts.find((account) => account.path === path)?.id);
}

/** A contact of our own for the cases that need one, with extra fields. */
export async function ownContact(extra: Item = {}): Promise<number> {
  const contact = await created(
    `${base}/contacts`,
    {
      contact: {
        company_name: "Houtbewerking Eikenhof",
        contact_person_name: "Mila Jansen",
        contact_person_email_address: "mila@eikenhof.example",
        address: "Zagerijweg 4",
        zipcode: "7411 GH",
        city: "Deventer",
        country_code: "NL",
        ...extra,
      },
    },
    "contact",
  );
  return Number(contact.id);
}

/** The contact the reference's document examples show (Rompslomp.nl BV), with extra fields. */
export async function referenceContact(extra: Item = {}): Promise<number> {
  const contact = await created(
    `${base}/contacts`,
    {
      contact: {
        company_name: "Rompslomp.nl BV",
        contact_person_name: "Rob S. Lomp",
        contact_person_email_address: "rob@example.org",
        address: "Grebbeberglaan 15",
        zipcode: "3527 VX",
        city: "Utrecht",
        country_code: "NL",
        ...extra,
      },
    },
    "contact",
  );
  return Number(contact.id);
}
