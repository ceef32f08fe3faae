/**
 * The mileage report of a calendar year: business and private kilometres from the rides, and the
 * deductible amount for business km with a privately owned vehicle at that year's rate
 * (docs/bookkeeping.md 5.1). A year without a known rate is refused rather than guessed, and so
 * is one whose kilometres add up past what a JSON number states exactly (2^53): the sums are
 * exact (bigint), and the deductible amount is exact at any size.
 */
import type { CompanyAccess } from "../../platform/access.js";
import { dateInTimeZone } from "../../platform/dates.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { invalidParameter } from "../../platform/errors.js";
import { centsToDecimal, exactNumber } from "../../platform/money.js";
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
  if (rate === null) throw invalidParameter("year", { key: "noMileageRate" });
  const { business_km, private_km } = await sumRideKilometres(deps.db, company.companyId, yearBounds(year));
  const [business, personal] = [exactNumber(business_km), exactNumber(private_km)];
  if (business === null || personal === null) {
    throw invalidParameter("year", { key: "tooManyKilometres", most: Number.MAX_SAFE_INTEGER });
  }
  return {
    year,
    business_km: business,
    private_km: personal,
    rate,
    deductible_amount: centsToDecimal(deductibleCents(business_km, rate)),
  };
}
