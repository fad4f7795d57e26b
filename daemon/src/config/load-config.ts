import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { ConfigSchema, resolveConfig, type ResolvedConfig } from './config.schema.js';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The file read when INTAKE_CONFIG does not name another: optional, dotenv syntax. */
export const DEFAULT_CONFIG_FILE = 'config/intake.env';

/**
 * Layers: the schema's defaults, then the config file, then the environment (which wins). Parsed
 * once, at start; an invalid value is a ConfigError that names the setting.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ResolvedConfig {
  const explicit = env.INTAKE_CONFIG;
  const file = path.resolve(cwd, explicit ?? DEFAULT_CONFIG_FILE);
  let fromFile: Record<string, string> = {};
  if (fs.existsSync(file)) {
    fromFile = parseEnv(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  } else if (explicit) {
    throw new ConfigError(`INTAKE_CONFIG names ${file}, which does not exist`);
  }
  const known = Object.keys(ConfigSchema.shape);
  const merged: Record<string, string> = {};
  for (const key of known) {
    // An empty variable counts as unset, so it does not hide the file's value.
    const value = [env[key], fromFile[key]].find((v) => v !== undefined && v !== '');
    if (value !== undefined) merged[key] = value;
  }
  const parsed = ConfigSchema.safeParse(merged);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  return resolveConfig(parsed.data);
}
