import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
    expect(loadConfig({}).uploadGraceMs).toBe(7 * 24 * 3600 * 1000);
    expect(loadConfig({ UPLOAD_GRACE_HOURS: '2' }).uploadGraceMs).toBe(2 * 3600 * 1000);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
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
