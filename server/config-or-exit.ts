import { ConfigError } from "~/lib/config/env.server";
import { loadConfig, type AppConfig } from "~/lib/config/config.server";

/** The configuration, or — when it is not valid — its message on stderr and exit code 1. */
export function configOrExit(env: Record<string, string | undefined>): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
