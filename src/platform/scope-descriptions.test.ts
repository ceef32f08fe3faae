/**
 * The scope descriptions: one per scope in each language, and the Dutch ones really Dutch.
 */
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./language.js";
import { SCOPE_DESCRIPTIONS, SCOPE_DESCRIPTIONS_NL, scopeDescription } from "./scope-descriptions.js";
import { ALL_SCOPES } from "./scopes.js";

describe("scope descriptions", () => {
  it("describe every scope in every language, each language in its own words", () => {
    for (const scope of ALL_SCOPES) {
      for (const language of LANGUAGES) expect(scopeDescription(scope, language).trim()).not.toBe("");
      expect(scopeDescription(scope, "en")).toBe(SCOPE_DESCRIPTIONS[scope]);
      expect(scopeDescription(scope, "nl")).toBe(SCOPE_DESCRIPTIONS_NL[scope]);
      expect(SCOPE_DESCRIPTIONS_NL[scope]).not.toBe(SCOPE_DESCRIPTIONS[scope]);
      // Dutch descriptions read as "… bekijken", never with an English verb.
      expect(SCOPE_DESCRIPTIONS_NL[scope]).not.toMatch(/\b(See|change|delete|add|create)\b/);
    }
    expect(new Set(ALL_SCOPES.map((scope) => SCOPE_DESCRIPTIONS_NL[scope])).size).toBe(ALL_SCOPES.length);
  });

  it("say the sentences the consent page shows", () => {
    expect(scopeDescription("read:me", "nl")).toBe("Uw naam en e-mailadres bekijken");
    expect(scopeDescription("read:me", "en")).toBe("See your name and e-mail address");
  });
});
