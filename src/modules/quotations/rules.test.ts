import { describe, expect, it } from "vitest";
import { inEnglish } from "../../../test/support/english.js";
import { QUOTATION_STATUSES, requestedTrigger, TRIGGERS, transition } from "./rules.js";

/** Every (status, trigger) pair, allowed or not: the Rompslomp API's states and Kasboek's `_invoice`. */
const EXPECTED: Record<string, Record<string, string | null>> = {
  concept: { _publish: "published", _approve: null, _deny: null, _invoice: null },
  imported: { _publish: null, _approve: null, _deny: null, _invoice: null },
  published: { _publish: null, _approve: "approved", _deny: "denied", _invoice: "invoiced" },
  approved: { _publish: null, _approve: null, _deny: "denied", _invoice: "invoiced" },
  denied: { _publish: null, _approve: "approved", _deny: null, _invoice: null },
  invoiced: { _publish: null, _approve: null, _deny: null, _invoice: null },
};

describe("quotation transitions", () => {
  for (const status of QUOTATION_STATUSES) {
    for (const trigger of TRIGGERS) {
      const to = EXPECTED[status]?.[trigger] ?? null;
      it(`${status} + ${trigger} → ${to ?? "refused"}`, () => {
        const result = transition(status, trigger);
        if (to === null) {
          expect(inEnglish(result)).toEqual({ ok: false, problem: expect.stringContaining(status) });
        } else {
          expect(result).toEqual({ ok: true, to });
        }
      });
    }
  }

  it.each([
    ["_publish", { ok: true, to: "published" }],
    ["_approve", { ok: false, problem: expect.stringContaining("existing") }],
    ["_deny", { ok: false, problem: expect.stringContaining("existing") }],
    ["_invoice", { ok: false, problem: expect.stringContaining("existing") }],
  ] as const)("on create, %s gives %j", (trigger, expected) => {
    expect(inEnglish(transition(null, trigger))).toEqual(expected);
  });

  it("takes one trigger at a time", () => {
    expect(inEnglish(requestedTrigger({ _approve: true, _publish: false }))).toEqual({ ok: true, trigger: "_approve" });
    expect(inEnglish(requestedTrigger({}))).toEqual({ ok: true, trigger: null });
    expect(inEnglish(requestedTrigger({ _approve: true, _deny: true }))).toEqual({
      ok: false,
      problem: expect.stringContaining("_approve, _deny"),
    });
  });
});
