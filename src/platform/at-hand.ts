/**
 * Values that are at hand or still to come. A cached GET usually has what it needs in memory (a
 * remembered token and company, SQLite's data version), and going on at once there saved each
 * such request a promise and a microtask per hook (issue 13); the database answers with a
 * promise. The branch between the two lives here, not in every hook.
 * Invariant: `next` runs exactly once, synchronously when the value is at hand; a rejection is
 * passed on, never swallowed.
 */
export type AtHand<Value> = Value | Promise<Value>;

/** `next` of the value: at once when it is at hand, once it comes otherwise. */
export function onceAtHand<Value, Result>(
  value: AtHand<Value>,
  next: (value: Value) => AtHand<Result>,
): AtHand<Result> {
  return value instanceof Promise ? value.then(next) : next(value);
}
