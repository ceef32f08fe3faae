/**
 * Rails-style query strings: `search[q]=x`, `search[paths][]=a&search[paths][]=b`, also with the
 * brackets percent-encoded (`search%5Bq%5D=x`). Plain keys stay strings; a repeated plain key
 * keeps its last value, as Rails does. Every key is kept here; the route's schema drops the keys
 * it does not declare (validation.ts), so a handler never sees them.
 */

export type QueryValue = string | QueryValue[] | { [key: string]: QueryValue };
export type Query = { [key: string]: QueryValue };

function decode(component: string): string {
  try {
    return decodeURIComponent(component.replace(/\+/g, " "));
  } catch {
    // A stray '%' is kept literally rather than failing the whole request.
    return component.replace(/\+/g, " ");
  }
}

/** `a[b][]` → ["a", "b", ""]; a key without brackets is one segment. */
function keySegments(key: string): string[] | null {
  const open = key.indexOf("[");
  if (open <= 0) return [key];
  const segments = [key.slice(0, open)];
  const rest = key.slice(open);
  const pattern = /\[([^[\]]*)\]/g;
  let consumed = 0;
  for (const match of rest.matchAll(pattern)) {
    if (match.index !== consumed) return null;
    segments.push(match[1] ?? "");
    consumed = match.index + match[0].length;
  }
  return consumed === rest.length ? segments : null;
}

function assign(target: Query, segments: string[], value: string): void {
  const [head, ...tail] = segments;
  if (head === undefined) return;
  if (tail.length === 0) {
    target[head] = value;
    return;
  }
  if (tail.length === 1 && tail[0] === "") {
    const existing = target[head];
    if (Array.isArray(existing)) existing.push(value);
    else target[head] = [value];
    return;
  }
  let child = target[head];
  if (typeof child !== "object" || child === null || Array.isArray(child)) {
    child = {};
    target[head] = child;
  }
  assign(child, tail, value);
}

export function parseQueryString(queryString: string): Query {
  const query: Query = Object.create(null);
  if (queryString === "") return query;
  for (const pair of queryString.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const rawKey = equals === -1 ? pair : pair.slice(0, equals);
    const rawValue = equals === -1 ? "" : pair.slice(equals + 1);
    const key = decode(rawKey);
    if (key === "" || key === "__proto__") continue;
    const segments = keySegments(key) ?? [key];
    if (segments.includes("__proto__")) continue;
    assign(query, segments, decode(rawValue));
  }
  return query;
}
