/** A message across the page: an error (role=alert, announced at once) or a confirmation (status). */
import type { ReactNode } from "react";
import { type ShownError, shownError } from "../api/errors.js";
import { useT } from "../i18n/i18n.js";

export function Banner({ kind, children }: { kind: "error" | "ok"; children: ReactNode }) {
  return (
    <div className={`banner ${kind}`} role={kind === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}

/** The banner of a failure, with a retry button when `retry` is given. */
export function ErrorBanner({ error, retry, extra }: { error: ShownError; retry?: () => void; extra?: ReactNode }) {
  const t = useT();
  if (error.banner === null && extra === undefined) return null;
  return (
    <Banner kind="error">
      {error.banner !== null && <p>{"key" in error.banner ? t(error.banner.key) : error.banner.text}</p>}
      {extra}
      {retry !== undefined && (
        <button type="button" className="secondary" onClick={retry}>
          {t("error.retry")}
        </button>
      )}
    </Banner>
  );
}

/**
 * The banner of a refused form: a pointer to the fields when the server named them (each field
 * shows its own problem), otherwise the failure — with "try again" when it got no answer the
 * server stands by (`retry` sends the same save again).
 */
export function FormError({ error, retry, extra }: { error: ShownError | null; retry: () => void; extra?: ReactNode }) {
  if (error === null) return null;
  const named = Object.keys(error.fields).length > 0;
  return (
    <ErrorBanner
      error={named ? { fields: {}, banner: { key: "error.fieldsBelow" } } : error}
      retry={error.retryable ? retry : undefined}
      extra={extra}
    />
  );
}

/**
 * The failure of a write (a mutation), with "try again" when it got no answer the server stands
 * by: the same request goes again, under the same Idempotency-Key (api/client.ts).
 */
export function MutationError<Variables>({
  mutation,
}: {
  mutation: {
    isError: boolean;
    error: unknown;
    variables: Variables | undefined;
    mutate: (variables: Variables) => void;
  };
}) {
  if (!mutation.isError) return null;
  const error = shownError(mutation.error);
  // it failed, so it ran: `variables` is what it ran with (undefined for a mutation that takes none)
  const retry = error.retryable ? () => mutation.mutate(mutation.variables as Variables) : undefined;
  return <ErrorBanner error={error} retry={retry} />;
}

/** What a page shows while its query has no answer: its failure with a retry, or that it is loading. */
export function QueryPending({ query }: { query: { isError: boolean; error: unknown; refetch: () => unknown } }) {
  const t = useT();
  if (query.isError) return <ErrorBanner error={shownError(query.error)} retry={() => void query.refetch()} />;
  return <p className="loading">{t("app.loading")}</p>;
}
