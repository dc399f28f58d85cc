import { describe, expect, it } from 'vitest';
import { ConfigError, defaultRateLimits, loadConfig, rateLimitVariables } from './config';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, '/srv/inkwell');
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/srv/inkwell/data',
      databaseUrl: undefined,
      publicUrl: 'http://127.0.0.1:3000',
      smtpUrl: undefined,
      googleClientId: undefined,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/inkwell',
      DATABASE_URL: 'postgres://u@db:5432/inkwell',
      PUBLIC_URL: 'https://read.example.com/',
      SMTP_URL: 'smtps://user:pw@mail.example.com:465',
      MAIL_FROM: 'Inkwell <hello@example.com>',
      GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/inkwell',
      databaseUrl: 'postgres://u@db:5432/inkwell',
      publicUrl: 'https://read.example.com',
      smtpUrl: 'smtps://user:pw@mail.example.com:465',
      mailFrom: 'Inkwell <hello@example.com>',
      googleClientId: 'abc.apps.googleusercontent.com',
    });
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({}).feedCacheMs).toBe(500);
    expect(loadConfig({ FEED_CACHE_MS: '0' }).feedCacheMs).toBe(0);
    expect(loadConfig({}).render.cacheMs).toBe(30_000);
    expect(loadConfig({ RENDER_CACHE_MS: '0' }).render.cacheMs).toBe(0);
    expect(() => loadConfig({ RENDER_CACHE_MS: '-1' })).toThrow(/RENDER_CACHE_MS/);
    expect(loadConfig({}).uploadGraceMs).toBe(7 * 24 * 3600 * 1000);
    expect(loadConfig({ UPLOAD_GRACE_HOURS: '2' }).uploadGraceMs).toBe(2 * 3600 * 1000);
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token-1' }).metricsToken).toBe('a-long-enough-token-1');
    // A short or spaced token is refused, and the message does not repeat it.
    for (const token of ['short', 'has spaces in the token']) {
      expect(() => loadConfig({ METRICS_TOKEN: token })).toThrow(/METRICS_TOKEN/);
      expect(() => loadConfig({ METRICS_TOKEN: token })).not.toThrow(token);
    }
  });

  it('reads every per-address limit and the database and overload limits', () => {
    for (const [name, variable] of Object.entries(rateLimitVariables) as Array<[keyof typeof rateLimitVariables, string]>) {
      expect(loadConfig({}).rateLimits[name]).toEqual(defaultRateLimits[name]);
      expect(loadConfig({ [variable]: '77' }).rateLimits[name]).toEqual({ ...defaultRateLimits[name], max: 77 });
      expect(() => loadConfig({ [variable]: '0' })).toThrow(variable);
    }
    expect(Object.values(rateLimitVariables)).toEqual(
      expect.arrayContaining(['RATE_LIMIT_SEARCH', 'RATE_LIMIT_HELP', 'RATE_LIMIT_LOGIN', 'RATE_LIMIT_FORGOT_PASSWORD', 'RATE_LIMIT_RESET_PASSWORD']),
    );
    expect(loadConfig({}).rateLimits.forgotPassword).toEqual({ max: 5, windowMs: 60 * 60_000 });
    expect(loadConfig({}).rateLimits.resetPassword).toEqual({ max: 10, windowMs: 15 * 60_000 });
    expect(loadConfig({ RATE_LIMIT_FORGOT_PASSWORD: '3', RATE_LIMIT_RESET_PASSWORD: '4' }).rateLimits).toMatchObject({
      forgotPassword: { max: 3 },
      resetPassword: { max: 4 },
    });
    expect(loadConfig({}).database).toEqual({ max: 10, queueMax: 100, waitMs: 3000, statementTimeoutMs: 5000 });
    expect(
      loadConfig({ DATABASE_POOL_MAX: '4', DATABASE_POOL_QUEUE_MAX: '9', DATABASE_POOL_WAIT_MS: '250', DATABASE_STATEMENT_TIMEOUT_MS: '0' }).database,
    ).toEqual({ max: 4, queueMax: 9, waitMs: 250, statementTimeoutMs: 0 });
    expect(loadConfig({}).overload.maxEventLoopDelayMs).toBe(1000);
    expect(loadConfig({}).overload.maxHeapUsedBytes).toBeGreaterThan(100 * 2 ** 20);
    expect(loadConfig({ OVERLOAD_EVENT_LOOP_DELAY_MS: '0', OVERLOAD_HEAP_USED_MB: '512', OVERLOAD_RETRY_AFTER_S: '7' }).overload).toEqual({
      maxEventLoopDelayMs: 0,
      maxHeapUsedBytes: 512 * 2 ** 20,
      retryAfterSeconds: 7,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_POOL_MAX: '0' }, 'DATABASE_POOL_MAX'],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: 'soon' }, 'DATABASE_STATEMENT_TIMEOUT_MS'],
    [{ OVERLOAD_HEAP_USED_MB: '-1' }, 'OVERLOAD_HEAP_USED_MB'],
    [{ RATE_LIMIT_SEARCH: 'lots' }, 'RATE_LIMIT_SEARCH'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'nobody' }, 'MAIL_FROM'],
    [{ UPLOAD_GRACE_HOURS: '0' }, 'UPLOAD_GRACE_HOURS'],
    [{ GOOGLE_CLIENT_ID: 'has space' }, 'GOOGLE_CLIENT_ID'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ FEED_CACHE_MS: '-5' }, 'FEED_CACHE_MS'],
  ])('stops with one clear line for %j', (env, name) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message.split('\n')).toHaveLength(1);
  });
});
