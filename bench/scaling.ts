/**
 * The scaling rows of one database: requests per second of five reads at every size of
 * SETTINGS.scaleSizes (default 1k, 10k, 100k sales invoices and as many contacts in one company),
 * and the largest size's figure over the smallest's (the target: ≥ 0.67, i.e. the largest
 * within 1.5× of the smallest).
 * Invariants:
 * - Its own fresh database (bootstrapped by the caller): one contact, the needle contact and one
 *   published 3-line invoice are made through the API, everything else is copied from them by
 *   bench/scale-seed.ts while Kasboek is stopped; Kasboek is started afresh for every size.
 * - Before measuring a size, the API must report exactly that size (X-Total of invoices and of
 *   contacts), exactly one match for the search, and a full deepest page; otherwise every row of
 *   that size is flagged.
 * - The rows: first page of invoices (default per_page, 40); the deepest page of invoices at
 *   per_page=40 (page N/40: the same relative depth, the last page, at every size); contacts
 *   `search[q]=zeldzaam` (one match at every size); invoices `per_page=1`; GET one invoice (the
 *   one in the middle of the id order). After each start, every row gets one unmeasured warm-up
 *   first; then each row is measured with SETTINGS.scale's warm-up, connections and duration.
 * - Every request says `Cache-Control: no-cache`, so Kasboek's response cache leaves it to the
 *   database: a kept answer costs the same at every size and would hide what these rows measure.
 */
import { closeRaw, openRaw, othersIdle } from "./db.js";
import { type Measurement, measure, warmUp } from "./measure.js";
import { stopServer, waitUntilIdle } from "./processes.js";
import { describe } from "./report.js";
import { growTo, middleInvoiceId, NEEDLE, NEEDLE_CONTACT_BODY, type ScaleTemplate } from "./scale-seed.js";
import type { Target } from "./scenarios.js";
import { invoiceTemplate, poster, publishInvoice } from "./seed.js";
import { startKasboek } from "./servers.js";
import { SETTINGS } from "./settings.js";

const DEEP_PER_PAGE = 40;

export interface ScalingRow {
  label: string;
  /** the measurement at every size, in SETTINGS.scaleSizes order */
  bySize: Array<{ size: number; path: string; result: Measurement }>;
}

interface Probe {
  label: string;
  path: (size: number, middleId: number) => string;
}

function probes(companyId: number): Probe[] {
  const company = `/api/v1/companies/${companyId}`;
  return [
    { label: "invoices, first page (default per_page = 40)", path: () => `${company}/sales_invoices` },
    {
      label: `invoices, deepest page (per_page = ${DEEP_PER_PAGE}, page = N / ${DEEP_PER_PAGE})`,
      path: (size) => `${company}/sales_invoices?per_page=${DEEP_PER_PAGE}&page=${Math.ceil(size / DEEP_PER_PAGE)}`,
    },
    { label: `contacts search[q]=${NEEDLE} (1 match)`, path: () => `${company}/contacts?search%5Bq%5D=${NEEDLE}` },
    { label: "invoices, per_page = 1", path: () => `${company}/sales_invoices?per_page=1` },
    { label: "GET one 3-line invoice", path: (_size, middleId) => `${company}/sales_invoices/${middleId}` },
  ];
}

/** What is wrong with the data as the API shows it at `size` (empty: as seeded). */
async function checkSize(baseUrl: string, companyId: number, token: string, size: number): Promise<string[]> {
  const company = `${baseUrl}/api/v1/companies/${companyId}`;
  const get = async (path: string) => {
    const response = await fetch(`${company}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, total: response.headers.get("x-total"), body: await response.text() };
  };
  const problems: string[] = [];
  for (const [path, expected] of [
    ["/sales_invoices?per_page=1", size],
    ["/contacts?per_page=1", size],
    [`/contacts?search%5Bq%5D=${NEEDLE}`, 1],
  ] as const) {
    const { status, total } = await get(path);
    if (status !== 200 || total !== String(expected))
      problems.push(`${path}: ${status}, X-Total ${total} ≠ ${expected}`);
  }
  const lastPage = Math.ceil(size / DEEP_PER_PAGE);
  const deep = await get(`/sales_invoices?per_page=${DEEP_PER_PAGE}&page=${lastPage}`);
  const listed = (JSON.parse(deep.body) as { sales_invoices?: unknown[] }).sales_invoices?.length;
  const expected = size - (lastPage - 1) * DEEP_PER_PAGE;
  if (deep.status !== 200 || listed !== expected) problems.push(`page ${lastPage}: ${listed} invoices ≠ ${expected}`);
  return problems;
}

/** The scaling rows on the bootstrapped, empty company `companyId` of `databaseUrl`. */
export async function scalingRows(databaseUrl: string, companyId: number, token: string): Promise<ScalingRow[]> {
  let kasboek = await startKasboek(databaseUrl);
  let template: ScaleTemplate;
  try {
    const { contactId, body } = await invoiceTemplate(kasboek.baseUrl, companyId, token);
    await poster(kasboek.baseUrl, companyId, token)("/contacts", NEEDLE_CONTACT_BODY);
    template = { companyId, contactId, invoiceId: await publishInvoice(kasboek.baseUrl, companyId, token, body) };
  } finally {
    await stopServer(kasboek);
  }
  const rows: ScalingRow[] = probes(companyId).map((probe) => ({ label: probe.label, bySize: [] }));
  const raw = openRaw(databaseUrl);
  try {
    for (const size of SETTINGS.scaleSizes) {
      const grown = await growTo(raw, template, size);
      console.log(
        `${size} invoices and contacts: +${grown.invoices} invoices, +${grown.contacts} contacts in ${grown.seconds.toFixed(1)} s`,
      );
      const middleId = await middleInvoiceId(raw, companyId, size);
      kasboek = await startKasboek(databaseUrl);
      try {
        const problems = await checkSize(kasboek.baseUrl, companyId, token, size);
        // past the response cache: these rows measure what the database's work costs as the data grows
        const headers = { authorization: `Bearer ${token}` };
        const targets = probes(companyId).map(
          (probe): Target => ({ method: "GET", path: probe.path(size, middleId), expectedStatus: 200 }),
        );
        // the fresh process warms up on every row first, so the first row measured is not its JIT's
        for (const target of targets) {
          await warmUp(kasboek, target, headers, SETTINGS.scale.connections, SETTINGS.scale.warmupSeconds);
        }
        for (const [index, probe] of probes(companyId).entries()) {
          const target = targets[index];
          if (target === undefined) continue;
          const server = kasboek;
          const result = await measure(kasboek, target, headers, SETTINGS.scale, () =>
            waitUntilIdle(server, () => othersIdle(raw)),
          );
          result.problems.push(...problems);
          console.log(`${probe.label} at ${size}\n${describe("Kasboek", result)}`);
          rows[index]?.bySize.push({ size, path: target.path, result });
        }
      } finally {
        await stopServer(kasboek);
      }
      console.log("");
    }
  } finally {
    await closeRaw(raw);
  }
  return rows;
}
