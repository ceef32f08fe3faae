/**
 * Rules answer problems as catalogue keys; tests that assert the words a client reads say them
 * in English first, as the API does. Test code only.
 */
import { en } from "../../src/platform/catalogue/en.js";
import type { Problem } from "../../src/platform/catalogue/keys.js";
import { sayProblem } from "../../src/platform/catalogue/say.js";

/** The problem in English, or null when there is none. */
export function englishProblem(problem: Problem | null): string | null {
  return problem === null ? null : sayProblem(en, problem);
}

/** A rule's answer with its problem, if it has one, in English. */
export function inEnglish(result: { ok: boolean } | { ok: false; problem: Problem }): Record<string, unknown> {
  return "problem" in result ? { ...result, problem: sayProblem(en, result.problem) } : { ...result };
}
