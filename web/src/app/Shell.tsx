/**
 * The frame around a company's pages: the company (and a switch when the user has several), the
 * navigation, the language and signing out. On a wide screen the navigation is a column beside
 * the page; on a phone it folds behind a menu button (aria-expanded), closing again on each move.
 */
import { useEffect, useId, useState } from "react";
import { NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { signOut } from "../auth/session.js";
import { useT } from "../i18n/i18n.js";
import { SetupGate } from "../setup/SetupGate.js";
import { Field } from "../ui/Field.js";
import { LanguageChoice } from "./LanguageChoice.js";
import { useCompanies, useCompanyId } from "./queries.js";

const SECTIONS = [
  { path: "", label: "dashboard.nav" },
  { path: "invoices", label: "nav.invoices" },
  { path: "quotations", label: "nav.quotations" },
  { path: "contacts", label: "nav.contacts" },
  { path: "products", label: "nav.products" },
  { path: "expenses", label: "nav.expenses" },
  { path: "payments", label: "nav.payments" },
  { path: "vat", label: "vat.nav" },
  { path: "bank", label: "bank.nav" },
  { path: "reports", label: "reports.nav" },
  { path: "settings", label: "nav.settings" },
] as const;

export function Shell() {
  const t = useT();
  const companyId = useCompanyId();
  const companies = useCompanies();
  const location = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const navigationId = useId();
  const company = companies.data?.find((candidate) => candidate.id === companyId);
  // the section a company switch keeps; none is the company's home page, its dashboard
  const section = location.pathname.split("/")[2] ?? "";

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the menu whenever the page changes
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    document.title = company?.name == null ? t("app.name") : `${company.name} · ${t("app.name")}`;
  }, [company?.name, t]);

  return (
    <div className="shell">
      <a className="skip" href="#content">
        {t("app.skip")}
      </a>
      <header className="topbar">
        <span className="brand">{t("app.name")}</span>
        <span className="company-name">{company?.name}</span>
        <button
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls={navigationId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {t("nav.menu")}
        </button>
      </header>
      <div className={`sidebar${menuOpen ? " open" : ""}`} id={navigationId}>
        <nav aria-label={t("nav.main")}>
          <ul>
            {SECTIONS.map((item) => (
              <li key={item.path}>
                <NavLink to={`/${companyId}/${item.path}`} end={item.path === ""}>
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="settings">
          {companies.data !== undefined && companies.data.length > 1 && (
            <Field label={t("nav.company")}>
              <select value={companyId} onChange={(event) => navigate(`/${event.target.value}/${section}`)}>
                {companies.data.map((candidate) => (
                  <option key={candidate.id} value={candidate.id ?? ""}>
                    {candidate.name}
                  </option>
                ))}
              </select>
            </Field>
          )}
          <LanguageChoice />
          <a href="/account">{t("nav.account")}</a>
          <button type="button" className="secondary" onClick={() => void signOut()}>
            {t("nav.signOut")}
          </button>
        </div>
      </div>
      <main id="content" tabIndex={-1}>
        <SetupGate>
          <Outlet />
        </SetupGate>
      </main>
    </div>
  );
}
