/**
 * The first-run form: only the details an invoice must state, with why they are asked. It stays
 * until the company is complete; the gate (SetupGate.tsx) then shows the page asked for.
 */
import { useEffect, useRef } from "react";
import { useT } from "../i18n/i18n.js";
import { CompanyDetailsForm } from "./CompanyDetailsForm.js";
import type { Company } from "./requirements.js";

export function CompanySetup({ company }: { company: Company }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  // the reader arrived somewhere else: say at once where they are instead
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="setup" aria-labelledby="setup-title">
      <h1 id="setup-title" ref={heading} tabIndex={-1}>
        {t("setup.title")}
      </h1>
      <p>{t("setup.intro", { name: company.name })}</p>
      <CompanyDetailsForm company={company} fields="legal" submitLabel={t("setup.submit")} />
    </section>
  );
}
