/**
 * The auditfile as a stream, on the demo company's year: its parts are handed on while the books
 * are read, each a whole piece of text no larger than a socket write, and the server's event loop
 * turns between pages. On SQLite every read answers at once, so without that turn a download held
 * the server for its whole length: no other request was answered meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, newCompany, type TestApp } from "../../../test/support/app.js";
import { DemoClock } from "../../cli/demo-books.js";
import { seededRandom } from "../../cli/demo-calendar.js";
import { planDemoYear } from "../../cli/demo-plan.js";
import { writeDemoYear } from "../../cli/demo-write.js";
import { ALL_SCOPES } from "../../platform/scopes.js";
import { auditfileExport } from "./auditfile.js";
import { JOURNALS } from "./rules.js";

let harness: TestApp;
let demoId: number;

beforeAll(async () => {
  harness = await buildTestApp(() => new Date("2026-10-01T10:00:00Z"));
  const owner = await newCompany(harness.deps);
  const clock = new DemoClock();
  demoId = await writeDemoYear(
    { ...harness.deps, now: clock.now },
    clock,
    owner.userId,
    planDemoYear("2026-09-30", seededRandom(1)),
  );
}, 120_000);
afterAll(() => harness.close());

describe("the auditfile as a stream", () => {
  it("lets the event loop turn while it is written, and hands on parts of at most 16 KiB", async () => {
    const access = {
      companyId: demoId,
      timeZone: "Europe/Amsterdam",
      isMember: true,
      isOwner: true,
      apiAccessible: true,
      allowedScopes: [...ALL_SCOPES],
      planLimited: false,
    };
    const file = await auditfileExport(harness.deps, access, { year: 2026, version: "4.0" });
    let turns = 0;
    const turn = () => {
      turns++;
      if (!done) setImmediate(turn);
    };
    let done = false;
    setImmediate(turn);
    const turnsAt: number[] = [];
    const parts: string[] = [];
    for await (const part of file.body) {
      turnsAt.push(turns);
      parts.push(part);
    }
    done = true;
    const text = parts.join("");
    expect(text.endsWith("</auditfile>\n")).toBe(true);
    // a page at least for each of the five kinds of entry, and a turn of the loop for each page
    // (on SQLite, without those turns, not one: every read had answered at once)
    expect(text.split("</transaction>").length - 1).toBeGreaterThan(100);
    expect(turnsAt.at(-1)).toBeGreaterThanOrEqual(JOURNALS.flatMap((journal) => journal.sources).length);
    // the transactions' parts, after those of the company, its relations and master data
    const first = parts.findIndex((part) => part.startsWith("<transactions>"));
    expect(first).toBeGreaterThan(0);
    for (const part of parts.slice(first)) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(16 * 1024);
    expect(parts.length - first).toBeGreaterThan(3);
  });
});
