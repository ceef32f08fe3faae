import { expect, it } from "vitest";
import { parentPath, pathName } from "./rules.js";

const names: Record<string, string> = {
  profit: "P&L",
  "profit.costs": "Kosten",
  "profit.costs.other_costs": "Overig",
  "profit.costs.other_costs.misc": "Diversen",
  activa: "Activa",
  vat_to_pay_revenue: "Grondslag",
  "vat_to_pay_revenue.vat_high": "Hoog",
};

it("derives parents and readable path names without the section roots", () => {
  const nameOf = (path: string) => names[path] ?? path;
  expect(parentPath("profit.costs.other_costs.misc")).toBe("profit.costs.other_costs");
  expect(parentPath("activa")).toBeNull();
  expect(pathName("profit.costs.other_costs.misc", nameOf)).toBe("Kosten • Overig • Diversen");
  expect(pathName("activa", nameOf)).toBe("Activa");
  expect(pathName("vat_to_pay_revenue.vat_high", nameOf)).toBe("Grondslag • Hoog");
});
