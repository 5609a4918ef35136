import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

const REPO_ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

/** Start-up settings, read from the environment once and checked. */
export interface ServerConfig {
  port: number;
  host: string;
  /** A snapshot to serve; when unset, the demo archive in `data/demo` (generated on first start). */
  archiveDir?: string;
  demoDir: string;
  demoEntries: number;
  webDir: string;
  publicUrl?: string;
  /** Access-Control-Allow-Origin of the API. */
  corsOrigin: string;
  /** Longest a search may run (ms) before it is cancelled with 408. */
  queryTimeoutMs: number;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    ...(env.ARCHIVE_DIR && { archiveDir: resolve(env.ARCHIVE_DIR) }),
    demoDir: resolve(env.DEMO_DIR || resolve(REPO_ROOT, 'data/demo')),
    demoEntries: integer(env, 'DEMO_ENTRIES', 250_000, 1, 20_000_000),
    webDir: resolve(env.WEB_DIR || resolve(REPO_ROOT, 'packages/web/dist')),
    ...(env.PUBLIC_URL && { publicUrl: env.PUBLIC_URL.replace(/\/+$/, '') }),
    corsOrigin: env.CORS_ORIGIN || '*',
    queryTimeoutMs: integer(env, 'QUERY_TIMEOUT_MS', 30_000, 1, 3_600_000),
  };
}
