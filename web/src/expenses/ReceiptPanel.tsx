/**
 * The expense's receipt beside the form: taken with the phone's camera or chosen (a file field
 * with `capture`), or dropped on the panel; shown as the photo, or the PDF in a frame, from a
 * blob: URL the page made of the file (the app's CSP allows those and nothing from elsewhere).
 * Invariants: a new expense keeps the chosen file in the page until its first save uploads it
 * (ExpenseEditor); a saved expense uploads at once, and what it shows is then the server's copy,
 * fetched with the reader's token; every blob: URL made is revoked when it is no longer shown.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type DragEvent, useEffect, useId, useState } from "react";
import { api, KasboekError } from "../api/client.js";
import { shownError } from "../api/errors.js";
import { useT } from "../i18n/i18n.js";
import { ErrorBanner, MutationError } from "../ui/Banner.js";
import { uploadReceipt, useReceipts } from "./queries.js";
import { isReceiptFile, RECEIPT_ACCEPT, type ReceiptView, receiptView } from "./receipt.js";
import type { AttachmentObject } from "./status.js";

interface ReceiptPanelProps {
  companyId: number;
  /** null while the expense is new: the file then waits in `pending` */
  expenseId: number | null;
  pending: File | null;
  onPending: (file: File | null) => void;
}

export function ReceiptPanel({ companyId, expenseId, pending, onPending }: ReceiptPanelProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const receipts = useReceipts(companyId, expenseId);
  const upload = useMutation({
    mutationFn: (file: File) => uploadReceipt(companyId, expenseId ?? 0, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["expense_receipts", companyId, expenseId] }),
  });

  const take = (file: File | undefined) => {
    if (file === undefined) return;
    if (!isReceiptFile(file.type)) {
      setRefused(file.name);
      return;
    }
    setRefused(null);
    if (expenseId === null) onPending(file);
    else upload.mutate(file);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };
  const stored = receipts.data ?? [];

  return (
    <aside className="receipt" aria-labelledby="receipt-heading">
      <h2 id="receipt-heading">{t("expense.receipt")}</h2>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer's shortcut; the file field inside is everyone's way */}
      <div
        className={`drop-zone${dragging ? " dragging" : ""}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <label htmlFor={inputId}>{t("expense.receiptAdd")}</label>
        <input
          id={inputId}
          type="file"
          accept={RECEIPT_ACCEPT}
          capture="environment"
          onChange={(event) => {
            take(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
        <p className="hint">{t("expense.receiptHint")}</p>
      </div>
      {refused !== null && (
        <ErrorBanner error={{ fields: {}, banner: { text: t("expense.receiptRefused", { name: refused }) } }} />
      )}
      {upload.isPending && <p className="loading">{t("expense.receiptUploading")}</p>}
      <MutationError mutation={upload} />
      {expenseId === null && pending !== null && (
        <>
          <p className="hint">{t("expense.receiptPending")}</p>
          <LocalReceipt file={pending} />
          <button type="button" className="secondary" onClick={() => onPending(null)}>
            {t("expense.receiptRemove")}
          </button>
        </>
      )}
      {receipts.isError && <ErrorBanner error={shownError(receipts.error)} retry={() => void receipts.refetch()} />}
      {stored.map((receipt) => (
        <StoredReceipt key={receipt.id} companyId={companyId} expenseId={expenseId ?? 0} receipt={receipt} />
      ))}
      {expenseId !== null && receipts.data !== undefined && stored.length === 0 && !upload.isPending && (
        <p className="hint">{t("expense.receiptNone")}</p>
      )}
    </aside>
  );
}

/** A file of the reader's own, not sent yet. */
function LocalReceipt({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url === null ? null : <Shown url={url} view={receiptView(file.type)} name={file.name} />;
}

/** A receipt the server holds, fetched with the token. */
function StoredReceipt(props: { companyId: number; expenseId: number; receipt: AttachmentObject }) {
  const { companyId, expenseId, receipt } = props;
  const t = useT();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const remove = useMutation({
    mutationFn: async () => {
      const { response, error } = await api.DELETE(
        "/api/v1/companies/{company_id}/expenses/{expense_id}/attachments/{id}",
        { params: { path: { company_id: companyId, expense_id: expenseId, id: receipt.id } } },
      );
      if (!response.ok) throw KasboekError.fromResponse(response, error);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["expense_receipts", companyId, expenseId] }),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` fetches the file again after a failure
  useEffect(() => {
    let made: string | null = null;
    let cancelled = false;
    setFailure(null);
    api
      .GET("/api/v1/companies/{company_id}/expenses/{expense_id}/attachments/{id}", {
        params: { path: { company_id: companyId, expense_id: expenseId, id: receipt.id } },
        parseAs: "blob",
      })
      .then(({ data, error, response }) => {
        if (cancelled) return;
        if (!response.ok || data === undefined) throw KasboekError.fromResponse(response, error);
        made = URL.createObjectURL(data);
        setUrl(made);
      })
      .catch((caught: unknown) => {
        if (!cancelled) setFailure(caught);
      });
    return () => {
      cancelled = true;
      if (made !== null) URL.revokeObjectURL(made);
    };
  }, [companyId, expenseId, receipt.id, attempt]);

  return (
    <figure className="receipt-file">
      {failure !== null && <ErrorBanner error={shownError(failure)} retry={() => setAttempt((count) => count + 1)} />}
      {url !== null && (
        <Shown url={url} view={receiptView(receipt.attachment_content_type)} name={receipt.attachment_file_name} />
      )}
      <figcaption>
        {url === null ? (
          receipt.attachment_file_name
        ) : (
          <a href={url} download={receipt.attachment_file_name}>
            {receipt.attachment_file_name}
          </a>
        )}{" "}
        <button
          type="button"
          className="danger small"
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
          aria-label={t("expense.receiptDelete", { name: receipt.attachment_file_name })}
        >
          {t("action.remove")}
        </button>
      </figcaption>
      <MutationError mutation={remove} />
    </figure>
  );
}

function Shown({ url, view, name }: { url: string; view: ReceiptView; name: string }) {
  const t = useT();
  if (view === "image") return <img className="receipt-image" src={url} alt={t("expense.receiptImage", { name })} />;
  if (view === "pdf") return <iframe className="receipt-pdf" src={url} title={t("expense.receiptImage", { name })} />;
  return null;
}
