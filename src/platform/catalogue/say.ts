/**
 * Says a keyed message or problem (keys.ts) in the words of one catalogue. The one place that
 * goes from a key to its words; pure code.
 */
import type { AttributeProblem, Catalogue, Message, Problem, Sayings } from "./keys.js";

function sayWith<Params, Key extends keyof Params>(sayings: Sayings<Params>, said: { key: Key } & Params[Key]): string {
  return sayings[said.key](said);
}

export function sayMessage(catalogue: Catalogue, message: Message): string {
  return sayWith(catalogue.messages, message);
}

export function sayProblem(catalogue: Catalogue, problem: Problem): string {
  return sayWith(catalogue.problems, problem);
}

/** Problems as one text: each after its attribute, if it has one, separated by "; ". */
export function sayProblems(catalogue: Catalogue, problems: readonly AttributeProblem[]): string {
  return problems
    .map(({ attribute, problem }) =>
      attribute === undefined ? sayProblem(catalogue, problem) : `${attribute} ${sayProblem(catalogue, problem)}`,
    )
    .join("; ");
}
