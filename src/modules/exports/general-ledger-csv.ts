/**
 * The general ledger of a period as CSV, one row per ledger line, streamed a page at a time:
 * per account (by the account's id, the chart's order) and within it by date, as a ledger card
 * reads.
 *
 * The format is what Dutch Excel opens correctly by double-click: UTF-8 with a byte-order mark
 * (without it Excel reads the text as Windows-1252), `;` between fields (the list separator of the
 * Dutch locale; a `,` would split every amount), amounts with a decimal comma and two decimals and
 * no thousands separator (`1234,56`), dates as YYYY-MM-DD, CRLF line ends, and fields quoted as
 * RFC 4180 says. Column names are Dutch, as the accountant who opens it reads them.
 *
 * Invariant: the debits and credits per account over the rows equal the trial balance's movements
 * over the same dates: both are every posted line, read at one moment (snapshot.ts).
 */
import type { CompanyAccess } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { companyChart } from "../accounts/service.js";
import type { ExportFile } from "./auditfile.js";
import { csvAmount, csvField, documentReference, journalOf } from "./rules.js";
import { openSnapshot } from "./snapshot.js";
import { type LineKey, ledgerLinePage } from "./store.js";

const LINE_PAGE = 1000;
const PART_LENGTH = 32_000;

export const CSV_COLUMNS = [
  "Datum",
  "Boeking",
  "Dagboek",
  "Brontype",
  "Bron-id",
  "Document",
  "Rekening",
  "Rekeningnaam",
  "Omschrijving",
  "Debet",
  "Credit",
] as const;

const row = (fields: readonly string[]) => `${fields.map(csvField).join(";")}\r\n`;

export async function generalLedgerCsv(
  deps: ServiceDeps,
  company: CompanyAccess,
  period: { from: string; till: string },
): Promise<ExportFile> {
  const snapshot = await openSnapshot(deps.db, company.companyId);
  try {
    const chart = new Map(
      (await companyChart(snapshot.executor, company.companyId)).map((account) => [account.id, account]),
    );
    async function* body(): AsyncGenerator<string> {
      try {
        yield `\uFEFF${row(CSV_COLUMNS)}`;
        let after: LineKey | null = null;
        for (;;) {
          const lines = await ledgerLinePage(snapshot.executor, company.companyId, period, {
            after,
            throughEntryId: snapshot.throughEntryId,
            size: LINE_PAGE,
          });
          // in parts of ~32 kB, as the auditfile: a page as one string is a large object V8 keeps
          let part = "";
          for (const line of lines) {
            const account = chart.get(line.account_id);
            part += row([
              line.date,
              String(line.entry_id),
              journalOf(line.source_type).id,
              line.source_type,
              String(line.source_id),
              documentReference(line.source_type, line.source_id, line.description),
              account?.reference ?? String(line.account_id),
              account?.name ?? "",
              line.description ?? "",
              csvAmount(line.debit_cents),
              csvAmount(line.credit_cents),
            ]);
            if (part.length < PART_LENGTH) continue;
            yield part;
            part = "";
          }
          if (part !== "") yield part;
          const last = lines[lines.length - 1];
          if (last === undefined || lines.length < LINE_PAGE) break;
          after = { accountId: last.account_id, date: last.date, id: last.id };
        }
      } finally {
        await snapshot.close();
      }
    }
    return {
      fileName: `general-ledger-${company.companyId}-${period.from}-${period.till}.csv`,
      contentType: "text/csv; charset=utf-8",
      body: body(),
      close: snapshot.close,
    };
  } catch (error) {
    await snapshot.close();
    throw error;
  }
}
