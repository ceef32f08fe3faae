/**
 * Login throttling over HTTP on the real database: per e-mail address (a user is blocked for a
 * while after wrong passwords, from anywhere) and per client address (a guesser is blocked on
 * any addresses, counted behind a trusted proxy by the forwarded address).
 */
import { describe, expect, it } from "vitest";
import {
  address,
  PASSWORD_CHECKS_TIMEOUT_MS,
  setCookies,
  signIn,
  useLoginTests,
} from "../../../test/support/logins.js";
import { PageBrowser } from "../../../test/support/pages.js";
import { buildApp } from "../../app.js";

const logins = useLoginTests();
const { userWithPassword, browser } = logins;

describe("login throttling", () => {
  it("blocks the 6th attempt on one address within 15 minutes, even with the right password, for 15 minutes", async () => {
    const user = await userWithPassword();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signIn(browser(), user.email, `wrong password ${attempt}`)).statusCode).toBe(422);
    }
    const blocked = await signIn(browser(), user.email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers["retry-after"]).toBe("900");
    expect(blocked.body).toContain("Too many attempts, try again later");
    expect(setCookies(blocked).some((cookie) => cookie.startsWith("kasboek_session="))).toBe(false);

    logins.advance(14 * 60 * 1000);
    const still = await signIn(browser(), user.email);
    expect([still.statusCode, still.headers["retry-after"]]).toEqual([429, "60"]);
    logins.advance(2 * 60 * 1000);
    expect((await signIn(browser(), user.email)).statusCode).toBe(303);
  });

  it("forgets an address's failures after a successful login", async () => {
    const user = await userWithPassword();
    for (let round = 0; round < 2; round++) {
      for (let attempt = 1; attempt <= 4; attempt++) {
        expect((await signIn(browser(), user.email, "wrong password!")).statusCode).toBe(422);
      }
      expect((await signIn(browser(), user.email)).statusCode).toBe(303);
    }
  });

  it(
    "blocks a client address that tries 20 wrong logins on any addresses",
    async () => {
      const user = await userWithPassword();
      const guesser = browser();
      for (let attempt = 1; attempt <= 20; attempt++) {
        const response = await signIn(guesser, `guess-${attempt}@example.test`, "some password!");
        expect(response.statusCode).toBe(422);
      }
      expect((await signIn(guesser, user.email)).statusCode).toBe(429);
      expect((await signIn(browser(), user.email)).statusCode).toBe(303);
    },
    PASSWORD_CHECKS_TIMEOUT_MS,
  );

  it(
    "counts the forwarded client address behind a trusted proxy (TRUST_PROXY), not the proxy's",
    async () => {
      const behindProxy = buildApp(logins.harness.deps, { logger: false, trustProxy: true });
      await behindProxy.ready();
      try {
        const user = await userWithPassword();
        const proxy = address();
        const guesser = new PageBrowser(behindProxy, {
          remoteAddress: proxy,
          headers: { "x-forwarded-for": address() },
        });
        for (let attempt = 1; attempt <= 20; attempt++) {
          expect((await signIn(guesser, `proxied-${attempt}@example.test`, "some password!")).statusCode).toBe(422);
        }
        expect((await signIn(guesser, user.email)).statusCode).toBe(429);
        // another customer behind the same proxy is not locked out by the guesser
        const customer = new PageBrowser(behindProxy, {
          remoteAddress: proxy,
          headers: { "x-forwarded-for": address() },
        });
        expect((await signIn(customer, user.email)).statusCode).toBe(303);
      } finally {
        await behindProxy.close();
      }
    },
    PASSWORD_CHECKS_TIMEOUT_MS,
  );
});
