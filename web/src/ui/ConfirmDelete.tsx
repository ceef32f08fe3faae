/**
 * Deleting a record in two steps, so a slip of the finger deletes nothing: contacts, products
 * and concept documents. The server decides: when it refuses (a contact a published invoice
 * points to), its own words are shown and the record stays; when it agrees, the record leaves the
 * cache and the reader goes to the list, which says it was deleted.
 */
import { KasboekError } from "@kasboek/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { type ShownError, shownError } from "../api/errors.js";
import { useT } from "../i18n/i18n.js";
import { ErrorBanner } from "./Banner.js";

interface ConfirmDeleteProps {
  /** the button that starts it, and the question it asks */
  label: string;
  question: string;
  remove: () => Promise<unknown>;
  /** the query keys of the record (removed) and of its lists (marked stale) */
  recordKey: readonly unknown[];
  listKey: readonly unknown[];
  /** where the reader goes afterwards */
  listPath: string;
}

/** A refusal as the reader reads it: the server's whole sentence (a delete has no fields to point at). */
function refusalOf(failure: unknown): ShownError {
  const shown = shownError(failure);
  if (shown.banner !== null || !(failure instanceof KasboekError)) return shown;
  return { fields: {}, banner: { text: failure.message } };
}

/** The refusal, with "try again" when the delete got no answer the server stands by. */
function Refusal({ error, retry }: { error: ShownError; retry: () => void }) {
  return <ErrorBanner error={error} retry={error.retryable ? retry : undefined} />;
}

export function ConfirmDelete({ label, question, remove, recordKey, listKey, listPath }: ConfirmDeleteProps) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: recordKey });
      void queryClient.invalidateQueries({ queryKey: listKey });
      navigate(listPath, { state: "deleted" });
    },
    onError: () => setAsking(false),
  });
  return (
    <section className="danger-zone">
      {mutation.isError && <Refusal error={refusalOf(mutation.error)} retry={() => mutation.mutate()} />}
      {asking ? (
        <p>
          <span>{question}</span>{" "}
          <button type="button" className="danger" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
            {t("action.confirmDelete")}
          </button>{" "}
          <button type="button" className="secondary" onClick={() => setAsking(false)}>
            {t("action.cancel")}
          </button>
        </p>
      ) : (
        <button type="button" className="danger" onClick={() => setAsking(true)}>
          {label}
        </button>
      )}
    </section>
  );
}
