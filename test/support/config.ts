/** For the container tests: what src/config.ts makes of a set of environment variables. */
import { type Config, loadConfig } from "../../src/config.js";

/** The configuration these settings give, or undefined when src/config.ts refuses them. */
export function configFrom(environment: Record<string, string>): Config | undefined {
  try {
    return loadConfig(environment);
  } catch {
    return undefined;
  }
}
