/**
 * The VAT return over the API. The books are filled with tagged entries written straight through
 * the ledger's store, so each figure is known to the cent; posting from documents is the ledger's
 * own concern and tested there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTestApp,
  errorOf,
  json,
  newCompany,
  request,
  type TestApp,
  type TestCompany,
  tokenFor,
} from "../../../test/support/app.js";
import { postTestEntry } from "../../../test/support/ledger.js";
import type { VatBox } from "../ledger/service.js";

const DEBTORS = "activa.current_assets.debtors";
const CREDITORS = "passiva.current_liabilities.creditors";
const REVENUE = "profit.revenue.other";
const COSTS = "profit.costs.other_costs.misc";
const HIGH = "passiva.current_liabilities.vat_to_pay.high";
const LOW = "passiva.current_liabilities.vat_to_pay.low";
const WITHIN_EU = "passiva.current_liabilities.vat_to_pay.within_eu";
const INPUT_VAT = "activa.current_assets.vat_to_claim";

interface Line {
  path: string;
  /** signed cents: positive debit, negative credit */
  cents: number;
  box?: VatBox;
  base?: number;
  vat?: number;
}

type Box = { base: string | null; vat: string | null; base_filed: string | null; vat_filed: string | null };
type VatReturnBody = {
  vat_return: {
    period: string;
    from: string;
    till: string;
    state: string;
    filed_at: string | null;
    rounding: string;
    boxes: Record<string, Box>;
  };
};

let harness: TestApp;
let company: TestCompany;

// 2026-10-15 in Amsterdam: the third quarter is over, the fourth is not
beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-10-15T10:00:00Z"));
  company = await newCompany(harness.deps);
});
afterAll(() => harness.close());

async function post(
  owner: TestCompany,
  date: string,
  lines: Line[],
  sourceType: "sales_invoice" | "expense" = "sales_invoice",
) {
  const tagged = lines.map((line) => ({ ...line, icpKind: line.box === "3b" ? ("supplies" as const) : undefined }));
  return postTestEntry(harness.deps.db, owner.companyId, date, tagged, sourceType);
}

const url = (owner: TestCompany, suffix = "") => `/api/v1/companies/${owner.companyId}/vat_returns${suffix}`;
const get = (owner: TestCompany, suffix: string) => request(harness.app, "GET", url(owner, suffix), owner.token);

/** The quarter of the worked example: 1a, 1b, 1e, 3b, a reverse-charged EU purchase (4b) and 5b. */
async function fillThirdQuarter(owner: TestCompany): Promise<void> {
  await post(owner, "2026-07-10", [
    { path: DEBTORS, cents: 121000 },
    { path: REVENUE, cents: -100000, box: "1a", base: 100000 },
    { path: HIGH, cents: -21000, box: "1a", vat: 21000 },
  ]);
  await post(owner, "2026-08-05", [
    { path: DEBTORS, cents: 16010 },
    { path: REVENUE, cents: -10055, box: "1b", base: 10055 },
    { path: LOW, cents: -905, box: "1b", vat: 905 },
    { path: REVENUE, cents: -5050, box: "1e", base: 5050 },
  ]);
  await post(owner, "2026-09-01", [
    { path: DEBTORS, cents: 30075 },
    { path: REVENUE, cents: -30075, box: "3b", base: 30075 },
  ]);
  await post(
    owner,
    "2026-09-20",
    [
      { path: COSTS, cents: 10000, box: "4b", base: 10000 },
      { path: WITHIN_EU, cents: -2100, box: "4b", vat: 2100 },
      { path: COSTS, cents: 11595 },
      { path: INPUT_VAT, cents: 4535, box: "5b", vat: 4535 },
      { path: CREDITORS, cents: -24030 },
    ],
    "expense",
  );
  // outside the quarter on either side
  for (const date of ["2026-06-30", "2026-10-01"]) {
    await post(owner, date, [
      { path: DEBTORS, cents: 121 },
      { path: REVENUE, cents: -100, box: "1a", base: 100 },
      { path: HIGH, cents: -21, box: "1a", vat: 21 },
    ]);
  }
}

const EXPECTED_BOXES: Record<string, Box> = {
  "1a": { base: "1000.0", vat: "210.0", base_filed: "1000.0", vat_filed: "210.0" },
  "1b": { base: "100.55", vat: "9.05", base_filed: "100.0", vat_filed: "9.0" },
  "1c": { base: "0.0", vat: "0.0", base_filed: "0.0", vat_filed: "0.0" },
  "1d": { base: "0.0", vat: "0.0", base_filed: "0.0", vat_filed: "0.0" },
  "1e": { base: "50.5", vat: null, base_filed: "50.0", vat_filed: null },
  "2a": { base: "0.0", vat: "0.0", base_filed: "0.0", vat_filed: "0.0" },
  "3a": { base: "0.0", vat: null, base_filed: "0.0", vat_filed: null },
  "3b": { base: "300.75", vat: null, base_filed: "300.0", vat_filed: null },
  "3c": { base: "0.0", vat: null, base_filed: "0.0", vat_filed: null },
  "4a": { base: "0.0", vat: "0.0", base_filed: "0.0", vat_filed: "0.0" },
  "4b": { base: "100.0", vat: "21.0", base_filed: "100.0", vat_filed: "21.0" },
  "5a": { base: null, vat: "240.05", base_filed: null, vat_filed: "240.0" },
  "5b": { base: null, vat: "45.35", base_filed: null, vat_filed: "46.0" },
  "5g": { base: null, vat: "194.7", base_filed: null, vat_filed: "194.0" },
};

describe("the VAT return of an open period", () => {
  let owner: TestCompany;
  beforeAll(async () => {
    owner = await newCompany(harness.deps);
    await fillThirdQuarter(owner);
  });

  it("sums the tags of the period into the 14 boxes, exact and rounded in the filer's favour", async () => {
    const response = await get(owner, "/2026Q3");
    expect(response.statusCode, response.body).toBe(200);
    const { vat_return } = json<VatReturnBody>(response);
    expect(vat_return).toEqual({
      period: "2026Q3",
      from: "2026-07-01",
      till: "2026-09-30",
      state: "open",
      filed_at: null,
      rounding: "favour",
      boxes: EXPECTED_BOXES,
    });
    expect(Object.keys(vat_return.boxes)).toEqual(Object.keys(EXPECTED_BOXES));
    expect(response.body.indexOf('"period"')).toBeLessThan(response.body.indexOf('"boxes"'));
  });

  it("takes months and years, and .json", async () => {
    const august = json<VatReturnBody>(await get(owner, "/2026-08.json")).vat_return;
    expect(august).toMatchObject({ period: "2026-08", from: "2026-08-01", till: "2026-08-31" });
    expect(august.boxes["1b"]).toEqual(EXPECTED_BOXES["1b"]);
    expect(august.boxes["1a"]?.vat).toBe("0.0");
    const year = json<VatReturnBody>(await get(owner, "/2026")).vat_return;
    expect(year.boxes["1a"]).toEqual({ base: "1002.0", vat: "210.42", base_filed: "1002.0", vat_filed: "210.0" });
  });

  it("rounds arithmetically when the bookkeeping settings say so", async () => {
    const patched = await request(
      harness.app,
      "PATCH",
      `/api/v1/companies/${owner.companyId}/bookkeeping_settings`,
      owner.token,
      { bookkeeping_settings: { vat_return_rounding: "arithmetic" } },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    const { vat_return } = json<VatReturnBody>(await get(owner, "/2026Q3"));
    expect(vat_return.rounding).toBe("arithmetic");
    expect(vat_return.boxes["1b"]).toEqual({ base: "100.55", vat: "9.05", base_filed: "101.0", vat_filed: "9.0" });
    expect(vat_return.boxes["1e"]?.base_filed).toBe("51.0");
    expect(vat_return.boxes["5b"]?.vat_filed).toBe("45.0");
    expect(vat_return.boxes["5g"]).toEqual({ base: null, vat: "194.7", base_filed: null, vat_filed: "195.0" });
    await request(harness.app, "PATCH", `/api/v1/companies/${owner.companyId}/bookkeeping_settings`, owner.token, {
      bookkeeping_settings: { vat_return_rounding: "favour" },
    });
  });

  it("answers 400 invalid_parameter_value for a period that is not YYYYQn, YYYY-MM or YYYY", async () => {
    for (const period of ["2026Q5", "2026-13", "26", "2026q3", "2026-07-01"]) {
      const response = await get(owner, `/${period}`);
      expect(response.statusCode, period).toBe(400);
      expect(errorOf(response)).toEqual({
        type: "client.parameters.invalid_parameter_value",
        message: "Parameter period must be a period: YYYYQn, YYYY-MM or YYYY",
      });
    }
  });

  it("lists the lines behind a box, with their source, paged", async () => {
    const response = await get(owner, "/2026Q3/lines?box=1a");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["x-total"]).toBe("2");
    const lines = json<{ vat_return_lines: Array<Record<string, unknown>> }>(response).vat_return_lines;
    expect(lines).toEqual([
      {
        id: expect.any(Number),
        ledger_entry_id: expect.any(Number),
        date: "2026-07-10",
        box: "1a",
        source_type: "sales_invoice",
        source_id: expect.any(Number),
        description: "entry of 2026-07-10",
        account_id: expect.any(Number),
        account_path: REVENUE,
        base: "1000.0",
        vat: null,
      },
      expect.objectContaining({ date: "2026-07-10", account_path: HIGH, base: null, vat: "210.0" }),
    ]);
    const second = await get(owner, "/2026Q3/lines?box=1a&per_page=1&page=2");
    expect([second.headers["x-total"], second.headers["x-page"], second.headers["x-per-page"]]).toEqual([
      "2",
      "2",
      "1",
    ]);
    expect(json<{ vat_return_lines: Array<{ account_path: string }> }>(second).vat_return_lines).toEqual([
      expect.objectContaining({ account_path: HIGH }),
    ]);
  });

  it("drills 5a down to the VAT of the output boxes and 5g to those and 5b", async () => {
    const owed = json<{ vat_return_lines: Array<{ box: string; vat: string }> }>(
      await get(owner, "/2026Q3/lines?box=5a"),
    );
    expect(owed.vat_return_lines.map((line) => [line.box, line.vat])).toEqual([
      ["1a", "210.0"],
      ["1b", "9.05"],
      ["4b", "21.0"],
    ]);
    const net = json<{ vat_return_lines: Array<{ box: string }> }>(await get(owner, "/2026Q3/lines?box=5g"));
    expect(net.vat_return_lines.map((line) => line.box)).toEqual(["1a", "1b", "4b", "5b"]);
    const exempt = json<{ vat_return_lines: Array<{ base: string }> }>(await get(owner, "/2026Q3/lines?box=1e"));
    expect(exempt.vat_return_lines.map((line) => line.base)).toEqual(["50.5"]);
  });

  it("answers 400 for a missing or unknown box", async () => {
    for (const query of ["", "?box=", "?box=5c", "?box[]=1a"]) {
      const response = await get(owner, `/2026Q3/lines${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).type).toBe("client.parameters.invalid_parameter_value");
      expect(errorOf(response).message).toMatch(/^Parameter box must be one of: 1a, 1b, /);
    }
  });
});

describe("access", () => {
  it("keeps another company's return, lines and filings out of reach", async () => {
    const other = await newCompany(harness.deps);
    await fillThirdQuarter(company);
    for (const suffix of ["", "/2026Q3", "/2026Q3/lines?box=1a"]) {
      const response = await request(harness.app, "GET", url(company, suffix), other.token);
      expect(response.statusCode, suffix).toBe(403);
      expect(errorOf(response).type).toBe("client.authorization.access_denied");
    }
    const filing = await request(harness.app, "POST", url(company), other.token, { vat_return: { period: "2026Q3" } });
    expect(filing.statusCode).toBe(403);
    expect(json<VatReturnBody>(await get(company, "/2026Q3")).vat_return.state).toBe("open");
    const own = json<VatReturnBody>(await get(other, "/2026Q3")).vat_return;
    expect(own.boxes["5g"]?.vat).toBe("0.0");
  });

  it("reads with read:reports and files only with manage:journal_entries", async () => {
    const reader = await tokenFor(harness.deps, company.userId, ["read:reports"]);
    expect((await request(harness.app, "GET", url(company, "/2026Q3"), reader)).statusCode).toBe(200);
    const filing = await request(harness.app, "POST", url(company), reader, { vat_return: { period: "2026Q3" } });
    expect(filing.statusCode).toBe(403);
    expect(errorOf(filing).type).toBe("client.authorization.invalid_scope");
    const filer = await tokenFor(harness.deps, company.userId, ["manage:journal_entries"]);
    expect((await request(harness.app, "GET", url(company, "/2026Q3"), filer)).statusCode).toBe(403);
  });
});
