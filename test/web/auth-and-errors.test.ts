/**
 * Two pure parts of the web app: the PKCE challenge (RFC 7636's own example, by the browser's
 * SHA-256 and by the fallback for pages outside a secure context), and how the server's 422
 * messages are split into the fields they name, in either language.
 */
import { createHash } from "node:crypto";
import { KasboekError } from "@kasboek/client";
import { describe, expect, it } from "vitest";
import { shownError, validationProblems } from "../../web/src/api/errors.js";
import { challengeOf, randomToken, sha256 } from "../../web/src/auth/pkce.js";

describe("PKCE", () => {
  it("makes RFC 7636's challenge of its example verifier", async () => {
    expect(await challengeOf("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe(
      "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    );
  });

  it("hashes like SHA-256 without crypto.subtle, at every padding boundary", () => {
    for (const length of [0, 1, 55, 56, 63, 64, 65, 119, 1000]) {
      const text = "k".repeat(length);
      expect(Buffer.from(sha256(new TextEncoder().encode(text))).toString("hex"), String(length)).toBe(
        createHash("sha256").update(text).digest("hex"),
      );
    }
  });

  it("makes verifiers of 43 base64url characters, each new", () => {
    const verifier = randomToken(32);
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken(32)).not.toBe(verifier);
  });
});

describe("the server's problems by field", () => {
  it("splits a validation message in English or Dutch by the attributes it names", () => {
    expect(
      validationProblems(
        "Sales invoice is invalid: contact_id can't be blank when publishing; invoice_lines[1].quantity is not a number; company.kvk_number can't be blank when publishing: an invoice states the seller's KvK number",
      ),
    ).toEqual({
      contact_id: "can't be blank when publishing",
      "invoice_lines[1].quantity": "is not a number",
      "company.kvk_number": "can't be blank when publishing: an invoice states the seller's KvK number",
    });
    expect(validationProblems("Verkoopfactuur is ongeldig: date is geen datum; date mag niet leeg zijn")).toEqual({
      date: "is geen datum; mag niet leeg zijn",
    });
  });

  it("puts what it cannot place, and failures without the envelope, in the banner; only the latter may be retried", () => {
    expect(shownError(new KasboekError(422, "client.parameters.validation", "Something else entirely"))).toEqual({
      fields: {},
      banner: { text: "Something else entirely" },
      retryable: false,
    });
    expect(shownError(new KasboekError(502, null, "HTTP 502"))).toEqual({
      fields: {},
      banner: { key: "error.server" },
      retryable: true,
    });
    expect(shownError(new TypeError("Failed to fetch"))).toEqual({
      fields: {},
      banner: { key: "error.offline" },
      retryable: true,
    });
  });
});
