/** Configuration is read once, at start, from the environment (DESIGN §6); bad values stop start-up. */
import path from 'node:path';
import { z } from 'zod';

const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PASSES_PROFILE: z.enum(['embedded']).default('embedded'),
  PASSES_DATA_DIR: z.string().min(1).default('./data'),
  PASSES_APP_URL: z.url().optional(),
  PASSES_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
});

export interface Config {
  port: number;
  host: string;
  profile: 'embedded';
  dataDir: string;
  /** The public site's address; `{app_url}` of the spec. Without a trailing slash. */
  appUrl: string | null;
  secretKey: string | undefined;
}

export class ConfigError extends Error {}

export function configFromEnvironment(env: NodeJS.ProcessEnv): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue?.path[0] ?? 'environment')}: ${issue?.message ?? 'invalid'}`);
  }
  const values = parsed.data;
  return {
    port: values.PORT,
    host: values.HOST,
    profile: values.PASSES_PROFILE,
    dataDir: path.resolve(values.PASSES_DATA_DIR),
    appUrl: values.PASSES_APP_URL ? values.PASSES_APP_URL.replace(/\/+$/, '') : null,
    secretKey: values.PASSES_SECRET_KEY,
  };
}
