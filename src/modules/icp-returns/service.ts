/**
 * The ICP return of a period (docs/bookkeeping.md 2): every 3b line of the books, per kind
 * (goods or services) and customer. Its total is box 3b of the same period's VAT return as filed
 * (or as it would be filed), and the customers' whole-euro amounts add up to it. Amounts are
 * bigint cents, exact at any size.
 */
import type { Static } from "@sinclair/typebox";
import Big from "big.js";
import type { CompanyAccess } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { centsToDecimal, decimalToBigCents } from "../../platform/money.js";
import { showVatReturn } from "../vat-returns/service.js";
import { apportionWholeEuros, icpCountryCode, nationalVatNumber } from "./rules.js";
import type { IcpReturnSchema } from "./schemas.js";
import { sumIcpLines } from "./store.js";

export type IcpReturn = Static<typeof IcpReturnSchema>;

interface Customer {
  kind: "supplies" | "services";
  country_code: string | null;
  vat_number: string | null;
  exactCents: bigint;
}

export async function showIcpReturn(
  deps: ServiceDeps,
  company: CompanyAccess,
  periodText: unknown,
): Promise<IcpReturn> {
  const vatReturn = await showVatReturn(deps, company, periodText);
  const customers = new Map<string, Customer>();
  for (const sum of await sumIcpLines(deps.db, company.companyId, vatReturn.from, vatReturn.till)) {
    const kind = sum.icp_kind === "services" ? "services" : "supplies";
    const countryCode = icpCountryCode(sum.country, sum.vat_number);
    const vatNumber = nationalVatNumber(sum.vat_number);
    const key = JSON.stringify([kind, countryCode, vatNumber]);
    const customer = customers.get(key) ?? { kind, country_code: countryCode, vat_number: vatNumber, exactCents: 0n };
    customer.exactCents += sum.base_cents;
    customers.set(key, customer);
  }
  const listed = [...customers.values()]
    .filter((customer) => customer.exactCents !== 0n)
    .sort((left, right) =>
      `${left.country_code}${left.vat_number}`.localeCompare(`${right.country_code}${right.vat_number}`),
    );
  const totalCents = decimalToBigCents(new Big(vatReturn.boxes["3b"].base_filed ?? "0")) ?? 0n;
  const amounts = apportionWholeEuros(
    listed.map((customer) => customer.exactCents),
    totalCents,
  );
  const lines = listed.map((customer, index) => ({
    kind: customer.kind,
    line: {
      country_code: customer.country_code,
      vat_number: customer.vat_number,
      amount: centsToDecimal(amounts[index] ?? 0n),
    },
  }));
  const of = (kind: Customer["kind"]) => lines.filter((entry) => entry.kind === kind).map((entry) => entry.line);
  return {
    period: vatReturn.period,
    from: vatReturn.from,
    till: vatReturn.till,
    supplies: of("supplies"),
    services: of("services"),
    total: centsToDecimal(totalCents),
  };
}
