import { describe, expect, it } from "vitest";
import { ValidationErrors } from "./errors.js";
import { planNestedChanges } from "./nested.js";

const existing = [
  { id: 1, amount: 10 },
  { id: 2, amount: 20 },
  { id: 3, amount: 30 },
];

describe("nested subresource plans", () => {
  it("creates, updates, destroys and leaves the rest untouched in one request", () => {
    const errors = new ValidationErrors();
    const plan = planNestedChanges(
      existing,
      [{ amount: 40 }, { id: 2, amount: 25 }, { id: 3, _destroy: true }],
      errors,
      "lines",
    );
    expect(errors.isEmpty).toBe(true);
    expect(plan.created).toEqual([{ amount: 40 }]);
    expect(plan.updated).toEqual([{ row: existing[1], changes: { amount: 25 } }]);
    expect(plan.destroyed).toEqual([existing[2]]);
    expect(plan.result).toEqual([
      { row: existing[0], changes: {}, label: "lines[id 1]" },
      { row: existing[1], changes: { amount: 25 }, label: "lines[1]" },
      { row: null, changes: { amount: 40 }, label: "lines[0]" },
    ]);
  });

  it("refuses ids that are not the parent's own, and ids named twice", () => {
    const errors = new ValidationErrors();
    planNestedChanges(
      existing,
      [
        { id: 99, amount: 1 },
        { id: 1, amount: 2 },
        { id: 1, _destroy: true },
      ],
      errors,
      "lines",
    );
    expect(() => errors.throwIfAny("journalEntry")).toThrow(
      /lines\[0\]\.id 99 is not one of .*lines\[2\]\.id 1 is named more than once/,
    );
  });

  it("ignores a new element marked for destruction", () => {
    const errors = new ValidationErrors();
    const plan = planNestedChanges(existing, [{ amount: 5, _destroy: true }], errors, "lines");
    expect(plan.created).toEqual([]);
    expect(plan.result).toHaveLength(3);
  });

  it("labels elements by their place in the request, whatever their place in the result", () => {
    const plan = planNestedChanges(
      existing,
      [{ amount: 1, _destroy: true }, { amount: 7 }, { id: 3, amount: 9 }],
      new ValidationErrors(),
      "lines",
    );
    expect(plan.result.map((entry) => entry.label)).toEqual(["lines[id 1]", "lines[id 2]", "lines[2]", "lines[1]"]);
  });
});
