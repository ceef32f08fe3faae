/**
 * For the books pages' browser tests: the demo company's year for a user with a password (and an
 * empty company beside it), the API's amounts as a reader sees them, a node of a report's tree,
 * and the check every page gets (axe, and nothing wider than the screen). Not used by the service.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { DemoClock } from "../../src/cli/demo-books.js";
import { seededRandom } from "../../src/cli/demo-calendar.js";
import { planDemoYear } from "../../src/cli/demo-plan.js";
import { writeDemoYear } from "../../src/cli/demo-write.js";
import { createCompanyForOperator } from "../../src/modules/companies/service.js";
import { findOrCreateUser, setPassword } from "../../src/modules/users/service.js";
import { ALL_SCOPES } from "../../src/platform/scopes.js";
import { formatAmount, todayIso } from "../../web/src/format.js";
import { COMPLETE_COMPANY_DETAILS, tokenFor } from "./app.js";
import { expectAccessible, WEB_PASSWORD, type WebAppHarness } from "./web-app.js";

export interface Books {
  email: string;
  demoId: number;
  emptyId: number;
  token: string;
}

export type Json = Record<string, unknown>;
export interface Node {
  account_id: number | null;
  path: string | null;
  name: string;
  amount: string;
  accounts: Node[];
}

/** The demo company's year (ending today) for a new user with a password, and an empty company beside it. */
export async function makeBooks(harness: WebAppHarness): Promise<Books> {
  const { deps } = harness;
  const email = `boeken-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const user = await deps.db.transaction().execute((transaction) => findOrCreateUser(deps, transaction, email));
  await setPassword(deps, email, WEB_PASSWORD);
  const clock = new DemoClock();
  const demoId = await writeDemoYear(
    { ...deps, now: clock.now },
    clock,
    user.id,
    planDemoYear(todayIso(), seededRandom(1)),
  );
  const emptyId = await createCompanyForOperator(deps, user.id, { ...COMPLETE_COMPANY_DETAILS, name: "Nog Leeg BV" });
  return { email, demoId, emptyId, token: await tokenFor(deps, user.id, ALL_SCOPES) };
}

/** The amount a reader sees for a decimal of the API, as format.ts writes it. */
export const shown = (decimal: unknown) => formatAmount(String(decimal));

export function find(node: Node, matches: (node: Node) => boolean): Node | undefined {
  if (matches(node)) return node;
  for (const child of node.accounts) {
    const found = find(child, matches);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Axe finds nothing serious, and the page fits its width (nothing to scroll sideways). */
export async function checkPage(page: Page, where: string): Promise<void> {
  await expectAccessible(page, where);
  const overflow = await page.locator("html").evaluate((root) => root.scrollWidth - root.clientWidth);
  expect(overflow, `${where} is wider than the screen`).toBeLessThanOrEqual(0);
}

export async function textOf(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).innerText()).trim();
}
