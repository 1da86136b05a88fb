import type { LoginTokens } from '@sitepulse/contracts';
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { DEMO, seedDemo } from '../demo/seed.ts';
import { createTestDb, type TestDb } from './test-db.ts';

export interface TestContext {
  app: App;
  db: TestDb;
  config: Config;
  companyId: number;
}

/** A test configuration: defaults, no web app, a fixed JWT secret unless overridden. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ WEB_DIST: '/nonexistent-web-dist', LOG_LEVEL: 'silent', ...env });
}

/** Builds the app on a fresh database with the demo seed. Call `close()` when done. */
export async function createTestApp(env: Record<string, string> = {}) {
  const db = await createTestDb();
  const { companyId } = await seedDemo(db.db);
  const config = testConfig(env);
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  return {
    app,
    db,
    config,
    companyId,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

/**
 * Sets up one app per test file (beforeAll/afterAll). The returned object is filled in beforeAll.
 */
export function useTestApp(env: Record<string, string> = {}): TestContext {
  const ctx = {} as TestContext & { close?: () => Promise<void> };
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(env));
  });
  afterAll(async () => {
    await ctx.close?.();
  });
  return ctx;
}

export const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

let ipCounter = 0;
/** A distinct client address, so rate limits of one test do not affect another. */
export const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

/** Signs in as a demo user; returns the tokens and the headers of signed-in calls. */
export async function signIn(
  ctx: TestContext,
  username: string = DEMO.users.admin,
  password: string = DEMO.password,
  companyId = ctx.companyId,
) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/login',
    headers: { authorization: basic(username, password), companyid: String(companyId) },
    remoteAddress: freshIp(),
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  const tokens = res.json() as LoginTokens;
  return {
    tokens,
    headers: {
      authorization: `Bearer ${tokens.accessToken}`,
      companyid: String(companyId),
      username,
    },
  };
}
