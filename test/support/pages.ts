/**
 * For tests of the server-rendered pages: a minimal browser over `app.inject` that keeps the
 * cookies the service sets (honouring Max-Age=0), sends them back, and posts forms with the
 * CSRF field taken from the page, as a real browser on the page would. Not used by the service.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";

export interface PageBrowserOptions {
  /** the client address the service sees (login throttling counts per address) */
  remoteAddress?: string;
  /** extra headers on every request, e.g. `x-forwarded-proto: https` */
  headers?: Record<string, string>;
}

export class PageBrowser {
  readonly cookies = new Map<string, string>();
  /**
   * Headers sent with every request, changeable later like a browser's settings: e.g.
   * `accept-language` for a browser made elsewhere (the pages speak Dutch unless asked otherwise).
   */
  readonly headers: Record<string, string>;
  readonly #app: FastifyInstance;
  readonly #options: PageBrowserOptions;

  constructor(app: FastifyInstance, options: PageBrowserOptions = {}) {
    this.#app = app;
    this.#options = options;
    this.headers = { ...options.headers };
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  #remember(response: LightMyRequestResponse): LightMyRequestResponse {
    const header = response.headers["set-cookie"];
    const lines = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
    for (const line of lines) {
      const [pair = "", ...attributes] = line.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(separator + 1).trim());
    }
    return response;
  }

  #headers(extra: Record<string, string>): Record<string, string> {
    const cookie = this.cookieHeader();
    return { ...this.headers, ...(cookie === "" ? {} : { cookie }), ...extra };
  }

  async get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.#remember(
      await this.#app.inject({
        method: "GET",
        url,
        headers: this.#headers(headers),
        ...(this.#options.remoteAddress === undefined ? {} : { remoteAddress: this.#options.remoteAddress }),
      }),
    );
  }

  /** Posts `fields` form-encoded, exactly as given (no CSRF field is added). */
  async post(
    url: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    return this.#remember(
      await this.#app.inject({
        method: "POST",
        url,
        headers: this.#headers({ "content-type": "application/x-www-form-urlencoded", ...headers }),
        payload: new URLSearchParams(fields).toString(),
        ...(this.#options.remoteAddress === undefined ? {} : { remoteAddress: this.#options.remoteAddress }),
      }),
    );
  }

  /** Opens `pageUrl` and posts `fields` to `action` with the CSRF field the page's form carries. */
  async submit(pageUrl: string, action: string, fields: Record<string, string>): Promise<LightMyRequestResponse> {
    const page = await this.get(pageUrl);
    return this.post(action, { csrf_token: csrfFieldOf(page.body), ...fields });
  }
}

/** The value of the first hidden `csrf_token` field on a page ("" when there is none). */
export function csrfFieldOf(body: string): string {
  return /name="csrf_token" value="([^"]*)"/.exec(body)?.[1] ?? "";
}

/** The attributes of one Set-Cookie line, sorted (their order means nothing), without Expires. */
export function cookieAttributes(line: string): string[] {
  return line
    .split(";")
    .slice(1)
    .map((attribute) => attribute.trim())
    .filter((attribute) => !/^expires=/i.test(attribute))
    .sort();
}
