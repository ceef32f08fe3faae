/**
 * For the fuzz test: requests to the HTML pages and the OAuth endpoints, as A's user's browser.
 * Forms start from fields that pass (the browser's genuine CSRF pair included) and change at most
 * two, so most reach the handler rather than stopping at the CSRF check. The fuzzer's session
 * must last the whole run, so /logout is never sent with it.
 */
import fc from "fast-check";
import { ALL_SCOPES } from "../../src/platform/scopes.js";
import type { FuzzWorld } from "./fuzz-app.js";
import { type Body, CONTENT_TYPES, optionalHeaders, strayBody, withContentType } from "./fuzz-envelope.js";
import type { FuzzRequest, Pools } from "./fuzz-model.js";
import { pathOf } from "./fuzz-path.js";
import { queryPairs, queryText } from "./fuzz-query.js";
import type { CollectedRoute } from "./fuzz-routes.js";
import { jsonText, ODD_KEYS, oddString, pick, weirdValue } from "./fuzz-values.js";

/** A PKCE challenge of the right form (43 base64url characters); its verifier is not kept. */
const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
const REDIRECT_URI = "https://client.example/callback";

/**
 * The form fields each page or OAuth endpoint reads, each with a value that passes (first) and
 * others worth sending.
 */
function formFields(world: FuzzWorld, url: string): Record<string, [fc.Arbitrary<string>, fc.Arbitrary<string>]> {
  const client = pick(world.oauthClientIds, "x");
  const token = world.csrf.token;
  const fields: Record<string, [fc.Arbitrary<string>, fc.Arbitrary<string>]> = {
    csrf_token: [fc.constant(token), fc.constantFrom("", "short", `${token}x`, token.toUpperCase())],
  };
  if (url === "/login") {
    fields.email = [
      fc.constant(world.a.email),
      fc.constantFrom(world.b.email, "nobody@example.org", "not an email", ""),
    ];
    fields.password = [fc.constant(world.password), fc.constantFrom("wrong password!", "", "x".repeat(5000))];
    fields.return_to = [
      fc.constantFrom("/account", "/oauth/authorize?client_id=x"),
      fc.constantFrom("https://evil.example", "//evil.example", "\\evil", "/\\evil", "javascript:alert(1)"),
    ];
  } else if (url === "/account/tokens") {
    fields.name = [fc.constant("fuzz token"), oddString];
    for (const scope of ALL_SCOPES) fields[`scope_${scope}`] = [fc.constantFrom("1", ""), fc.constantFrom("on", "0")];
  } else if (url === "/oauth/authorize") {
    Object.assign(fields, {
      client_id: [client, fc.constantFrom("unknown-client", "")],
      redirect_uri: [
        fc.constant(REDIRECT_URI),
        fc.constantFrom("https://evil.example/", "javascript:alert(1)", `${REDIRECT_URI}/x`, ""),
      ],
      response_type: [fc.constant("code"), fc.constantFrom("token", "", "code code")],
      scope: [
        fc.constantFrom("public", "manage:contacts read:me", "public manage:companies"),
        fc.constantFrom("all", "", "admin"),
      ],
      state: [fc.string({ maxLength: 20 }), oddString],
      code_challenge: [fc.constant(CHALLENGE), fc.constantFrom("short", "", `${CHALLENGE}!`)],
      code_challenge_method: [fc.constant("S256"), fc.constantFrom("plain", "", "s256")],
      decision: [fc.constantFrom("approve", "deny"), fc.constantFrom("", "maybe")],
      [`company_${world.a.companyId}`]: [fc.constant("1"), fc.constant("")],
      [`company_${world.b.companyId}`]: [fc.constant(""), fc.constant("1")],
      [`company_${world.spareCompanyId}`]: [fc.constant(""), fc.constant("1")],
    });
  } else if (url.startsWith("/sign/")) {
    fields.signer_name = [fc.constant("Rob S. Lomp"), oddString];
    fields.decision = [fc.constantFrom("approve", "deny"), fc.constantFrom("", "maybe")];
  } else if (url === "/oauth/token") {
    Object.assign(fields, {
      grant_type: [
        fc.constantFrom("authorization_code", "refresh_token"),
        fc.constantFrom("client_credentials", "password", ""),
      ],
      code: [fc.constant("A".repeat(43)), fc.constantFrom("x", "")],
      redirect_uri: [fc.constant(REDIRECT_URI), fc.constantFrom("https://evil.example/", "")],
      code_verifier: [fc.constant("x".repeat(43)), fc.constantFrom("short", "")],
      refresh_token: [fc.constant("kbr_x"), fc.constantFrom("", world.a.token)],
      scope: [fc.constant("public"), fc.constantFrom("", "manage:companies", "admin")],
      client_id: [client, fc.constantFrom("unknown-client", "")],
      client_secret: [fc.constant(""), fc.constantFrom("secret", "x".repeat(300))],
    });
  } else if (url === "/oauth/revoke") {
    Object.assign(fields, {
      token: [fc.constant("x"), fc.constantFrom("", world.b.token.slice(0, 10))],
      token_type_hint: [fc.constantFrom("access_token", "refresh_token"), fc.constantFrom("x", "")],
      client_id: [client, fc.constantFrom("unknown-client", "")],
      client_secret: [fc.constant(""), fc.constantFrom("secret")],
    });
  }
  return fields;
}

/**
 * Fields with values that pass, then up to two changes: a field set to another value worth
 * sending or to odd text, a field left out, a field no form has.
 */
function formPairs(world: FuzzWorld, url: string, skip: readonly string[] = []): fc.Arbitrary<Array<[string, string]>> {
  const fields = Object.entries(formFields(world, url)).filter(([name]) => !skip.includes(name));
  const valid = fc.tuple(...fields.map(([name, [good]]) => good.map((value): [string, string] => [name, value])));
  type Change = (pairs: Array<[string, string]>) => Array<[string, string]>;
  const changes: fc.Arbitrary<Change>[] = [
    fc.tuple(fc.constantFrom(...fields.map(([name]) => name)), fc.boolean()).map(
      ([name]): Change =>
        (pairs) =>
          pairs.filter(([key]) => key !== name),
    ),
    fc.tuple(fc.oneof(fc.constantFrom(...ODD_KEYS), fc.string({ maxLength: 8 })), oddString).map(
      ([name, value]): Change =>
        (pairs) => [...pairs, [name, value]],
    ),
    ...fields.map(([name, [, other]]) =>
      fc.oneof(other, oddString).map(
        (value): Change =>
          (pairs) =>
            pairs.map(([key, old]) => [key, key === name ? value : old]),
      ),
    ),
  ];
  return fc
    .tuple(valid, fc.array(fc.oneof(...changes), { maxLength: 2 }))
    .map(([pairs, list]) => list.reduce((current, change) => change(current), pairs as Array<[string, string]>));
}

function formText(pairs: Array<[string, string]>): string {
  const search = new URLSearchParams();
  for (const [name, value] of pairs) search.append(name, value);
  return search.toString();
}

function formBody(world: FuzzWorld, route: CollectedRoute): fc.Arbitrary<Body> {
  const form = formPairs(world, route.url).map(formText);
  return fc.oneof(
    {
      weight: 14,
      arbitrary: form.map((text) => ({ payload: text, contentType: "application/x-www-form-urlencoded" })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(form, fc.constantFrom(...CONTENT_TYPES))
        .map(([text, contentType]) => ({ payload: text, contentType })),
    },
    { weight: 1, arbitrary: withContentType(weirdValue.map(jsonText)) },
    {
      weight: 1,
      arbitrary: fc.constant<Body>({
        payload: `csrf_token=${world.csrf.token}&${"a=1&".repeat(5000)}`,
        contentType: "application/x-www-form-urlencoded",
      }),
    },
    { weight: 1, arbitrary: fc.constant<Body>({}) },
  );
}

/** The query of GET /oauth/authorize: a valid request of the fuzzer's clients, changed a little. */
function oauthQuery(world: FuzzWorld): fc.Arbitrary<string> {
  return formPairs(world, "/oauth/authorize", ["csrf_token", "decision"]).map((pairs) =>
    formText(pairs.filter(([name]) => !name.startsWith("company_"))),
  );
}

export function pageRequest(world: FuzzWorld, pools: Pools, route: CollectedRoute): fc.Arbitrary<FuzzRequest> {
  const isForm = route.method === "POST";
  const session = world.sessionCookie;
  const csrf = world.csrf.cookie;
  // logging out with the fuzzer's own session would end it for every later page request
  const cookie = fc.oneof(
    { weight: route.url === "/logout" ? 0 : 12, arbitrary: fc.constant(`${session}; ${csrf}`) },
    { weight: 2, arbitrary: fc.constant(csrf) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "kasboek_session=garbage; kasboek_csrf=short",
        "=;;=",
        `${csrf}; kasboek_csrf=x`,
        `kasboek_csrf=x; ${csrf}`,
        `${csrf}x`,
      ),
    },
  );
  const query =
    route.url === "/oauth/authorize"
      ? fc.oneof({ weight: 4, arbitrary: oauthQuery(world) }, queryText(queryPairs(world, pools)))
      : fc.oneof({ weight: 2, arbitrary: fc.constant("") }, queryText(queryPairs(world, pools)));
  const method = route.method === "GET" ? fc.constantFrom("GET", "GET", "GET", "HEAD") : fc.constant(route.method);
  return fc
    .record({
      method,
      path: pathOf(world, pools, route),
      query,
      cookie,
      site: fc.oneof(
        { weight: 8, arbitrary: fc.constant(undefined) },
        fc.constantFrom("same-origin", "cross-site", "same-site", "none"),
      ),
      basic: fc.constantFrom(
        undefined,
        undefined,
        undefined,
        `Basic ${Buffer.from("x:y").toString("base64")}`,
        "Basic !!!",
      ),
      extra: fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: optionalHeaders }),
      body: isForm ? formBody(world, route) : strayBody,
    })
    .map(({ method: verb, path, query: search, cookie: cookies, site, basic, extra, body }) => {
      const headers: Record<string, string> = { ...extra };
      if (cookies !== undefined) headers.cookie = cookies;
      if (site !== undefined) headers["sec-fetch-site"] = site;
      if (basic !== undefined && route.url.startsWith("/oauth/")) headers.authorization = basic;
      if (body.contentType !== undefined) headers["content-type"] = body.contentType;
      return {
        route: `${route.method} ${route.url}`,
        method: verb,
        url: `${path}${search === "" ? "" : `?${search}`}`,
        headers,
        ...(body.payload === undefined ? {} : { payload: body.payload }),
      };
    });
}
