/**
 * The mail outbox. A message is queued with `enqueueMessage` inside the transaction that decides
 * to send it, so it exists if and only if that business change committed; the sender
 * (sender.ts) delivers it after commit. Nothing slow happens here: attachments (an invoice PDF)
 * are rendered by the sender at delivery time, from the document the message points to.
 */
import type { Executor } from "../../db/connection.js";
import {
  countUnsentMessages,
  findOutboxMessage,
  insertOutboxMessage,
  listOutboxMessagesOfCompany,
  type OutboxMessageRow,
} from "./store.js";

export type OutboxMessage = OutboxMessageRow;

export interface Attachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** Attachment renderers by `document_type` (e.g. "sales_invoice" → the invoice PDF). */
export type AttachmentRenderers = Record<string, (executor: Executor, message: OutboxMessage) => Promise<Attachment[]>>;

export interface NewMessage {
  companyId: number;
  document: { type: string; id: number };
  recipient: string;
  subject: string;
  bodyText: string;
}

/** Queues a message, due at once. Call it with the caller's open transaction. */
export async function enqueueMessage(transaction: Executor, message: NewMessage, now: Date): Promise<number> {
  const at = now.toISOString();
  return insertOutboxMessage(transaction, {
    company_id: message.companyId,
    document_type: message.document.type,
    document_id: message.document.id,
    recipient: message.recipient,
    subject: message.subject,
    body_text: message.bodyText,
    attempts: 0,
    next_attempt_at: at,
    claimed_until: null,
    last_error: null,
    sent_at: null,
    created_at: at,
  });
}

export async function outboxMessage(
  executor: Executor,
  companyId: number,
  messageId: number,
): Promise<OutboxMessage | undefined> {
  return findOutboxMessage(executor, companyId, messageId);
}

export async function outboxMessagesOfCompany(executor: Executor, companyId: number): Promise<OutboxMessage[]> {
  return listOutboxMessagesOfCompany(executor, companyId);
}

/** The backlog: messages not sent yet, of every company (the metrics). */
export async function unsentMessageCount(executor: Executor): Promise<number> {
  return countUnsentMessages(executor);
}

/**
 * The sender's `attachmentsFor`, built from a renderer per document type. A type without a
 * renderer still gets its mail (the body says what it is about), and the gap is logged so an
 * operator notices a missing wiring instead of customers silently missing PDFs.
 */
export function attachmentsFromRenderers(
  executor: Executor,
  renderers: AttachmentRenderers,
  log?: { error(obj: object, msg: string): void },
): (message: OutboxMessage) => Promise<Attachment[]> {
  return async (message) => {
    const render = Object.hasOwn(renderers, message.document_type) ? renderers[message.document_type] : undefined;
    if (render === undefined) {
      log?.error(
        { outboxMessageId: message.id, documentType: message.document_type },
        "no attachment renderer for this document type; sending without attachments",
      );
      return [];
    }
    return render(executor, message);
  };
}
