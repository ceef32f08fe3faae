/**
 * What a document type (sales invoice, quotation, expense, and any later one) tells the one
 * documents pipeline: its table, its state table, its fields, its number series and how it is
 * printed. A new document type is a new `DocumentKind`, never a copy of the pipeline.
 *
 * Invariants the pipeline relies on:
 * - `draft` only reads and records problems in `tools.errors`; it writes nothing except an inline
 *   contact (created in the request's transaction, so a refused request leaves none behind).
 * - `transition` is decided from the stored row and the request alone, before anything is read
 *   for the draft, so a refused state change never costs a write.
 * - every column set at publication comes from `publishedColumns`; the number comes from the
 *   pipeline (a per-company counter row inside the publishing transaction).
 */
import type { Static, TObject } from "@sinclair/typebox";
import type { Executor } from "../../db/connection.js";
import type { CompanyAccess } from "../../platform/access.js";
import type { WritePayloadSpec } from "../../platform/attributes.js";
import type { AttributeProblem, Problem, Resource } from "../../platform/catalogue/keys.js";
import type { ServiceDeps } from "../../platform/deps.js";
import type { ValidationErrors } from "../../platform/errors.js";
import type { CompanyDetails } from "../companies/service.js";
import type { ContactRow } from "../contacts/service.js";
import type { LinesPlan } from "../invoice-lines/service.js";
import type { CappedResource } from "../plans/service.js";

export type DocumentType = "sales_invoice" | "quotation" | "expense";

/** A document's own facts the ledger posts from (its lines and contact come from the pipeline). */
export interface DocumentPostingFacts {
  description: string;
  /** the customer's VAT number as the document states it (null: the contact's) */
  vatNumber: string | null;
  saleType: string | null;
  distanceSale: boolean;
  /** the account lines without their own account are booked on (an expense's type account) */
  defaultAccountId: number | null;
  /**
   * the posted document this one corrects (a credit invoice's credited invoice), whose counterparty
   * — country and VAT number as posted — it takes, so the correction lands in the VAT return's box
   * and on the ICP line where the supply it corrects landed, whatever the contact says today
   */
  corrects: { type: "sales_invoice"; id: number } | null;
}

/** The columns every document table has. */
export interface StoredDocument {
  id: number;
  company_id: number;
  date: string;
  contact_id: number | null;
  cached_contact: string | null;
  invoice_number: string | null;
}

export interface DocumentStore<Row extends StoredDocument, Insert, Update> {
  /** takes the row lock (FOR UPDATE / the SQLite write lock); false when there is no such row */
  lock(transaction: Executor, companyId: number, id: number): Promise<boolean>;
  find(executor: Executor, companyId: number, id: number): Promise<Row | undefined>;
  insert(transaction: Executor, values: Insert): Promise<number>;
  update(transaction: Executor, companyId: number, id: number, values: Update): Promise<void>;
  remove(transaction: Executor, companyId: number, id: number): Promise<void>;
}

/** The write in progress: who writes, when, and the options the route passed. */
export interface WriteContext<Options> {
  deps: ServiceDeps;
  company: CompanyAccess;
  now: Date;
  options: Options;
  /** run after the transaction committed (wake the mail sender) */
  afterCommit: Array<() => void>;
  /** the company's details once read in this transaction (documents/service.ts `companyOfWrite`) */
  companyDetails?: Promise<CompanyDetails | undefined>;
  /** whether this transaction holds the company's row for a posting (documents/publication.ts) */
  booksHeld?: boolean;
}

/** The columns publication sets on every document type. */
export interface PublishedColumns {
  invoice_number: string;
  published_at: string;
  cached_contact: string | null;
}

/** What a draft always has; the type adds its own columns. */
export interface DocumentDraft<Columns> {
  columns: Columns;
  lines: LinesPlan;
  contact: ContactRow | null;
}

/** What a request does to the document's state, decided before the draft. */
export type Transition<Row> =
  | {
      ok: true;
      /** the request publishes the document: number, freeze, print, post */
      publishes: boolean;
      /** any other move of the state table (approve, deny, invoice), run after the write */
      apply?: (transaction: Executor, row: Row) => Promise<void>;
    }
  /** refused at once: the problem of `attribute` when there is one, else of the document */
  | { ok: false; problem: Problem; attribute?: string; collected?: false }
  /** refused together with the request's other problems, named under `attribute` */
  | { ok: false; problem: Problem; attribute: string; collected: true };

export interface DraftTools {
  transaction: Executor;
  errors: ValidationErrors;
}

export interface DocumentKind<
  Row extends StoredDocument,
  Schema extends TObject,
  Draft extends DocumentDraft<unknown>,
  Insert,
  Update,
  Presented,
  Options = undefined,
> {
  type: DocumentType;
  /** names the document in messages: "Sales invoice is invalid: …" */
  resource: Resource;
  payload: WritePayloadSpec<Schema>;
  store: DocumentStore<Row, Insert, Update>;

  /** the state table: what the request does to `existing` (null: being created) */
  transition(
    existing: Row | null,
    attributes: Partial<Static<Schema>>,
    context: WriteContext<Options>,
  ): Transition<Row>;
  /** from publication on, only `editableWhenLocked` attributes may differ from what is shown */
  isLocked(row: Row): boolean;
  editableWhenLocked: ReadonlySet<string>;
  lockedProblem(row: Row, attributes: readonly string[]): Problem;
  /** attributes as they compare with the presented document (e.g. a currency in either case) */
  comparable?(attributes: Partial<Static<Schema>>): Record<string, unknown>;

  /** the fields: the document as it will be after the request, every problem recorded */
  draft(
    tools: DraftTools,
    context: WriteContext<Options>,
    existing: Row | null,
    attributes: Partial<Static<Schema>>,
  ): Promise<Draft>;
  /** publication needs a contact (checked before the lines) */
  publicationNeedsContact: boolean;
  /** further publication requirements, recorded after the contact and the lines */
  checkPublishable?(tools: DraftTools, context: WriteContext<Options>, draft: Draft): Promise<void>;
  /** a new row from the draft, as a concept */
  newRow(companyId: number, draft: Draft, createdAt: string): Insert;
  /** what the draft changes on a stored row */
  changedColumns(draft: Draft): Update;
  /** nested children besides lines (a sales invoice's payments), written after the row */
  afterWrite?(transaction: Executor, context: WriteContext<Options>, id: number, draft: Draft): Promise<void>;

  numbering: {
    /** the counter row a number comes from, e.g. `sales_invoice:2024` */
    series(date: string): string;
    format(date: string, sequence: number): string;
    /** numbers may also be written by hand: a generated one skips those taken */
    taken?(transaction: Executor, companyId: number, number: string): Promise<boolean>;
  };
  /** the columns publication sets besides the number, the contact copy and the time */
  publishedColumns(row: Row, published: PublishedColumns, now: Date): Update;
  /** whether the write links payments to the document (absent: assume it may) */
  addsPayments?(draft: Draft): boolean;
  /** lines of this type count as sold (products' number_sold) once published */
  finalisesLines: boolean;
  /** what else happens at publication, in its transaction (the e-mail copy) */
  afterPublish?(transaction: Executor, context: WriteContext<Options>, row: Row, draft: Draft): Promise<void>;

  /**
   * what the ledger needs besides the lines and the contact to post the published document (P1/P4);
   * absent for documents that post nothing (quotations)
   */
  posting?(row: Row): DocumentPostingFacts;

  /**
   * the plan's monthly quota new documents of this type count against, and how to count the
   * company's documents created since an instant; absent when the type has none (expenses)
   */
  quota?: {
    resource: Extract<CappedResource, "sales_invoices" | "quotations">;
    countCreatedSince(executor: Executor, companyId: number, since: string): Promise<number>;
  };

  /** the problem when a unique index refused a concurrent write (a number or reference taken) */
  uniqueViolation: AttributeProblem;
  /** why the stored document cannot be deleted, or null when it can */
  undeletable(row: Row): Problem | null;

  /** the document as the wire shows it (also what a locked document's request is compared with) */
  present(executor: Executor, company: CompanyAccess, row: Row, deps: ServiceDeps): Promise<Presented>;
}
