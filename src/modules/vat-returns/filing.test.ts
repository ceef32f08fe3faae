/**
 * Filing a VAT return over the API: the settlement entry (P6) with its rounding, the lock on the
 * period, and the refusals. The books are filled with tagged entries written straight through the
 * ledger's store, so every figure is known to the cent.
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
} from "../../../test/support/app.js";
import { postTestEntry } from "../../../test/support/ledger.js";
import { companyChart } from "../accounts/service.js";
import type { VatBox } from "../ledger/service.js";
import { findEntryLines, ledger } from "../ledger/store.js";

const DEBTORS = "activa.current_assets.debtors";
const CREDITORS = "passiva.current_liabilities.creditors";
const REVENUE = "profit.revenue.other";
const COSTS = "profit.costs.other_costs.misc";
const HIGH = "passiva.current_liabilities.vat_to_pay.high";
const LOW = "passiva.current_liabilities.vat_to_pay.low";
const WITHIN_EU = "passiva.current_liabilities.vat_to_pay.within_eu";
const INPUT_VAT = "activa.current_assets.vat_to_claim";
const SETTLEMENT = "passiva.current_liabilities.vat_settlement";
const ROUNDING = "profit.costs.rounding_differences";

type Box = { base: string | null; vat: string | null; base_filed: string | null; vat_filed: string | null };
type VatReturnBody = {
  vat_return: { period: string; state: string; filed_at: string | null; boxes: Record<string, Box> };
};
/** path, signed cents (positive: debit), and the box tag */
type Line = [path: string, cents: number, tag?: { box: VatBox; base?: number; vat?: number }];

let harness: TestApp;

// 2026-10-15 in Amsterdam: the third quarter is over, the fourth is not
beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-10-15T10:00:00Z"));
});
afterAll(() => harness.close());

async function post(owner: TestCompany, date: string, lines: Line[]): Promise<void> {
  const tagged = lines.map(([path, cents, tag]) => ({ path, cents, ...tag }));
  await postTestEntry(harness.deps.db, owner.companyId, date, tagged);
}

/** 1a 1000.00/210.00, 1b 100.55/9.05, 4b 100.00/21.00, 5b 45.35: 5g 194.70 exact, 194 filed. */
async function fillThirdQuarter(owner: TestCompany): Promise<void> {
  await post(owner, "2026-07-10", [
    [DEBTORS, 121000],
    [REVENUE, -100000, { box: "1a", base: 100000 }],
    [HIGH, -21000, { box: "1a", vat: 21000 }],
  ]);
  await post(owner, "2026-08-05", [
    [DEBTORS, 10960],
    [REVENUE, -10055, { box: "1b", base: 10055 }],
    [LOW, -905, { box: "1b", vat: 905 }],
  ]);
  await post(owner, "2026-09-20", [
    [COSTS, 10000, { box: "4b", base: 10000 }],
    [WITHIN_EU, -2100, { box: "4b", vat: 2100 }],
    [COSTS, 11595],
    [INPUT_VAT, 4535, { box: "5b", vat: 4535 }],
    [CREDITORS, -24030],
  ]);
  await post(owner, "2026-06-30", [
    [DEBTORS, 121],
    [REVENUE, -100, { box: "1a", base: 100 }],
    [HIGH, -21, { box: "1a", vat: 21 }],
  ]);
}

const url = (owner: TestCompany, suffix = "") => `/api/v1/companies/${owner.companyId}/vat_returns${suffix}`;
const get = (owner: TestCompany, suffix: string) => request(harness.app, "GET", url(owner, suffix), owner.token);
const file = (owner: TestCompany, period: unknown) =>
  request(harness.app, "POST", url(owner), owner.token, { vat_return: { period } });

async function settlementOf(owner: TestCompany) {
  const entries = await ledger(harness.deps.db)
    .selectFrom("ledger_entries")
    .selectAll()
    .where("company_id", "=", owner.companyId)
    .where("source_type", "=", "vat_return")
    .orderBy("id")
    .execute();
  const chart = new Map(
    (await companyChart(harness.deps.db, owner.companyId)).map((account) => [account.id, account.path]),
  );
  const lines = await findEntryLines(
    harness.deps.db,
    entries.map((entry) => entry.id),
  );
  return {
    entries,
    lines: lines.map((line) => ({
      path: chart.get(line.account_id),
      debit: line.debit_cents,
      credit: line.credit_cents,
    })),
  };
}

/** A manual journal entry through the API, dated `date`. */
const journalEntry = (owner: TestCompany, date: string) =>
  request(harness.app, "POST", `/api/v1/companies/${owner.companyId}/journal_entries`, owner.token, {
    journal_entry: {
      date,
      lines: [
        { account_path: "activa.current_assets.liquid_assets.bank", credit_amount: "10" },
        { account_path: COSTS, debit_amount: "10" },
      ],
    },
  });

describe("filing a VAT return", () => {
  let owner: TestCompany;
  beforeAll(async () => {
    owner = await newCompany(harness.deps);
    await fillThirdQuarter(owner);
  });

  it("files the return: 201, the figures as filed, a balanced settlement with the rounding", async () => {
    const open = json<VatReturnBody>(await get(owner, "/2026Q3")).vat_return;
    expect(open.state).toBe("open");
    const response = await file(owner, "2026Q3");
    expect(response.statusCode, response.body).toBe(201);
    // filed at the test clock's instant, in the company's time zone (12:00 in Amsterdam, summer time)
    expect(open.filed_at).toBeNull();
    expect(json<VatReturnBody>(response).vat_return).toEqual({
      ...open,
      state: "filed",
      filed_at: "2026-10-15T12:00:00.000+02:00",
    });
    expect(open.boxes["5g"]).toEqual({ base: null, vat: "194.7", base_filed: null, vat_filed: "194.0" });
    const { entries, lines } = await settlementOf(owner);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ date: "2026-09-30", description: "Btw-aangifte 2026Q3" });
    expect(lines).toEqual([
      { path: HIGH, debit: 21000, credit: 0 },
      { path: LOW, debit: 905, credit: 0 },
      { path: WITHIN_EU, debit: 2100, credit: 0 },
      { path: INPUT_VAT, debit: 0, credit: 4535 },
      { path: SETTLEMENT, debit: 0, credit: 19400 },
      { path: ROUNDING, debit: 0, credit: 70 },
    ]);
    expect(lines.reduce((sum, line) => sum + line.debit - line.credit, 0)).toBe(0);
  });

  it("answers the filed figures afterwards and lists the filed return", async () => {
    const shown = json<VatReturnBody>(await get(owner, "/2026Q3")).vat_return;
    expect(shown).toMatchObject({ period: "2026Q3", state: "filed", filed_at: "2026-10-15T12:00:00.000+02:00" });
    expect(shown.boxes["5a"]).toEqual({ base: null, vat: "240.05", base_filed: null, vat_filed: "240.0" });
    const list = await get(owner, "");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers["x-total"]).toBe("1");
    expect(json<{ vat_returns: unknown[] }>(list).vat_returns).toEqual([shown]);
  });

  it("locks the period: a posting into it is refused with 422 naming date", async () => {
    const response = await journalEntry(owner, "2026-08-15");
    expect(response.statusCode, response.body).toBe(422);
    expect(errorOf(response).type).toBe("client.parameters.validation");
    expect(errorOf(response).message).toContain("date falls in a period whose VAT return is filed");
  });

  it("refuses to file the period again, or a period overlapping it (422 naming period)", async () => {
    for (const [period, problem] of [
      ["2026Q3", "period is already filed"],
      ["2026-08", "period overlaps a period whose return is already filed"],
      ["2026", "period has not ended yet"],
    ] as const) {
      const response = await file(owner, period);
      expect(response.statusCode, period).toBe(422);
      expect(errorOf(response).type).toBe("client.parameters.validation");
      expect(errorOf(response).message).toContain(`VAT return is invalid: ${problem}`);
    }
    expect((await get(owner, "")).headers["x-total"]).toBe("1");
  });

  it("lets a posting into an open period through", async () => {
    const response = await journalEntry(owner, "2026-10-01");
    expect(response.statusCode, response.body).toBe(201);
  });

  it("files a month next to a filed quarter", async () => {
    const response = await file(owner, "2026-06");
    expect(response.statusCode, response.body).toBe(201);
    const list = json<{ vat_returns: Array<{ period: string }> }>(await get(owner, ""));
    expect(list.vat_returns.map((item) => item.period)).toEqual(["2026Q3", "2026-06"]);
  });

  it("refuses a period that has not ended in the company's time zone", async () => {
    for (const period of ["2026Q4", "2026-10", "2027Q1"]) {
      const response = await file(owner, period);
      expect(response.statusCode, period).toBe(422);
      expect(errorOf(response).message).toBe(
        "VAT return is invalid: period has not ended yet: a return can be filed from the day after its last day",
      );
    }
  });

  it("names a bad or missing period in the body", async () => {
    const bad = await file(owner, "2026Q5");
    expect(bad.statusCode).toBe(422);
    expect(errorOf(bad).message).toBe("VAT return is invalid: period must be a period: YYYYQn, YYYY-MM or YYYY");
    const blank = await file(owner, "");
    expect(errorOf(blank).message).toBe("VAT return is invalid: period can't be blank");
    const missing = await request(harness.app, "POST", url(owner), owner.token, { period: "2026Q3" });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).type).toBe("client.parameters.missing_parameter");
    const unknown = await request(harness.app, "POST", url(owner), owner.token, {
      vat_return: { period: "2026Q2", x: 1 },
    });
    expect(errorOf(unknown).type).toBe("client.parameters.unpermitted_parameters");
  });

  it("files one of two overlapping periods sent at once", async () => {
    const racer = await newCompany(harness.deps);
    await fillThirdQuarter(racer);
    const answers = await Promise.all([file(racer, "2026Q3"), file(racer, "2026-08"), file(racer, "2026Q3")]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422, 422]);
    expect((await settlementOf(racer)).entries).toHaveLength(1);
  });

  it("settles a refund: the settlement account is debited, the rounding balances", async () => {
    const refunded = await newCompany(harness.deps);
    await post(refunded, "2026-07-03", [
      [DEBTORS, 6040],
      [REVENUE, -5000, { box: "1a", base: 5000 }],
      [HIGH, -1040, { box: "1a", vat: 1040 }],
    ]);
    await post(refunded, "2026-07-04", [
      [COSTS, 47810],
      [INPUT_VAT, 10040, { box: "5b", vat: 10040 }],
      [CREDITORS, -57850],
    ]);
    const response = await file(refunded, "2026Q3");
    expect(response.statusCode, response.body).toBe(201);
    const boxes = json<VatReturnBody>(response).vat_return.boxes;
    expect([boxes["5a"]?.vat_filed, boxes["5b"]?.vat_filed, boxes["5g"]?.vat, boxes["5g"]?.vat_filed]).toEqual([
      "10.0",
      "101.0",
      "-90.0",
      "-91.0",
    ]);
    expect((await settlementOf(refunded)).lines).toEqual([
      { path: HIGH, debit: 1040, credit: 0 },
      { path: INPUT_VAT, debit: 0, credit: 10040 },
      { path: SETTLEMENT, debit: 9100, credit: 0 },
      { path: ROUNDING, debit: 0, credit: 100 },
    ]);
  });

  it("files an empty period without an entry, and still locks it", async () => {
    const empty = await newCompany(harness.deps);
    const response = await file(empty, "2026-09");
    expect(response.statusCode, response.body).toBe(201);
    expect(json<VatReturnBody>(response).vat_return.boxes["5g"]).toEqual({
      base: null,
      vat: "0.0",
      base_filed: null,
      vat_filed: "0.0",
    });
    expect((await settlementOf(empty)).entries).toEqual([]);
    const posting = await journalEntry(empty, "2026-09-30");
    expect(posting.statusCode, posting.body).toBe(422);
  });
});

describe("the day a period ends", () => {
  it("counts days in the company's time zone (Europe/Amsterdam)", async () => {
    for (const [instant, status] of [
      ["2026-09-30T21:30:00Z", 422],
      ["2026-09-30T22:30:00Z", 201],
    ] as const) {
      const app = await buildTestApp(() => new Date(instant));
      try {
        const owner = await newCompany(app.deps);
        const response = await request(app.app, "POST", url(owner), owner.token, { vat_return: { period: "2026Q3" } });
        expect(response.statusCode, instant).toBe(status);
      } finally {
        await app.close();
      }
    }
  });
});
