/**
 * The quotation's signing link (the API's `sign_url`): the public page where the customer reads
 * the quotation and approves or denies it. Shown in a read-only field (selectable by hand where
 * the clipboard is refused), with a copy button that says when the link is copied, and a link
 * that opens the page in a new tab.
 */
import { useRef, useState } from "react";
import { useT } from "../i18n/i18n.js";
import { Field } from "../ui/Field.js";

export function SigningLink({ url }: { url: string }) {
  const t = useT();
  const fieldRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("yes");
    } catch {
      // no clipboard (an insecure page, or refused): the link is selected for the reader to copy
      fieldRef.current?.select();
      setCopied("no");
    }
  };
  return (
    <section className="signing" aria-labelledby="signing-heading">
      <h2 id="signing-heading">{t("quotation.signing")}</h2>
      <p className="hint">{t("quotation.signingHint")}</p>
      <div className="signing-row">
        <Field label={t("quotation.signingUrl")}>
          <input ref={fieldRef} type="url" readOnly value={url} onFocus={(event) => event.target.select()} />
        </Field>
        <div className="signing-actions">
          <button type="button" onClick={() => void copy()}>
            {t("quotation.copyLink")}
          </button>
          <a className="button secondary" href={url} target="_blank" rel="noopener noreferrer">
            {t("quotation.openLink")}
          </a>
        </div>
      </div>
      <p role="status" className="hint">
        {copied === "yes" ? t("quotation.copied") : copied === "no" ? t("quotation.copyByHand") : ""}
      </p>
    </section>
  );
}
