/**
 * `kasboek plans …` and `kasboek companies update --plan`, run in this process against the test
 * run's database (a process per command would cost a second each); one command runs as a real
 * process to show the command is wired into `kasboek` and fails with its exit status.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { buildTestApp, errorOf, newCompany, request, type TestApp } from "../../../test/support/app.js";
import { companiesCommand } from "../../cli/companies.js";
import { plansCommand } from "../../cli/plans.js";
import { UsageError } from "../../cli/shared.js";

let harness: TestApp;

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  harness = await buildTestApp();
});
afterAll(() => harness.close());
afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs a command in this process; answers what it printed. */
async function kasboek(command: (argv: string[]) => Promise<void>, ...argv: string[]): Promise<string> {
  let printed = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    printed += String(chunk);
    return true;
  });
  try {
    await command(argv);
  } finally {
    vi.restoreAllMocks();
  }
  return printed;
}

const planName = () => `cli-${randomUUID().slice(0, 8)}`;

describe("kasboek plans", () => {
  it("lists the seeded plans as a table and as JSON", async () => {
    const table = await kasboek(plansCommand, "list");
    const [header, ...rows] = table.trim().split("\n");
    expect(header?.split("\t")).toEqual([
      "name",
      "api_accessible",
      "max_contacts",
      "max_products",
      "max_companies_per_user",
      "max_sales_invoices_per_month",
      "max_quotations_per_month",
    ]);
    expect(rows).toContain("free\tfalse\t25\t25\t1\t5\t5");
    expect(rows).toContain("basic\ttrue\t500\t500\t3\t100\t100");
    const { plans } = JSON.parse(await kasboek(plansCommand, "list", "--json")) as { plans: Array<{ name: string }> };
    expect(plans.find((plan) => plan.name === "pro")).toEqual({
      name: "pro",
      api_accessible: true,
      max_contacts: null,
      max_products: null,
      max_companies_per_user: null,
      max_sales_invoices_per_month: null,
      max_quotations_per_month: null,
    });
  });

  it("creates a plan open and unlimited where no option narrows it, and changes only what is given", async () => {
    const name = planName();
    const created = await kasboek(plansCommand, "create", name, "--max-contacts", "2", "--json");
    expect(JSON.parse(created)).toEqual({
      plan: {
        name,
        api_accessible: true,
        max_contacts: 2,
        max_products: null,
        max_companies_per_user: null,
        max_sales_invoices_per_month: null,
        max_quotations_per_month: null,
      },
    });
    const updated = await kasboek(
      plansCommand,
      "update",
      name,
      "--max-contacts",
      "unlimited",
      "--max-quotations-per-month",
      "7",
      "--api-accessible",
      "false",
    );
    expect(updated).toBe(
      `${name}: api_accessible=false, max_contacts=unlimited, max_products=unlimited, ` +
        "max_companies_per_user=unlimited, max_sales_invoices_per_month=unlimited, max_quotations_per_month=7\n",
    );
    await expect(kasboek(plansCommand, "create", name)).rejects.toThrow(`A plan named "${name}" exists already`);
  });

  it("refuses bad names, bad limits, unknown plans and an update without changes", async () => {
    const refusals: Array<[string[], string]> = [
      [["create", "Pro Plus"], `"Pro Plus" is not a plan name`],
      [
        ["create", planName(), "--max-products", "1.5"],
        `--max-products takes a whole number or "unlimited", got "1.5"`,
      ],
      [["create", planName(), "--api-accessible", "yes"], `--api-accessible takes true or false, got "yes"`],
      [["update", "no-such-plan", "--max-products", "1"], `No plan named "no-such-plan"`],
      [["update", "basic"], "Give at least one option to change"],
      [["create"], "plans create takes one NAME"],
      [["delete", "basic"], `Unknown plans action "delete"`],
    ];
    for (const [argv, message] of refusals) {
      const failure = kasboek(plansCommand, ...argv);
      await expect(failure, argv.join(" ")).rejects.toThrow(message);
      await expect(failure).rejects.toBeInstanceOf(UsageError);
    }
  });
});

describe("kasboek companies update --plan", () => {
  it("moves a company to a plan, which closes or opens its API and limits it", async () => {
    const company = await newCompany(harness.deps);
    const url = `/api/v1/companies/${company.companyId}/contacts`;
    const moved = await kasboek(companiesCommand, "update", String(company.companyId), "--plan", "free", "--json");
    expect(JSON.parse(moved)).toMatchObject({
      company_id: company.companyId,
      plan: "free",
      access_control: { api_accessible: false },
    });
    const denied = await request(harness.app, "GET", url, company.token);
    expect(errorOf(denied).type).toBe("client.authorization.access_denied");

    const name = planName();
    await kasboek(plansCommand, "create", name, "--max-contacts", "0");
    const text = await kasboek(companiesCommand, "update", String(company.companyId), "--plan", name);
    expect(text).toContain(`Company ${company.companyId}: plan=${name}, api_accessible=true`);
    const refused = await request(harness.app, "POST", url, company.token, { contact: { company_name: "X" } });
    expect(refused.statusCode).toBe(402);

    const unknown = kasboek(companiesCommand, "update", String(company.companyId), "--plan", "platinum");
    await expect(unknown).rejects.toThrow(/^No plan named "platinum"; the plans are: basic, .*free, .*pro/);
    await expect(unknown).rejects.toBeInstanceOf(UsageError);
  });

  it("is a command of kasboek that fails with status 1", async () => {
    const run = promisify(execFile);
    const failure = run(process.execPath, [inject("cliEntry"), "plans", "update", "platinum", "--max-contacts", "1"], {
      env: { ...process.env, DATABASE_URL: inject("databaseUrl") },
    });
    await expect(failure).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No plan named "platinum"'),
    });
  });
});
