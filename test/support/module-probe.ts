/**
 * For the start-up tests: a module-resolve hook, to be registered (`node:module` `register`) in a
 * child process, that posts every module URL the process resolves (ES modules and CommonJS alike)
 * to the port it is given. No module cache shows an ES module, so a hook is the only witness.
 */
export const RESOLVE_HOOKS = `
let port;
export async function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  port.postMessage(resolved.url);
  return resolved;
}`;
