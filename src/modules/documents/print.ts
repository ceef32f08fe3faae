/**
 * The print step of the documents pipeline: reads what every printed document shows (the seller,
 * the template, the lines, the contact — frozen once published, live before) and hands it to the
 * type's own description, then to the one PDF renderer. A published document is locked, so
 * printing it again later (a download, the mail sender) gives the same document.
 * The language follows the customer's country (src/pdf/labels.ts): Dutch, or English for a
 * customer known to be abroad; one choice here, for every type.
 * The renderer (pdfkit and its fonts) is loaded on the first print, not at start: most processes
 * serve JSON far more often than PDFs, and loading pdfkit alone takes 150–290 ms here.
 */
import type { Executor } from "../../db/connection.js";
import { printableCompany, printableLines } from "../../pdf/from-rows.js";
import { documentLanguage, labelsFor } from "../../pdf/labels.js";
import type { Labels, Language, PrintableDocument, PrintableLine, PrintableParty } from "../../pdf/printable.js";
import { notFound } from "../../platform/errors.js";
import { companyDetails } from "../companies/service.js";
import type { ContactSnapshot } from "../contacts/service.js";
import { linesOfDocuments } from "../invoice-lines/service.js";
import { templateForDocument } from "../templates/service.js";
import { documentContactCopy, liveContactCopies } from "./contact.js";
import type { DocumentType, StoredDocument } from "./kind.js";

export type CompanyDetails = NonNullable<Awaited<ReturnType<typeof companyDetails>>>;

export interface PrintContext {
  /** the seller as stored (name, address, registration numbers, bank account) */
  company: CompanyDetails;
  seller: PrintableParty;
  contact: ContactSnapshot | null;
  /** the document's language, and its words for what the type writes itself (payment lines) */
  language: Language;
  labels: Labels;
  templateName: string;
  lines: PrintableLine[];
  /** the VAT type of each line, in line order */
  vatTypeIds: number[];
}

export interface PrintedDocument {
  fileName: string;
  content: Buffer;
}

/** Renders `row` as its type describes it. */
export async function documentPdf<Row extends StoredDocument & { template_id: number | null }>(
  executor: Executor,
  type: DocumentType,
  row: Row,
  describe: (context: PrintContext) => Promise<PrintableDocument> | PrintableDocument,
  fileName: string,
): Promise<PrintedDocument> {
  const [company, template, lines, liveContacts] = await Promise.all([
    companyDetails(executor, row.company_id),
    templateForDocument(executor, row.company_id, row.template_id),
    linesOfDocuments(executor, row.company_id, type, [row.id]),
    liveContactCopies(executor, row.company_id, [row]),
  ]);
  if (!company) throw notFound("company");
  const contact = documentContactCopy(row, liveContacts);
  const language = documentLanguage(contact?.country_code);
  const printable = await describe({
    company,
    seller: printableCompany(company),
    contact,
    language,
    labels: labelsFor(language),
    templateName: template?.name ?? "Standard",
    lines: printableLines(lines),
    vatTypeIds: lines.map((line) => line.vat_type_id),
  });
  const { renderDocumentPdf } = await import("../../pdf/render.js");
  return { fileName, content: await renderDocumentPdf(printable) };
}
