/**
 * Server state of the bank page: the statements, the queue of unbooked payments, each payment's
 * match suggestions, and the writes that work the queue (link, split, book to an account).
 * Invariants: every amount is the server's, sent and shown as its decimal text; after a write the
 * company's queries are marked stale, but a payment's suggestions only when they name a document
 * or contact the write touched (a queue of twenty would otherwise ask twenty again per click, and
 * the API counts every request against the token's rate limit).
 */
import { type Schema, unwrap } from "@kasboek/client";
import { keepPreviousData, type QueryClient, useQuery } from "@tanstack/react-query";
import { api, totalOf } from "../api/client.js";
import { MAX_PER_PAGE } from "../app/queries.js";
import { base64Of } from "../expenses/receipt.js";

export type Payment = Schema<"Payment">;
export type Expense = Schema<"Expense">;
export type BankStatement = Schema<"BankStatement">;
export type Suggestion = Schema<"MatchSuggestion">;
export type DocumentType = Suggestion["document_type"];

/** A document a payment can be linked to, as the page names it. */
export interface DocumentChoice {
  type: DocumentType;
  id: number;
  number: string | null;
  contactId: number | null;
  contactName: string | null;
  /** the server's open amount (an invoice, a suggestion); an expense's list gives none */
  openAmount: string | null;
  /** an expense's line totals, as the server wrote them, when there is no open amount */
  lineTotals: string[];
}

/** How many unbooked payments the queue shows at a time; the next come as these are booked. */
export const QUEUE_SIZE = 20;
export const STATEMENTS_PER_PAGE = 10;

export const queueKey = (companyId: number) =>
  ["payments", companyId, { selection: "unbooked", page: 1, per_page: QUEUE_SIZE }] as const;

export function useQueue(companyId: number) {
  return useQuery({
    queryKey: queueKey(companyId),
    queryFn: async () => {
      const result = await api.GET("/api/v1/companies/{company_id}/payments", {
        params: { path: { company_id: companyId }, query: { selection: "unbooked", page: 1, per_page: QUEUE_SIZE } },
      });
      const data = await unwrap(result);
      return { items: data.payments, total: totalOf(result.response, data.payments.length) };
    },
  });
}

/** The open documents of `type` a part of a split may pay (the first hundred, as the API lists them). */
export function useOpenChoices(companyId: number, type: DocumentType) {
  return useQuery({
    queryKey: ["document_search", companyId, type, "", MAX_PER_PAGE],
    queryFn: () => searchDocuments(companyId, type, "", MAX_PER_PAGE),
  });
}

export function useSuggestions(companyId: number, paymentId: number) {
  return useQuery({
    queryKey: ["match_suggestions", companyId, paymentId],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/payments/{id}/match_suggestions", {
            params: { path: { company_id: companyId, id: paymentId } },
          }),
        )
      ).match_suggestions,
    staleTime: 5 * 60 * 1000,
  });
}

export function useStatements(companyId: number, page: number) {
  return useQuery({
    queryKey: ["bank_statements", companyId, { page }],
    queryFn: async () => {
      const result = await api.GET("/api/v1/companies/{company_id}/bank_statements", {
        params: { path: { company_id: companyId }, query: { page, per_page: STATEMENTS_PER_PAGE } },
      });
      const data = await unwrap(result);
      return { items: data.bank_statements, total: totalOf(result.response, data.bank_statements.length) };
    },
    placeholderData: keepPreviousData,
  });
}

export async function importStatement(companyId: number, file: File): Promise<BankStatement> {
  const attachment = base64Of(new Uint8Array(await file.arrayBuffer()));
  const answer = await unwrap(
    api.POST("/api/v1/companies/{company_id}/bank_statements", {
      params: { path: { company_id: companyId } },
      body: { bank_statement: { attachment, attachment_file_name: file.name } },
    }),
  );
  return answer.bank_statement;
}

export const suggestionChoice = (suggestion: Suggestion): DocumentChoice => ({
  type: suggestion.document_type,
  id: suggestion.document_id,
  number: suggestion.number,
  contactId: suggestion.contact_id,
  contactName: suggestion.contact_name,
  openAmount: suggestion.open_amount,
  lineTotals: [],
});

/**
 * Open documents of `type` whose number, description or contact has `text` in it, through the
 * API's search[q]: unpaid sales invoices, or unpaid expenses (found by a line's description too).
 */
export async function searchDocuments(
  companyId: number,
  type: DocumentType,
  text: string,
  limit = 10,
): Promise<DocumentChoice[]> {
  const wanted = text.trim();
  const query = { selection: "unpaid", per_page: limit, ...(wanted === "" ? {} : { "search[q]": wanted }) } as const;
  if (type === "sales_invoice") {
    const data = await unwrap(
      api.GET("/api/v1/companies/{company_id}/sales_invoices", {
        params: { path: { company_id: companyId }, query },
      }),
    );
    return data.sales_invoices.map((invoice) => ({
      type,
      id: invoice.id,
      number: invoice.invoice_number,
      contactId: invoice.contact_id,
      contactName: invoice.cached_contact?.name ?? null,
      openAmount: invoice.open_amount,
      lineTotals: [],
    }));
  }
  const data = await unwrap(
    api.GET("/api/v1/companies/{company_id}/expenses", {
      params: { path: { company_id: companyId }, query },
    }),
  );
  return data.expenses.map((expense) => ({
    type,
    id: expense.id,
    number: expense.invoice_number,
    contactId: expense.contact_id,
    contactName: expense.cached_contact?.name ?? null,
    openAmount: null,
    lineTotals: expense.invoice_lines.map((line) => line.price_with_vat),
  }));
}

export async function linkPayment(companyId: number, payment: Payment, document: DocumentChoice): Promise<void> {
  const attribute = document.type === "sales_invoice" ? "sales_invoice_id" : "expense_id";
  await unwrap(
    api.PATCH("/api/v1/companies/{company_id}/payments/{id}", {
      params: { path: { company_id: companyId, id: payment.id } },
      body: { payment: { [attribute]: document.id } },
    }),
  );
}

export interface SplitPart {
  /** null while none is chosen: sent without one, so the server names the part */
  document: DocumentChoice | null;
  /** the API's decimal, or the text as typed when it is no number (the server names it) */
  amount: string;
}

export async function splitPayment(companyId: number, payment: Payment, parts: SplitPart[]): Promise<void> {
  await unwrap(
    api.POST("/api/v1/companies/{company_id}/payments/{id}/split", {
      params: { path: { company_id: companyId, id: payment.id } },
      body: {
        split: {
          parts: parts.map(({ document, amount }) => ({
            amount,
            ...(document === null
              ? {}
              : { [document.type === "sales_invoice" ? "sales_invoice_id" : "expense_id"]: document.id }),
          })),
        },
      },
    }),
  );
}

/**
 * A payment of money going out booked straight to a cost account, in one request the server does
 * all or nothing: a published expense of one line without VAT for what the payment paid, and the
 * payment linked to it. Answers that expense.
 */
export async function bookToAccount(
  companyId: number,
  payment: Payment,
  booking: { accountId: number; description: string },
): Promise<Expense> {
  const answer = await unwrap(
    api.POST("/api/v1/companies/{company_id}/payments/{id}/book", {
      params: { path: { company_id: companyId, id: payment.id } },
      body: { booking: { account_id: booking.accountId, description: booking.description } },
    }),
  );
  return answer.expense;
}

/**
 * After a write that settled `paymentId` (and linked `documents`): the payment leaves the queue at
 * once, the company's lists and documents are stale, and so are the suggestions that named one of
 * the documents or their contacts (an open amount changed; a contact may have learned an IBAN).
 */
export function afterSettling(
  queryClient: QueryClient,
  companyId: number,
  paymentId: number,
  documents: readonly DocumentChoice[],
): void {
  queryClient.setQueryData(queueKey(companyId), (queue: { items: Payment[]; total: number } | undefined) =>
    queue === undefined
      ? queue
      : { items: queue.items.filter((item) => item.id !== paymentId), total: Math.max(0, queue.total - 1) },
  );
  queryClient.removeQueries({ queryKey: ["match_suggestions", companyId, paymentId] });
  const ids = new Set(documents.map((document) => `${document.type}:${document.id}`));
  const contacts = new Set(documents.flatMap((document) => (document.contactId === null ? [] : [document.contactId])));
  void queryClient.invalidateQueries({
    predicate: (query) => {
      const [kind, company] = query.queryKey;
      if (company !== companyId) return false;
      if (kind !== "match_suggestions") return true;
      const suggestions = query.state.data as Suggestion[] | undefined;
      return (suggestions ?? []).some(
        (suggestion) =>
          ids.has(`${suggestion.document_type}:${suggestion.document_id}`) ||
          (suggestion.contact_id !== null && contacts.has(suggestion.contact_id)),
      );
    },
  });
}

/** After an import: everything of the company is stale, every payment's suggestions too. */
export function afterImport(queryClient: QueryClient, companyId: number): void {
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[1] === companyId });
}
