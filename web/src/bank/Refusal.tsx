/**
 * A write the server refused, in its own whole sentence (it names the attribute, in the reader's
 * language): the bank page's forms are small, so the sentence stands above them rather than being
 * split over fields. A failure without an answer the server stands by offers to try again, which
 * sends the same request under the same Idempotency-Key (api/client.ts).
 */
import { KasboekError } from "@kasboek/client";
import type { ReactNode } from "react";
import { shownError } from "../api/errors.js";
import { Banner, ErrorBanner } from "../ui/Banner.js";

export function Refusal({ error, retry, lead }: { error: unknown; retry?: () => void; lead?: ReactNode }) {
  if (error instanceof KasboekError && error.status < 500 && error.status !== 404 && error.status !== 403) {
    return (
      <Banner kind="error">
        {lead}
        <p data-testid="refusal">{error.message}</p>
      </Banner>
    );
  }
  const shown = shownError(error);
  return <ErrorBanner error={shown} retry={shown.retryable ? retry : undefined} extra={lead} />;
}
