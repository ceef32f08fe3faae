/**
 * Reference-data cases that compare with the reference's recorded answers: its company example
 * and the chart of accounts it shows. They need the reference file, so reference.test.ts runs
 * them only when it is present.
 */
import { expect } from "vitest";
import { base, call, conform, type Item, type SuccessCases, withoutId } from "./context.js";
import { ACCOUNT, ACCOUNTS, allAccounts, COMPANIES } from "./reference-data-cases.js";
import { requestExample, responseExample } from "./reference-file.js";
import { VALID_NL_VAT_NUMBER } from "./sales-invoice-cases.js";

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

export const REFERENCE_DATA_RECORDED: SuccessCases = {
  [`POST ${COMPANIES}`]: async (key) => {
    const recorded = requestExample("POST", COMPANIES) as { company: Item };
    // the reference's NL123456789B01 fails the Dutch check digits we verify; a valid one stands in
    const example = { company: { ...recorded.company, vat_number: VALID_NL_VAT_NUMBER } };
    const body = conform(key, await call("POST", COMPANIES, example));
    expect(body.company).toMatchObject({ ...example.company, access_control: { api_accessible: true } });
  },
  [`GET ${ACCOUNTS}`]: async () => {
    const example = responseExample("GET", ACCOUNTS, 200) as { accounts: Item[] };
    expect(chartMismatches(await allAccounts(), example.accounts)).toEqual([]);
  },
  [`GET ${ACCOUNT}`]: async (key) => {
    const example = responseExample("GET", ACCOUNT, 200) as { account: Item };
    const activa = (await allAccounts()).find((account) => account.path === "activa");
    const body = conform(key, await call("GET", `${base}/accounts/${activa?.id}`));
    const { name: _name, path_name: _pathName, ...facts } = withoutId(example.account);
    expect(body.account).toMatchObject(facts);
  },
};
