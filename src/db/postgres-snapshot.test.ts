/**
 * The PostgreSQL data version's polls, against a source the test answers by hand: each call is
 * answered by a poll that began after it, calls share polls, failures keep nothing.
 */
import { describe, expect, it } from "vitest";
import { committedStateWatch, type SnapshotSource } from "./postgres-snapshot.js";

/** A source whose polls wait until the test answers them, in order. */
function manualSource() {
  const polls: Array<{ answer: (snapshot: string) => void; fail: (error: unknown) => void }> = [];
  const source: SnapshotSource = {
    query: <Row extends object>() =>
      new Promise<{ rows: Row[] }>((resolve, reject) => {
        polls.push({
          answer: (snapshot) => resolve({ rows: [{ snapshot } as unknown as Row] }),
          fail: reject,
        });
      }),
  };
  return { source, polls };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("the PostgreSQL data version", () => {
  it("answers a call that came during a poll with the next poll, shared by all that came meanwhile", async () => {
    const { source, polls } = manualSource();
    const version = committedStateWatch(source);
    const first = version();
    const second = version();
    const third = version();
    expect(polls).toHaveLength(1);
    polls[0]?.answer("10:10:");
    expect(await first).toBe("10:10:");
    await settle();
    expect(polls).toHaveLength(2);
    polls[1]?.answer("10:12:");
    expect(await second).toBe("10:12:");
    expect(await third).toBe("10:12:");
    const later = version();
    await settle();
    expect(polls).toHaveLength(3);
    polls[2]?.answer("12:12:");
    expect(await later).toBe("12:12:");
  });

  it("answers null when a poll fails, and asks again on the next call", async () => {
    const { source, polls } = manualSource();
    const version = committedStateWatch(source);
    const failed = version();
    polls[0]?.fail(Object.assign(new Error("connection terminated"), { code: "57P01" }));
    expect(await failed).toBeNull();
    const next = version();
    expect(polls).toHaveLength(2);
    polls[1]?.answer("5:5:");
    expect(await next).toBe("5:5:");
  });

  it("stops asking a server that has no snapshot function", async () => {
    const { source, polls } = manualSource();
    const version = committedStateWatch(source);
    const first = version();
    polls[0]?.fail(Object.assign(new Error("function txid_current_snapshot() does not exist"), { code: "42883" }));
    expect(await first).toBeNull();
    expect(await version()).toBeNull();
    expect(polls).toHaveLength(1);
  });
});
