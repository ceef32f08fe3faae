import { describe, expect, it } from "vitest";
import { ApiError } from "../../platform/errors.js";
import { localiseError } from "../../platform/messages.js";
import {
  type CappedResource,
  formatLimit,
  isPlanName,
  LIMITS,
  monthStart,
  type PlanLimits,
  parseLimit,
  refusalOf,
} from "./rules.js";

const UNLIMITED: PlanLimits = {
  max_contacts: null,
  max_products: null,
  max_companies_per_user: null,
  max_sales_invoices_per_month: null,
  max_quotations_per_month: null,
};

describe("refusalOf", () => {
  it("lets everything through an unlimited plan", () => {
    for (const resource of Object.keys(LIMITS) as CappedResource[]) {
      expect(refusalOf(UNLIMITED, resource, 1_000_000)).toBeNull();
    }
  });

  it("allows exactly the limit: the row that would pass it is refused", () => {
    const limits = { ...UNLIMITED, max_contacts: 3 };
    expect(refusalOf(limits, "contacts", 2)).toBeNull();
    expect(refusalOf(limits, "contacts", 3)).toEqual({ type: "client.subscription_limit_reached", most: 3 });
    expect(refusalOf({ ...UNLIMITED, max_companies_per_user: 1 }, "companies", 1)?.most).toBe(1);
    expect(refusalOf(limits, "products", 3)).toBeNull();
    expect(refusalOf({ ...UNLIMITED, max_products: 0 }, "products", 0)?.most).toBe(0);
  });

  it("refuses caps with 402 and monthly quotas with 422 quota_reached", () => {
    const limits: PlanLimits = {
      max_contacts: 1,
      max_products: 1,
      max_companies_per_user: 1,
      max_sales_invoices_per_month: 1,
      max_quotations_per_month: 1,
    };
    const types = Object.fromEntries(
      (Object.keys(LIMITS) as CappedResource[]).map((resource) => [resource, refusalOf(limits, resource, 1)?.type]),
    );
    expect(types).toEqual({
      contacts: "client.subscription_limit_reached",
      products: "client.subscription_limit_reached",
      companies: "client.subscription_limit_reached",
      sales_invoices: "client.quota_reached",
      quotations: "client.quota_reached",
    });
  });

  it("says every refusal in English and in Dutch, for one and for more", () => {
    for (const limited of Object.keys(LIMITS) as CappedResource[]) {
      for (const most of [1, 5]) {
        const refusal = new ApiError("client.quota_reached", { key: "planLimit", plan: "basic", most, limited });
        expect(refusal.message, limited).toMatch(new RegExp(`^The plan 'basic' allows at most ${most} [a-z ]+$`));
        expect(localiseError(refusal, "nl"), limited).toMatch(
          new RegExp(`^Het abonnement 'basic' staat hoogstens ${most} .+ toe$`),
        );
      }
    }
    const companies = new ApiError("client.subscription_limit_reached", {
      key: "planLimit",
      plan: "pro",
      most: 1,
      limited: "companies",
    });
    expect(companies.message).toBe("The plan 'pro' allows at most 1 company per user");
  });
});

describe("monthStart", () => {
  it("is midnight of the first of the month in the company's time zone", () => {
    expect(monthStart(new Date("2024-03-15T12:00:00Z"), "Europe/Amsterdam")).toBe("2024-02-29T23:00:00.000Z");
    // summer time: Amsterdam is UTC+2 on 1 July
    expect(monthStart(new Date("2024-07-01T00:00:00Z"), "Europe/Amsterdam")).toBe("2024-06-30T22:00:00.000Z");
    expect(monthStart(new Date("2024-07-01T00:00:00Z"), "UTC")).toBe("2024-07-01T00:00:00.000Z");
  });

  it("takes the month of the company's calendar, not of UTC", () => {
    // 31 March 23:30 UTC is already 1 April in Amsterdam
    expect(monthStart(new Date("2024-03-31T23:30:00Z"), "Europe/Amsterdam")).toBe("2024-03-31T22:00:00.000Z");
    // 1 April 01:30 UTC is still 31 March in New York
    expect(monthStart(new Date("2024-04-01T01:30:00Z"), "America/New_York")).toBe("2024-03-01T05:00:00.000Z");
  });
});

describe("the operator's words", () => {
  it("reads limits as whole numbers or unlimited", () => {
    expect(parseLimit("500")).toEqual({ ok: true, value: 500 });
    expect(parseLimit("0")).toEqual({ ok: true, value: 0 });
    expect(parseLimit(" Unlimited ")).toEqual({ ok: true, value: null });
    for (const bad of ["", "-1", "1.5", "ten", "1e3", "99999999999"])
      expect(parseLimit(bad), bad).toEqual({ ok: false });
    expect(formatLimit(null)).toBe("unlimited");
    expect(formatLimit(25)).toBe("25");
  });

  it("takes lowercase slugs as plan names", () => {
    for (const good of ["free", "basic", "pro-plus", "plan2"]) expect(isPlanName(good), good).toBe(true);
    for (const bad of ["", "Pro", "pro plus", "-pro", "pro-", "pro--plus", "'pro'", "a".repeat(41)]) {
      expect(isPlanName(bad), bad).toBe(false);
    }
  });
});
