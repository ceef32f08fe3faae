/**
 * Contract test (DESIGN.md section 8): every reference operation the app implements is driven
 * with real data and its answer checked against the Rompslomp reference (status, root key,
 * required keys, key order, formats, paging headers), including a triggered 422 wherever the
 * reference documents one; operations not implemented yet are listed as skipped; and every app
 * route under /api/v1 is either a reference operation or a listed Kasboek extension, so a new
 * route cannot land without a contract case here.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buildTestApp, newCompany, request } from "../support/app.js";
import {
  expectConformance,
  pathShape,
  referenceOperation,
  referenceOperations,
  responseExample,
  toFastifyPath,
} from "../support/reference.js";

type Method = "GET" | "POST" | "PATCH" | "DELETE";
type Item = Record<string, unknown>;

/** Routes the reference lacks that Kasboek adds on purpose. */
const EXTENSIONS = ["GET /api/v1/companies/:id", "PATCH /api/v1/companies/:id"];

const harness = await buildTestApp();
const owner = await newCompany(harness.deps, "Contract Test BV");
afterAll(() => harness.close());

const base = `/api/v1/companies/${owner.companyId}`;
const call = (method: Method, url: string, body?: unknown) => request(harness.app, method, url, owner.token, body);

/**
 * Checks the response against the reference operation and answers its body. The status must be
 * `status`, by default the operation's documented success status (200, 201 or 204).
 */
function conform(key: string, response: LightMyRequestResponse, status?: number): Item {
  const [method = "", template = ""] = key.split(" ");
  const documented = Object.keys(referenceOperation(method, template).responses).map(Number);
  const expected = status ?? documented.find((code) => code >= 200 && code < 300);
  expect(response.statusCode, `${key}: status (body ${response.body.slice(0, 300)})`).toBe(expected);
  const body = expectConformance(method, template, response);
  return typeof body === "object" && body !== null ? (body as Item) : {};
}

function withoutId(value: unknown): Item {
  const { id: _id, ...rest } = value as Item;
  return rest;
}

function itemsOf(body: Item, key: string): Item[] {
  const items = body[key];
  expect(Array.isArray(items) && items.length > 0, `${key} should be a non-empty list to check its items`).toBe(true);
  return items as Item[];
}

const RIDES = "/api/v1/companies/{company_id}/rides";
const RIDE = `${RIDES}/{id}`;
const rideExample = () => referenceOperation("POST", RIDES).requestExample;
const CONTACTS = "/api/v1/companies/{company_id}/contacts";
const CONTACT = `${CONTACTS}/{id}`;
const contactExample = () => referenceOperation("POST", CONTACTS).requestExample;

async function createContact(): Promise<Item> {
  const example = contactExample() as { contact: Item };
  const response = await call("POST", `${base}/contacts`, { contact: { ...example.contact, contact_number: null } });
  expect(response.statusCode, response.body).toBe(201);
  return (JSON.parse(response.body) as { contact: Item }).contact;
}

async function createRide(): Promise<Item> {
  const response = await call("POST", `${base}/rides`, rideExample());
  expect(response.statusCode).toBe(201);
  return (JSON.parse(response.body) as { ride: Item }).ride;
}

async function createCompany(): Promise<Item> {
  const response = await call(
    "POST",
    "/api/v1/companies",
    referenceOperation("POST", "/api/v1/companies").requestExample,
  );
  expect(response.statusCode).toBe(201);
  return (JSON.parse(response.body) as { company: Item }).company;
}

async function allAccounts(): Promise<Item[]> {
  const accounts: Item[] = [];
  for (let page = 1; ; page++) {
    const response = await call("GET", `${base}/accounts?per_page=100&page=${page}`);
    const items = itemsOf(conform("GET /api/v1/companies/{company_id}/accounts", response), "accounts");
    accounts.push(...items);
    if (accounts.length >= Number(response.headers["x-total"]) || items.length < 100) return accounts;
  }
}

/**
 * Where the app's chart departs from the accounts the reference shows: same path, reference and
 * type, and the same parent (by path) wherever the example names it. Names are ours.
 */
function chartMismatches(ours: Item[], example: Item[]): string[] {
  const ourPaths = new Map(ours.map((account) => [account.id, account.path]));
  const examplePaths = new Map(example.map((account) => [account.id, account.path]));
  const byPath = new Map(ours.map((account) => [account.path, account]));
  return example.flatMap((account) => {
    const mine = byPath.get(account.path);
    if (!mine) return [`${account.path}: missing`];
    const problems: string[] = [];
    for (const field of ["reference", "type"]) {
      if (mine[field] !== account[field]) {
        problems.push(`${account.path}: ${field} ${mine[field]}, reference ${account[field]}`);
      }
    }
    const parent = account.parent_id === null ? null : examplePaths.get(account.parent_id);
    const myParent = mine.parent_id === null ? null : ourPaths.get(mine.parent_id);
    if (parent !== undefined && myParent !== parent) {
      problems.push(`${account.path}: parent ${myParent}, reference ${parent}`);
    }
    return problems;
  });
}

const VAT_FACTS: Item = { vat_high: "0.21", vat_low_new: "0.09", vat_zero: "0.0" };

/** One case per implemented reference operation: real requests, each answer checked. */
const SUCCESS: Record<string, (key: string) => Promise<void>> = {
  "GET /api/v1/me": async (key) => {
    expect(conform(key, await call("GET", "/api/v1/me"))).toMatchObject({ me: { email: owner.email } });
  },
  "GET /api/v1/companies": async (key) => {
    const companies = itemsOf(conform(key, await call("GET", "/api/v1/companies")), "companies");
    expect(companies.map((company) => company.name)).toContain("Contract Test BV");
  },
  "POST /api/v1/companies": async (key) => {
    const example = referenceOperation("POST", "/api/v1/companies").requestExample as { company: Item };
    const body = conform(key, await call("POST", "/api/v1/companies", example));
    expect(body.company).toMatchObject({ ...example.company, access_control: { api_accessible: true } });
  },
  "DELETE /api/v1/companies/{id}": async (key) => {
    const company = await createCompany();
    conform(key, await call("DELETE", `/api/v1/companies/${company.id}`));
  },
  "GET /api/v1/companies/{company_id}/vat_types": async (key) => {
    const vatTypes = itemsOf(conform(key, await call("GET", `${base}/vat_types`)), "vat_types");
    for (const [name, value] of Object.entries(VAT_FACTS)) {
      expect(
        vatTypes.find((vatType) => vatType.name === name),
        name,
      ).toMatchObject({ value });
    }
  },
  "GET /api/v1/companies/{company_id}/vat_types/{id}": async (key) => {
    const list = JSON.parse((await call("GET", `${base}/vat_types`)).body) as { vat_types: Item[] };
    const high = list.vat_types.find((vatType) => vatType.name === "vat_high");
    expect(high, "vat_high in the list").toBeDefined();
    const body = conform(key, await call("GET", `${base}/vat_types/${high?.id}`));
    expect(body.vat_type).toMatchObject({ name: "vat_high", value: "0.21" });
  },
  "GET /api/v1/companies/{company_id}/accounts": async () => {
    const example = responseExample("GET", "/api/v1/companies/{company_id}/accounts", 200) as { accounts: Item[] };
    expect(chartMismatches(await allAccounts(), example.accounts)).toEqual([]);
  },
  "GET /api/v1/companies/{company_id}/accounts/{id}": async (key) => {
    const example = responseExample("GET", "/api/v1/companies/{company_id}/accounts/{id}", 200) as { account: Item };
    const activa = (await allAccounts()).find((account) => account.path === "activa");
    const body = conform(key, await call("GET", `${base}/accounts/${activa?.id}`));
    const { name: _name, path_name: _pathName, ...facts } = withoutId(example.account);
    expect(body.account).toMatchObject(facts);
  },
  "GET /api/v1/companies/{company_id}/templates": async (key) => {
    const templates = itemsOf(conform(key, await call("GET", `${base}/templates`)), "templates");
    expect(templates.some((template) => template.is_default === true)).toBe(true);
  },
  "GET /api/v1/companies/{company_id}/templates/{id}": async (key) => {
    const list = JSON.parse((await call("GET", `${base}/templates`)).body) as { templates: Item[] };
    conform(key, await call("GET", `${base}/templates/${list.templates[0]?.id}`));
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
};

/** A request that triggers the documented 422, for every implemented operation documenting one. */
const INVALID: Record<string, () => Promise<LightMyRequestResponse>> = {
  "POST /api/v1/companies": () => call("POST", "/api/v1/companies", { company: { name: "" } }),
  [`POST ${RIDES}`]: () => call("POST", `${base}/rides`, { ride: { km_end: "abc" } }),
  [`POST ${CONTACTS}`]: () => call("POST", `${base}/contacts`, { contact: { company_name: "" } }),
  [`PATCH ${CONTACT}`]: async () => {
    const contact = await createContact();
    return call("PATCH", `${base}/contacts/${contact.id}`, { contact: { company_name: null } });
  },
};

/** The app's routes (HEAD excluded), read from `printRoutes`: `METHOD /path` with `:param`s. */
function appRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const segments: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    if (line.trim() === "") continue;
    const match = /^([│├└─\s]*)(\S+)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    const prefix = match?.[1] ?? "";
    if (!match || prefix.length % 4 !== 0) throw new Error(`unreadable printRoutes line: ${line}`);
    segments.length = prefix.length / 4 - 1;
    segments.push(match[2] ?? "");
    const methods = (match[3] ?? "").split(", ").filter((method) => method !== "" && method !== "HEAD");
    for (const method of methods) routes.push(`${method} ${segments.join("")}`);
  }
  return routes;
}

const shapeKey = (route: string) => {
  const [method = "", path = ""] = route.split(" ");
  return `${method} ${pathShape(path)}`;
};
const implemented = (method: string, path: string) => harness.app.hasRoute({ method, url: toFastifyPath(path) });
const operations = referenceOperations();
const apiRoutes = appRoutes(harness.app).filter((route) => route.split(" ")[1]?.startsWith("/api/v1"));

describe("the app's routes against the reference", () => {
  it("reads every route of the router from printRoutes", () => {
    expect(apiRoutes).toContain("GET /api/v1/me");
    for (const route of apiRoutes) {
      const [method = "", path = ""] = route.split(" ");
      expect(harness.app.hasRoute({ method, url: path.replace(/:[^/]+/g, ":p") }), route).toBe(true);
    }
  });

  it("has a reference operation or a listed extension for every route under /api/v1", () => {
    const known = new Set([...operations.map((o) => shapeKey(`${o.method} ${o.path}`)), ...EXTENSIONS.map(shapeKey)]);
    expect(apiRoutes.filter((route) => !known.has(shapeKey(route)))).toEqual([]);
    expect(EXTENSIONS.filter((extension) => !apiRoutes.map(shapeKey).includes(shapeKey(extension)))).toEqual([]);
  });

  it("has contract cases only for reference operations", () => {
    const keys = new Set(operations.map((o) => `${o.method} ${o.path}`));
    expect([...Object.keys(SUCCESS), ...Object.keys(INVALID)].filter((key) => !keys.has(key))).toEqual([]);
  });
});

describe("implemented operations answer as the reference documents", () => {
  for (const operation of operations.filter((o) => implemented(o.method, o.path))) {
    const key = `${operation.method} ${operation.path}`;
    it(key, async () => {
      const success = SUCCESS[key];
      if (!success) throw new Error(`the app implements ${key}: add its contract case to SUCCESS`);
      await success(key);
    });
    if (operation.responses["422"] === undefined) continue;
    it(`${key} → 422`, async () => {
      const invalid = INVALID[key];
      if (!invalid) throw new Error(`the reference documents a 422 for ${key}: add a request triggering it to INVALID`);
      conform(key, await invalid(), 422);
    });
  }
});

describe("reference operations not implemented yet", () => {
  for (const operation of operations.filter((o) => !implemented(o.method, o.path))) {
    it.skip(`${operation.method} ${operation.path}`, () => {});
  }
});
