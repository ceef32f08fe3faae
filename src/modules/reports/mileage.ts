/**
 * The mileage report of a calendar year: business and private kilometres from the rides, and the
 * deductible amount for business km with a privately owned vehicle at that year's rate
 * (bookkeeping.md 5.1). A year without a known rate is refused rather than guessed.
 */
import type { CompanyAccess } from "../../platform/access.js";
import { dateInTimeZone } from "../../platform/dates.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { invalidParameter } from "../../platform/errors.js";
import { centsToDecimal } from "../../platform/money.js";
import { deductibleCents, mileageRate, yearBounds } from "./rules.js";
import type { Mileage } from "./schemas.js";
import { sumRideKilometres } from "./store.js";

export async function mileageReport(
  deps: ServiceDeps,
  company: CompanyAccess,
  requestedYear: number | undefined,
): Promise<Mileage> {
  const year = requestedYear ?? Number(dateInTimeZone(deps.now(), company.timeZone).slice(0, 4));
  const rate = mileageRate(year);
  if (rate === null) throw invalidParameter("year", "has no known mileage rate");
  const { business_km, private_km } = await sumRideKilometres(deps.db, company.companyId, yearBounds(year));
  return {
    year,
    business_km,
    private_km,
    rate,
    deductible_amount: centsToDecimal(deductibleCents(business_km, rate)),
  };
}
