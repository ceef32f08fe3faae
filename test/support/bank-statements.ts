/**
 * For the bank statement tests: the API calls they share, on a test app of their own. Not used by
 * the service.
 */
import { expect } from "vitest";
import { json, request, type TestApp, type TestCompany } from "./app.js";

export const STATEMENT_ACCOUNT = "NL69INGB0123456789";
/** The IBAN of `newCompany`'s own bank account, and of a customer in some tests */
export const OWN_IBAN = "NL91ABNA0417164300";

export type StatementPayment = {
  id: number;
  amount: string;
  description: string | null;
  account_path: string | null;
  bank_transaction?: Record<string, unknown>;
};

export function bankStatementCalls(harness: () => TestApp) {
  const api = (company: TestCompany, path: string) => `/api/v1/companies/${company.companyId}${path}`;
  return {
    api,
    /** POSTs the file as a statement; the response as it came */
    importFile: (company: TestCompany, file: string, fileName = "afschrift.xml") =>
      request(harness().app, "POST", api(company, "/bank_statements"), company.token, {
        bank_statement: { attachment: Buffer.from(file).toString("base64"), attachment_file_name: fileName },
      }),
    payments: async (company: TestCompany, selection: string): Promise<StatementPayment[]> => {
      const response = await request(
        harness().app,
        "GET",
        api(company, `/payments?selection=${selection}`),
        company.token,
      );
      expect(response.statusCode, response.body).toBe(200);
      return json<{ payments: StatementPayment[] }>(response).payments;
    },
  };
}
