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

let harness: TestApp;
let company: TestCompany;
const BANK = "activa.current_assets.liquid_assets.bank";
const MISC = "profit.costs.other_costs.misc";
type Line = {
  id: number;
  account_id: number;
  account_path: string;
  debit_amount: string | null;
  credit_amount: string | null;
};
type EntryBody = { journal_entry: { id: number; description: string; date: string; lines: Line[] } };

beforeAll(async () => {
  harness = await buildTestApp();
  company = await newCompany(harness.deps);
});
afterAll(() => harness.close());

const url = (own: TestCompany = company, suffix = "") => `/api/v1/companies/${own.companyId}/journal_entries${suffix}`;
const balanced = [
  { account_path: BANK, credit_amount: "1250.0" },
  { account_path: MISC, debit_amount: 1250 },
];

async function create(own: TestCompany, fields: Record<string, unknown>) {
  const response = await request(harness.app, "POST", url(own), own.token, { journal_entry: fields });
  expect(response.statusCode, response.body).toBe(201);
  return json<EntryBody>(response).journal_entry;
}

async function patch(entryId: number, fields: Record<string, unknown>) {
  return request(harness.app, "PATCH", url(company, `/${entryId}`), company.token, { journal_entry: fields });
}

describe("journal entries", () => {
  it("creates a balanced entry with lines by account path", async () => {
    const entry = await create(company, { description: "External costs", date: "2024-03-02", lines: balanced });
    expect(entry).toEqual({
      id: expect.any(Number),
      description: "External costs",
      date: "2024-03-02",
      lines: [
        {
          id: expect.any(Number),
          account_id: expect.any(Number),
          account_path: BANK,
          debit_amount: null,
          credit_amount: "1250.0",
        },
        {
          id: expect.any(Number),
          account_id: expect.any(Number),
          account_path: MISC,
          debit_amount: "1250.0",
          credit_amount: null,
        },
      ],
    });
  });

  it("names what is wrong: unbalanced, both or no side, too many decimals, unknown account, no date", async () => {
    const unbalanced = await request(harness.app, "POST", url(), company.token, {
      journal_entry: {
        date: "2024-03-02",
        lines: [
          { account_path: BANK, credit_amount: "10" },
          { account_path: MISC, debit_amount: "9.99" },
        ],
      },
    });
    expect(unbalanced.statusCode).toBe(422);
    expect(errorOf(unbalanced).message).toContain("lines do not balance: debits 9.99, credits 10.0");
    const broken = await request(harness.app, "POST", url(), company.token, {
      journal_entry: {
        lines: [
          { account_path: BANK, credit_amount: "1", debit_amount: "1" },
          { account_path: "activa.nowhere", debit_amount: "1.001" },
          { account_id: 987654321 },
        ],
      },
    });
    const message = errorOf(broken).message;
    for (const text of [
      "date can't be blank",
      "lines[0] needs exactly one of debit_amount and credit_amount",
      "lines[1].account_path is not an account of this company",
      "lines[1].debit_amount must have at most two decimals",
      "lines[2].account_id is not an account of this company",
    ]) {
      expect(message).toContain(text);
    }
    const single = await request(harness.app, "POST", url(), company.token, {
      journal_entry: { date: "2024-03-02", lines: [{ account_path: BANK, debit_amount: "0" }] },
    });
    expect(errorOf(single).message).toContain("at least two lines");
    expect(errorOf(single).message).toContain("must be more than 0");
  });

  it("combines create, update by id and destroy in one request, checking the balance on the result", async () => {
    const entry = await create(company, { date: "2024-03-02", lines: balanced });
    const [bankLine, miscLine] = entry.lines;
    const response = await patch(entry.id, {
      description: "Split",
      lines: [
        { id: bankLine?.id, credit_amount: "1000" },
        { id: miscLine?.id, _destroy: true },
        { account_path: MISC, debit_amount: "600" },
        { account_path: "profit.costs.other_costs.office_materials", debit_amount: "400" },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = json<EntryBody>(response).journal_entry;
    expect(updated.description).toBe("Split");
    expect(updated.lines.map((line) => [line.account_path, line.debit_amount, line.credit_amount])).toEqual([
      [BANK, null, "1000.0"],
      [MISC, "600.0", null],
      ["profit.costs.other_costs.office_materials", "400.0", null],
    ]);
    expect(updated.lines[0]?.id).toBe(bankLine?.id);
  });

  it("changes nothing when the result would not balance, and leaves unmentioned lines alone", async () => {
    const entry = await create(company, { date: "2024-03-02", lines: balanced });
    const refused = await patch(entry.id, {
      description: "x",
      lines: [{ id: entry.lines[0]?.id, credit_amount: "1" }],
    });
    expect(refused.statusCode).toBe(422);
    const shown = await request(harness.app, "GET", url(company, `/${entry.id}`), company.token);
    expect(json<EntryBody>(shown).journal_entry).toEqual(entry);
    const renamed = await patch(entry.id, { description: "Renamed" });
    expect(json<EntryBody>(renamed).journal_entry).toEqual({ ...entry, description: "Renamed" });
  });

  it("refuses a line id of another entry and leaves that entry untouched", async () => {
    const mine = await create(company, { date: "2024-03-02", lines: balanced });
    const other = await create(company, { date: "2024-03-02", lines: balanced });
    const response = await patch(mine.id, { lines: [{ id: other.lines[0]?.id, _destroy: true }] });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toContain(
      `lines[0].id ${other.lines[0]?.id} is not one of this document's lines`,
    );
    const shown = await request(harness.app, "GET", url(company, `/${other.id}`), company.token);
    expect(json<EntryBody>(shown).journal_entry).toEqual(other);
  });

  it("lists newest first and deletes", async () => {
    const own = await newCompany(harness.deps);
    for (const date of ["2024-01-05", "2024-06-01", "2024-03-03"]) await create(own, { date, lines: balanced });
    const list = await request(harness.app, "GET", url(own), own.token);
    const entries = json<{ journal_entries: Array<{ id: number; date: string }> }>(list).journal_entries;
    expect(entries.map((entry) => entry.date)).toEqual(["2024-06-01", "2024-03-03", "2024-01-05"]);
    expect(list.headers["x-total"]).toBe("3");
    expect((await request(harness.app, "DELETE", url(own, `/${entries[0]?.id}`), own.token)).statusCode).toBe(204);
    expect((await request(harness.app, "GET", url(own, `/${entries[0]?.id}`), own.token)).statusCode).toBe(404);
  });
});
