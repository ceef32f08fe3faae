/** /app/: straight to the only company's home page (its dashboard), or a choice between several. */
import { Link, Navigate } from "react-router";
import { shownError } from "../api/errors.js";
import { useT } from "../i18n/i18n.js";
import { ErrorBanner } from "../ui/Banner.js";
import { useCompanies } from "./queries.js";

export function Home() {
  const t = useT();
  const companies = useCompanies();
  if (companies.isPending) return <p className="loading">{t("app.loading")}</p>;
  if (companies.isError) {
    return (
      <main className="narrow">
        <ErrorBanner error={shownError(companies.error)} retry={() => void companies.refetch()} />
      </main>
    );
  }
  const [only, ...others] = companies.data;
  if (only?.id != null && others.length === 0) return <Navigate to={`/${only.id}/`} replace />;
  return (
    <>
      <header className="topbar">
        <span className="brand">{t("app.name")}</span>
      </header>
      <main className="narrow" id="content">
        <h1>{t("companies.title")}</h1>
        {only === undefined ? (
          <p>{t("companies.none")}</p>
        ) : (
          <>
            <p>{t("companies.choose")}</p>
            <ul className="choices">
              {companies.data.map((company) => (
                <li key={company.id}>
                  <Link to={`/${company.id}/`}>{company.name}</Link>
                </li>
              ))}
            </ul>
          </>
        )}
      </main>
    </>
  );
}
