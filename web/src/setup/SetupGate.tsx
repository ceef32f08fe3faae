/**
 * The first run: a company that lacks what an invoice legally needs (requirements.ts) is asked
 * for exactly that before any page of it is shown, in place of the page the owner was going to —
 * so once the details are complete, that page simply appears, at the address it already has.
 * Judged on the companies the app loaded at sign-in (the form writes its answer there); a reader
 * who may not change the company's details (the company withholds manage:companies) is not
 * stopped by what they cannot fix, and a company the list does not hold is left to the page,
 * which shows the server's refusal.
 */
import type { ReactNode } from "react";
import { useCompanies, useCompanyId } from "../app/queries.js";
import { QueryPending } from "../ui/Banner.js";
import { CompanySetup } from "./CompanySetup.js";
import { mayEditCompany, missingForInvoices } from "./requirements.js";

export function SetupGate({ children }: { children: ReactNode }) {
  const companyId = useCompanyId();
  const companies = useCompanies();
  if (companies.data === undefined) return <QueryPending query={companies} />;
  const company = companies.data.find((candidate) => candidate.id === companyId);
  if (company === undefined || !mayEditCompany(company) || missingForInvoices(company).length === 0) return children;
  return <CompanySetup key={company.id} company={company} />;
}
