import { describe, expect, it } from "vitest";
import { englishProblem } from "../../../test/support/english.js";
import {
  readBasicCredentials,
  readScopeParameter,
  redirectUriMatches,
  redirectUriProblem,
  redirectWith,
} from "./rules.js";

describe("redirect URIs at registration", () => {
  it("accepts https, and http only on loopback hosts (RFC 8252)", () => {
    for (const uri of [
      "https://app.example.test/cb",
      "https://app.example.test:8443/cb?tenant=1",
      "http://localhost:8080/cb",
      "http://127.0.0.1/cb",
      "http://[::1]:9000/cb",
    ]) {
      expect(redirectUriProblem(uri), uri).toBeNull();
    }
  });

  it("refuses other schemes, fragments, credentials, relative and unreadable URIs", () => {
    const refused: Array<[string, RegExp]> = [
      ["http://app.example.test/cb", /must use https/],
      ["http://localhost.example.test/cb", /must use https/],
      ["myapp:/callback", /must use https/],
      ["javascript:alert(1)", /must use https/],
      ["https://app.example.test/cb#done", /fragment/],
      ["https://app.example.test/cb#", /fragment/],
      ["https://user:pw@app.example.test/cb", /user name or password/],
      ["/relative/cb", /absolute/],
      ["https://app.example.test/a b", /printable ASCII/],
      [`https://app.example.test/${"x".repeat(2000)}`, /at most/],
    ];
    for (const [uri, problem] of refused) expect(englishProblem(redirectUriProblem(uri)), uri).toMatch(problem);
  });
});

describe("matching a presented redirect URI", () => {
  const registered = ["https://app.example.test/cb?tenant=1", "http://127.0.0.1/native", "http://[::1]:8000/native"];

  it("matches exact strings only", () => {
    expect(redirectUriMatches(registered, "https://app.example.test/cb?tenant=1")).toBe(true);
    for (const presented of [
      "https://app.example.test/cb",
      "https://app.example.test/cb?tenant=1&x=2",
      "https://app.example.test/cb/?tenant=1",
      "https://App.example.test/cb?tenant=1",
      "https://app.example.test:443/cb?tenant=1",
      "https://app.example.test.evil.test/cb?tenant=1",
    ]) {
      expect(redirectUriMatches(registered, presented), presented).toBe(false);
    }
  });

  it("lets only the port of a loopback IP redirect URI vary", () => {
    expect(redirectUriMatches(registered, "http://127.0.0.1:51000/native")).toBe(true);
    expect(redirectUriMatches(registered, "http://[::1]/native")).toBe(true);
    expect(redirectUriMatches(registered, "http://127.0.0.1:51000/native/other")).toBe(false);
    expect(redirectUriMatches(registered, "http://[::1]:51000/native")).toBe(true);
    expect(redirectUriMatches(registered, "http://127.0.0.1:51000/native?x=1")).toBe(false);
    expect(redirectUriMatches(["http://localhost/native"], "http://localhost:51000/native")).toBe(false);
  });
});

describe("the scope parameter", () => {
  it("is space-delimited, defaults to public, and names unknown scopes", () => {
    expect(readScopeParameter(undefined)).toEqual({ kind: "scopes", scopes: ["public"] });
    expect(readScopeParameter("read:me public  read:me")).toEqual({ kind: "scopes", scopes: ["public", "read:me"] });
    expect(readScopeParameter("public,read:me")).toEqual({ kind: "unknown", names: ["public,read:me"] });
    expect(readScopeParameter("public admin")).toEqual({ kind: "unknown", names: ["admin"] });
  });
});

describe("the authorization response", () => {
  it("keeps the redirect URI's own query and adds only the given parameters", () => {
    expect(
      redirectWith("https://app.example.test/cb?tenant=1", { code: "a b", state: undefined, iss: "https://k.test" }),
    ).toBe("https://app.example.test/cb?tenant=1&code=a+b&iss=https%3A%2F%2Fk.test");
  });
});

describe("HTTP Basic client credentials", () => {
  const basic = (text: string) => `Basic ${Buffer.from(text).toString("base64")}`;

  it("form-url-decodes id and secret (RFC 6749 section 2.3.1)", () => {
    expect(readBasicCredentials(basic("my%20client:s%3Acret+x"))).toEqual({
      clientId: "my client",
      clientSecret: "s:cret x",
    });
    expect(readBasicCredentials(basic("client:"))).toEqual({ clientId: "client", clientSecret: "" });
  });

  it("tells a malformed header from no Basic header at all", () => {
    expect(readBasicCredentials(undefined)).toBeNull();
    expect(readBasicCredentials("Bearer abc")).toBeNull();
    expect(readBasicCredentials("Basic")).toBe("malformed");
    expect(readBasicCredentials("Basic !!!")).toBe("malformed");
    expect(readBasicCredentials(basic("no-colon"))).toBe("malformed");
    expect(readBasicCredentials(basic(":secret"))).toBe("malformed");
    expect(readBasicCredentials(basic("bad%zz:secret"))).toBe("malformed");
  });
});
