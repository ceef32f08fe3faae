/** The ICU warm-up worker ends by itself, successfully, without anyone waiting for it. */
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { warmIcuData } from "./icu-warm-up.js";

describe("the ICU warm-up", () => {
  it("formats a date on its own thread and ends", async () => {
    const worker = warmIcuData();
    const [code] = await once(worker, "exit");
    expect(code).toBe(0);
  });
});
