/**
 * The settings of the company in the URL and of the reader: the company details (the first-run
 * form, with every detail), the bookkeeping settings, the reader's API tokens and connected
 * applications (Kasboek's own account pages, which belong to the user rather than to one
 * company), the language and signing out.
 */

import { LanguageChoice } from "../app/LanguageChoice.js";
import { useCompanies, useCompanyId } from "../app/queries.js";
import { signOut } from "../auth/session.js";
import { useT } from "../i18n/i18n.js";
import { CompanyDetailsForm } from "../setup/CompanyDetailsForm.js";
import { mayEditCompany } from "../setup/requirements.js";
import { QueryPending } from "../ui/Banner.js";
import { BookkeepingSettings } from "./BookkeepingForm.js";

export function SettingsPage() {
  const t = useT();
  const companyId = useCompanyId();
  const companies = useCompanies();
  const company = companies.data?.find((candidate) => candidate.id === companyId);
  const editable = company !== undefined && mayEditCompany(company);
  return (
    <>
      <h1>{t("settings.title")}</h1>
      {editable && (
        <>
          <section aria-labelledby="settings-company">
            <h2 id="settings-company">{t("settings.company")}</h2>
            <CompanyDetailsForm key={company.id} company={company} fields="all" submitLabel={t("action.save")} />
          </section>
          <section aria-labelledby="settings-bookkeeping">
            <h2 id="settings-bookkeeping">{t("settings.bookkeeping")}</h2>
            <BookkeepingSettings companyId={companyId} />
          </section>
        </>
      )}
      {companies.data === undefined && <QueryPending query={companies} />}
      {company !== undefined && !editable && <p>{t("settings.notEditable")}</p>}
      <section aria-labelledby="settings-access">
        <h2 id="settings-access">{t("settings.access")}</h2>
        <ul className="links">
          <li>
            <a href="/account">{t("settings.tokens")}</a>
          </li>
          <li>
            <a href="/account/applications">{t("settings.applications")}</a>
          </li>
        </ul>
        <p className="hint">{t("settings.accessHint")}</p>
      </section>
      <section aria-labelledby="settings-reader" className="reader-settings">
        <h2 id="settings-reader">{t("settings.reader")}</h2>
        <LanguageChoice />
        <button type="button" className="secondary" onClick={() => void signOut()}>
          {t("nav.signOut")}
        </button>
      </section>
    </>
  );
}
