/**
 * README.md's examples, run as written against a real `kasboek serve` on a fresh database
 * (SQLite, or PostgreSQL with TEST_DATABASE_URL), so the README cannot rot.
 *
 * The rules:
 * - Examples are the ```sh blocks that run `curl` or `npx kasboek`, in README order; the first
 *   is the `kasboek demo` of "First steps", which must leave TOKEN, COMPANY and QUARTER set: every
 *   example runs against the demo company, never a company of the reader's own. Each
 *   runs in bash with `set -euo pipefail`; the upper-case variables a block assigns carry over
 *   to the blocks after it. `http://127.0.0.1:3000` becomes the test server's address, and
 *   `npx kasboek` runs the CLI from the sources (test/support/readme.ts says why).
 * - Every `curl` and `npx kasboek` a block shows must run exactly once and exit 0; every curl
 *   must ask the test server and get a status below 400, unless a comment line under it says
 *   `# → NNN`: then exactly that status. The test adds `--output` and `--write-out` itself, so
 *   a block may not use them.
 * - Comment lines under a command that hold JSON (`# {…}`) show its answer (curl) or output
 *   (kasboek): the actual one must have the keys shown, in that order, values of the types
 *   shown, and no other keys unless `…` stands among them (see `shapeProblems`).
 * - A block the test cannot run is marked `<!-- readme-test: skip: <why> -->` on the line
 *   above its fence and reported as a skipped test. `<!-- readme-test: authorize-in-browser -->`
 *   marks the OAuth authorization request: the test does what the user's browser does (signs
 *   in as the demo's user, with the e-mail address and password the demo printed; approves every
 *   offered company), checks the redirect, and sets CODE and CODE_VERIFIER as the README says.
 */
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import {
  BLOCK_TIMEOUT_MS,
  declaredEnvironmentVariables,
  freshDatabase,
  type Invocation,
  parseShape,
  type ReadmeBlock,
  ReadmeShell,
  readmeBlocks,
  type Shape,
  shapeProblems,
  startServer,
} from "./support/readme.js";

const README = readFileSync("README.md", "utf8");
const README_ADDRESS = "http://127.0.0.1:3000";
const BROWSER_MARKER = "authorize-in-browser";
const EXAMPLES = readmeBlocks(README).filter(
  (block) =>
    (block.language === "sh" && /(^|[\s($|;&])(curl|npx kasboek)\s/m.test(block.text)) ||
    block.marker === BROWSER_MARKER,
);

interface ShownCommand {
  kind: "curl" | "kasboek";
  line: string;
  /** from `# → NNN` under the command */
  status: number | undefined;
  /** from `# {…}` under the command */
  shape: Shape | undefined;
}

/** The commands a block shows, in order, each with the comment lines under it. */
function shownCommands(text: string): ShownCommand[] {
  const commands: { kind: ShownCommand["kind"]; line: string; comments: string[] }[] = [];
  for (const line of text.split("\n")) {
    const comment = /^\s*# ?(.*)$/.exec(line);
    if (comment) commands.at(-1)?.comments.push(comment[1] ?? "");
    else {
      for (const match of line.matchAll(/(?:^|[\s($|;&])(curl|npx kasboek)(?=\s)/g)) {
        commands.push({ kind: match[1] === "curl" ? "curl" : "kasboek", line: line.trim(), comments: [] });
      }
    }
  }
  return commands.map(({ kind, line, comments }) => {
    const text = comments.join("\n");
    const status = /^→ (\d{3})\b/m.exec(text)?.[1];
    const json = text.indexOf("{");
    return {
      kind,
      line,
      status: status === undefined ? undefined : Number(status),
      shape: json === -1 ? undefined : parseShape(text.slice(json)),
    };
  });
}

/** JSON as parsed, or the text itself when it is not JSON (which no README shape allows). */
function parsedOrText(output: string): unknown {
  try {
    return JSON.parse(output);
  } catch {
    return output;
  }
}

/** A browser as far as the sign-in and consent pages need one: cookies, forms, no redirects. */
class Browser {
  readonly #cookies = new Map<string, string>();
  constructor(readonly address: string) {}

  async request(target: string, form?: Record<string, string>) {
    const response = await fetch(new URL(target, this.address), {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        cookie: [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const separator = pair.indexOf("=");
      if (/max-age=0/i.test(cookie)) this.#cookies.delete(pair.slice(0, separator));
      else this.#cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    return { status: response.status, location: response.headers.get("location") ?? "", body: await response.text() };
  }
}

/** What submitting the page's form to `action` sends: its hidden fields and ticked boxes. */
function formFields(page: string, action: string): Record<string, string> {
  const form = new RegExp(`<form[^>]*action="${action}"[^>]*>([\\s\\S]*?)</form>`).exec(page)?.[1] ?? "";
  const fields: Record<string, string> = {};
  for (const [, attributes = ""] of form.matchAll(/<input\b([^>]*)>/g)) {
    const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];
    const submitted =
      attribute("type") === "hidden" || (attribute("type") === "checkbox" && /\bchecked\b/.test(attributes));
    const name = attribute("name");
    if (submitted && name !== undefined) {
      fields[name] = (attribute("value") ?? "").replace(
        /&(amp|quot|#39|lt|gt);/g,
        (entity) => ({ "&amp;": "&", "&quot;": '"', "&#39;": "'", "&lt;": "<", "&gt;": ">" })[entity] ?? entity,
      );
    }
  }
  return fields;
}

describe("README examples, run against a server", () => {
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let shell: ReadmeShell | undefined;
  let earlierFailed = false;
  /** what the first example's `kasboek demo --json` printed: how its user signs in */
  let demoUser: { email: string; password: string } | undefined;

  beforeAll(async () => {
    database = await freshDatabase();
    server = await startServer(database.url);
    shell = new ReadmeShell(database.url);
  });
  afterAll(async () => {
    shell?.close();
    await server?.stop();
    await database?.drop();
  });

  const started = () => {
    if (!database || !server || !shell) throw new Error("the server did not start");
    return { database, server, shell };
  };

  async function runExample(block: ReadmeBlock): Promise<Invocation[]> {
    const { server, shell } = started();
    expect(block.text, "the test adds --output and --write-out itself").not.toMatch(
      /(^|\s)(-o|-O|-w|--output|--write-out)(\s|=|$)/m,
    );
    const shown = shownCommands(block.text);
    const { invocations } = await shell.run(block.text.replaceAll(README_ADDRESS, server.url));
    expect(
      invocations.map((invocation) => invocation.kind),
      "every command shown runs once",
    ).toEqual(shown.map((command) => command.kind));
    invocations.forEach((invocation, index) => {
      const command = shown[index];
      const label = `${command?.line} →\n${invocation.output}`;
      expect(invocation.exitCode, label).toBe(0);
      if (invocation.kind === "curl") {
        expect(invocation.url.startsWith(`${server.url}/`), `${label}\nasked ${invocation.url}`).toBe(true);
        if (command?.status === undefined) expect(invocation.status, label).toBeLessThan(400);
        else expect(invocation.status, label).toBe(command.status);
      }
      if (command?.shape) expect(shapeProblems(command.shape, parsedOrText(invocation.output)), label).toEqual([]);
    });
    return invocations;
  }

  async function authorizeInBrowser(block: ReadmeBlock): Promise<void> {
    const { server, shell } = started();
    const request = /^GET (\/oauth\/authorize)\?(\S+)$/.exec(block.text.replace(/\n\s*/g, ""));
    expect(request, "the block is GET /oauth/authorize?…").not.toBeNull();
    const [clientId = ""] = await shell.variables("CLIENT_ID");
    const verifier = randomBytes(32).toString("base64url");
    const filledIn: Record<string, string> = {
      client_id: clientId,
      state: randomBytes(16).toString("base64url"),
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    };
    const parameters = new URLSearchParams();
    for (const [name, value] of new URLSearchParams(request?.[2])) {
      const placeholder = /…|\(/.test(value);
      expect(placeholder, `the README's ${name}=${value} is a placeholder the test fills in`).toBe(name in filledIn);
      parameters.set(name, placeholder ? (filledIn[name] ?? "") : value);
    }

    // the demo's user, with the password `kasboek demo` printed: that it signs in is part of the test
    if (demoUser === undefined) throw new Error("the demo example printed no user");
    const { email, password } = demoUser;
    const browser = new Browser(server.url);
    const login = await browser.request("/login");
    const signedIn = await browser.request("/login", { ...formFields(login.body, "/login"), email, password });
    expect(signedIn.status, signedIn.body).toBe(303);
    const consent = await browser.request(`${request?.[1]}?${parameters}`);
    expect(consent.status, consent.body).toBe(200);
    const fields = formFields(consent.body, "/oauth/authorize");
    const approved = await browser.request("/oauth/authorize", { ...fields, decision: "approve" });
    expect(approved.status, approved.body).toBe(303);
    const redirect = new URL(approved.location);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(parameters.get("redirect_uri"));
    expect(redirect.searchParams.get("state")).toBe(filledIn.state);
    expect(redirect.searchParams.get("iss"), "iss is Kasboek's address (PUBLIC_URL)").toBe(server.url);
    shell.define({ CODE: redirect.searchParams.get("code") ?? "", CODE_VERIFIER: verifier });
  }

  it("starts with the demo of First steps", () => {
    expect(EXAMPLES[0]?.text).toContain("npx kasboek demo");
  });

  for (const block of EXAMPLES) {
    const title = `README line ${block.line} (${block.heading})`;
    const skipped = /^skip: (.+)$/.exec(block.marker ?? "")?.[1];
    if (skipped !== undefined) {
      it.skip(`${title}: ${skipped}`, () => {});
      continue;
    }
    it(
      title,
      async (context) => {
        // the examples build on each other: after a failure the rest would only repeat it
        if (earlierFailed) context.skip("an earlier README example failed");
        earlierFailed = true;
        if (block.marker === BROWSER_MARKER) await authorizeInBrowser(block);
        else {
          const invocations = await runExample(block);
          if (block === EXAMPLES[0]) demoUser = JSON.parse(invocations[0]?.output ?? "null");
        }
        if (block === EXAMPLES[0]) {
          const [token, company, quarter] = await started().shell.variables("TOKEN", "COMPANY", "QUARTER");
          expect(token).toMatch(/^kb_/);
          expect(company).toMatch(/^\d+$/);
          expect(quarter).toMatch(/^\d{4}Q[1-4]$/);
        }
        earlierFailed = false;
      },
      BLOCK_TIMEOUT_MS,
    );
  }
});

describe("README reference", () => {
  it("lists every variable src/config.ts declares, with its default", () => {
    const section = README.split(/^## /m).find((part) => part.startsWith("Configuration\n")) ?? "";
    const rows = [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| ([^|]*) \|/gm)];
    expect(rows.map(([, name]) => name).sort()).toEqual(declaredEnvironmentVariables().sort());
    const defaults = new Map(Object.entries(loadConfig({})));
    for (const [, name = "", cell = ""] of rows) {
      const value = defaults.get(name);
      if (value !== undefined) expect(cell, name).toContain(`\`${String(value)}\``);
    }
  });

  it("names only kasboek commands that exist", () => {
    const named = new Set([...README.matchAll(/(?:`|npx |--rm )kasboek ([a-z][a-z-]*)/g)].map(([, name]) => name));
    const table = /const COMMANDS\b[^{]*\{([\s\S]*?)\n\};/.exec(readFileSync("src/main.ts", "utf8"))?.[1] ?? "";
    const commands = [...table.matchAll(/^ {2}"?([a-z][a-z-]*)"?:/gm)].map(([, name]) => name);
    expect(named.size).toBeGreaterThan(0);
    for (const name of named) expect(commands, `kasboek ${name}`).toContain(name);
  });

  it("links only to sections it has", () => {
    const prose = README.replace(/```[\s\S]*?```/g, "");
    const headings = [...prose.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading = ""]) =>
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, "")
        .replaceAll(" ", "-"),
    );
    const anchors = [...prose.matchAll(/\]\(#([^)]+)\)/g)].map(([, anchor]) => anchor);
    expect(anchors.length).toBeGreaterThan(0);
    for (const anchor of anchors) expect(headings, anchor).toContain(anchor);
  });
});
