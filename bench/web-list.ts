/**
 * `node --import tsx bench/web-list.ts` (a step of `npm run bench`, after `npm run build`; needs
 * Debian's Chromium at /usr/bin/chromium): issue 28's "the invoice list of a company with 10,000
 * invoices shows its first page within 1 s of navigation", on a fresh SQLite database (and on
 * PostgreSQL when BENCH_DATABASE_URL names a server).
 * Invariants: the company is grown to WEB_LIST_INVOICES published invoices as bench/scaling.ts
 * grows its own (bench/scale-seed.ts); the owner signs in once through the login page, as a person
 * does; then each navigation is timed from its start to the moment the list's first row is visible:
 * - "open the page": a fresh load of /app/{company}/invoices — the app's files, the sign-in round
 *   trip through /oauth/authorize (the token lives in memory only) and the first page of invoices;
 * - "from the menu": from the contacts page, a click on the menu's invoices link.
 * Each is measured RUNS times after one unmeasured try, and the median and the slowest are
 * reported against the 1 s goal. Servers, browser and databases are always removed.
 */
import { execFile } from "node:child_process";
import { performance } from "node:perf_hooks";
import { chromium, type Page } from "playwright-core";
import { closeRaw, openRaw } from "./db.js";
import { databaseKinds, freshDatabase, titleOf } from "./fresh-database.js";
import { installExitHandlers, runBench, stopServer } from "./processes.js";
import { appendResults } from "./results.js";
import { growTo } from "./scale-seed.js";
import { bootstrap, invoiceTemplate, publishInvoice } from "./seed.js";
import { CLI, ROOT, startKasboek } from "./servers.js";
import { SETTINGS } from "./settings.js";

const WEB_LIST_INVOICES = 10_000;
const RUNS = 5;
const GOAL_MS = 1000;
const EMAIL = "bench@example.com";
const PASSWORD = "bench-password-of-kasboek";

async function setPassword(databaseUrl: string): Promise<void> {
  const child = execFile(process.execPath, [CLI, "users", "set-password", "--email", EMAIL], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" },
  });
  child.stdin?.end(`${PASSWORD}\n`);
  await new Promise<void>((resolve, reject) =>
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`set-password exited ${code}`)))),
  );
}

/** The first row of the invoice list: an invoice's number (the seed's are B-n), so never a row of another list. */
const firstRow = (page: Page) =>
  page
    .locator("main table tbody tr")
    .filter({ hasText: /\bB-\d+/ })
    .first();

async function timed(action: () => Promise<unknown>, page: Page): Promise<number> {
  const started = performance.now();
  await action();
  await firstRow(page).waitFor({ state: "visible", timeout: 30_000 });
  return performance.now() - started;
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measureDatabase(url: string): Promise<{ open: number[]; menu: number[] }> {
  const { companyId, token } = await bootstrap(CLI, ROOT, url);
  await setPassword(url);
  let kasboek = await startKasboek(url);
  const template = await (async () => {
    const { contactId, body } = await invoiceTemplate(kasboek.baseUrl, companyId, token);
    return { companyId, contactId, invoiceId: await publishInvoice(kasboek.baseUrl, companyId, token, body) };
  })().finally(() => stopServer(kasboek));
  const raw = openRaw(url);
  await growTo(raw, template, WEB_LIST_INVOICES).finally(() => closeRaw(raw));
  kasboek = await startKasboek(url);
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const page = await browser.newPage({ locale: "nl-NL", viewport: { width: 1280, height: 800 } });
    const invoices = `${kasboek.baseUrl}/app/${companyId}/invoices`;
    await page.goto(invoices);
    await page.getByLabel("E-mailadres").fill(EMAIL);
    await page.getByLabel("Wachtwoord").fill(PASSWORD);
    await Promise.all([page.waitForURL(/\/invoices$/), page.getByRole("button", { name: "Inloggen" }).click()]);
    await firstRow(page).waitFor({ state: "visible", timeout: 30_000 });
    const open: number[] = [];
    const menu: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      const opened = await timed(() => page.goto(invoices), page);
      await page.getByRole("link", { name: "Contacten" }).first().click();
      await page.waitForURL(/\/contacts$/);
      const fromMenu = await timed(() => page.getByRole("link", { name: "Facturen" }).first().click(), page);
      if (run === 0) continue; // the unmeasured try
      open.push(opened);
      menu.push(fromMenu);
    }
    return { open, menu };
  } finally {
    await browser.close();
    await stopServer(kasboek);
  }
}

async function main(): Promise<void> {
  installExitHandlers();
  const lines = [
    `## The web app's invoice list at ${WEB_LIST_INVOICES.toLocaleString("en")} invoices (issue 28)`,
    "",
    `Chromium at 1280×800; ${RUNS} timed navigations each after one untimed, from the start of the navigation to the first row of the list on screen.`,
    "",
    "| Database | Navigation | Median (ms) | Slowest (ms) | Goal | Met |",
    "|---|---|---:|---:|---|---|",
  ];
  let missed = false;
  for (const kind of databaseKinds()) {
    const database = await freshDatabase(kind);
    try {
      const { open, menu } = await measureDatabase(database.url);
      for (const [label, values] of [
        ["open the page (app, sign-in, list)", open],
        ["from the menu", menu],
      ] as const) {
        const slowest = Math.max(...values);
        missed ||= slowest > GOAL_MS;
        lines.push(
          `| ${titleOf(kind)} | ${label} | ${median(values).toFixed(0)} | ${slowest.toFixed(0)} | ≤ ${GOAL_MS} ms | ${slowest <= GOAL_MS ? "yes" : "**no**"} |`,
        );
      }
    } finally {
      await database.drop();
    }
  }
  const table = lines.join("\n");
  console.log(table);
  if (SETTINGS.writeResults) appendResults([table]);
  if (missed) process.exitCode = 1;
}

await runBench(main);
