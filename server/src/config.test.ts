import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultRateLimits, loadConfig, rateLimitVariables } from './config.ts';

describe('configuration', () => {
  it('reads the spam defences, and refuses a number that is none', () => {
    expect(loadConfig({}, '/srv/inkwell').spam).toEqual({
      newAccountMs: 24 * 3_600_000,
      newAccountLinks: 2,
      newAccountCommentsPerHour: 10,
      holdFirstLink: true,
      trustAfter: 3,
      repeatMs: 10 * 60_000,
      minFillMs: 3000,
    });
    const set = {
      SPAM_NEW_ACCOUNT_HOURS: '0',
      SPAM_NEW_ACCOUNT_LINKS: '0',
      SPAM_NEW_ACCOUNT_COMMENTS_PER_HOUR: '3',
      SPAM_HOLD_FIRST_LINK: 'off',
      SPAM_TRUST_AFTER: '0',
      SPAM_REPEAT_MINUTES: '5',
      SPAM_MIN_FILL_SECONDS: '0',
    };
    expect(loadConfig(set, '/srv/inkwell').spam).toEqual({
      newAccountMs: 0,
      newAccountLinks: 0,
      newAccountCommentsPerHour: 3,
      holdFirstLink: false,
      trustAfter: 0,
      repeatMs: 5 * 60_000,
      minFillMs: 0,
    });
    expect(() => loadConfig({ SPAM_HOLD_FIRST_LINK: 'yes' }, '/srv/inkwell')).toThrow(ConfigError);
    expect(() => loadConfig({ SPAM_NEW_ACCOUNT_LINKS: 'two' }, '/srv/inkwell')).toThrow(ConfigError);
    expect(() => loadConfig({ SPAM_TRUST_AFTER: 'three' }, '/srv/inkwell')).toThrow(ConfigError);
    expect(() => loadConfig({ SPAM_NEW_ACCOUNT_COMMENTS_PER_HOUR: '0' }, '/srv/inkwell')).toThrow(ConfigError);
  });

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

  it('reads where mail comes back: tagged addresses in lower case, the inbound port on HOST unless told', () => {
    expect(loadConfig({}).inboundMail).toEqual({ bounce: undefined, unsubscribe: undefined, port: 0, host: '127.0.0.1', maxBytes: 2 * 1024 * 1024, perClientPerMinute: 60 });
    const config = loadConfig({
      HOST: '0.0.0.0',
      MAIL_BOUNCE_ADDRESS: 'Bounces@Mail.Example.com',
      MAIL_UNSUBSCRIBE_MAILTO: 'unsubscribe@mail.example.com',
      MAIL_INBOUND_PORT: '2525',
      MAIL_INBOUND_MAX_BYTES: '100000',
      RATE_LIMIT_INBOUND_MAIL: '5',
    });
    expect(config.inboundMail).toEqual({
      bounce: { local: 'bounces', domain: 'mail.example.com' },
      unsubscribe: { local: 'unsubscribe', domain: 'mail.example.com' },
      port: 2525,
      host: '0.0.0.0',
      maxBytes: 100000,
      perClientPerMinute: 5,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/inkwell',
      DATABASE_URL: 'postgres://u@db:5432/inkwell',
      DATABASE_DIRECT_URL: 'postgres://u@db-direct:5432/inkwell',
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
      databaseDirectUrl: 'postgres://u@db-direct:5432/inkwell',
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

  it('never repeats a password of a URL it refuses', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://user:s3cret-pw@cache:6379' })).toThrow(
      "REDIS_URL must be a URL starting with redis: or rediss: (got 'http://user:***@cache:6379')",
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:s3cret-pw@db/x' })).not.toThrow(/s3cret/);
  });

  it('trusts no proxy unless TRUST_PROXY names them or their number', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    for (const bad of ['0', 'yes', 'proxy.example.com', '10.0.0.1;rm']) expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });

  it('runs one app process per core unless WORKERS says how many', () => {
    expect(loadConfig({}).workers).toBe(availableParallelism());
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
    expect(loadConfig({ WORKERS: '8' }).workers).toBe(8);
    for (const bad of ['0', '-1', 'two', '257']) expect(() => loadConfig({ WORKERS: bad })).toThrow(/WORKERS/);
  });

  it('counts per-address limits in Redis when REDIS_URL is set, under REDIS_PREFIX', () => {
    expect(loadConfig({})).toMatchObject({ redisUrl: undefined, redisPrefix: 'inkwell:' });
    expect(loadConfig({ REDIS_URL: 'redis://:pw@cache:6379/2', REDIS_PREFIX: 'blog-a:' })).toMatchObject({
      redisUrl: 'redis://:pw@cache:6379/2',
      redisPrefix: 'blog-a:',
    });
    expect(loadConfig({ REDIS_URL: 'rediss://cache.example.com:6380' }).redisUrl).toBe('rediss://cache.example.com:6380');
    for (const url of ['http://cache:6379', 'cache:6379', 'not a url']) {
      expect(() => loadConfig({ REDIS_URL: url })).toThrow(/REDIS_URL must be a URL starting with redis: or rediss:/);
    }
    expect(() => loadConfig({ REDIS_PREFIX: 'has space' })).toThrow(/REDIS_PREFIX/);
  });

  it('keeps files in DATA_DIR/storage unless STORAGE_URL names an S3 bucket, reached as the AWS SDK would', () => {
    expect(loadConfig({}).storage).toEqual({ s3: undefined, publicUrl: undefined });
    // Only the bucket: AWS itself, its region by default, the SDK's own sources of credentials.
    expect(loadConfig({ STORAGE_URL: 's3://inkwell-files' }).storage.s3).toEqual({
      bucket: 'inkwell-files',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    const compatible = {
      STORAGE_URL: 's3://my.bucket-1/sites/inkwell/',
      AWS_ENDPOINT_URL: 'http://minio:9000',
      AWS_REGION: 'eu-west-3',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret/key+example',
    };
    expect(loadConfig(compatible).storage.s3).toEqual({
      bucket: 'my.bucket-1',
      prefix: 'sites/inkwell/',
      endpoint: 'http://minio:9000',
      region: 'eu-west-3',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret/key+example' },
      // A custom endpoint: the bucket in the path unless told otherwise.
      forcePathStyle: true,
    });
    expect(loadConfig({ ...compatible, S3_FORCE_PATH_STYLE: 'off' }).storage.s3?.forcePathStyle).toBe(false);
    expect(loadConfig({ STORAGE_URL: 's3://abc', S3_FORCE_PATH_STYLE: 'on' }).storage.s3?.forcePathStyle).toBe(true);
    // The S3-specific endpoint wins, as in the SDK; a session token comes along.
    expect(loadConfig({ ...compatible, AWS_ENDPOINT_URL_S3: 'https://s3.example.com', AWS_SESSION_TOKEN: 'tok' }).storage.s3).toMatchObject({
      endpoint: 'https://s3.example.com',
      credentials: { sessionToken: 'tok' },
    });
    expect(loadConfig({ STORAGE_URL: 's3://abc', AWS_DEFAULT_REGION: 'ap-south-1' }).storage.s3?.region).toBe('ap-south-1');
    // Unset: DATA_DIR/storage, whatever AWS_* say.
    expect(loadConfig({ AWS_ACCESS_KEY_ID: 'only-one' }).storage.s3).toBeUndefined();

    expect(loadConfig({ STORAGE_PUBLIC_URL: 'https://cdn.example.com/inkwell/' }).storage.publicUrl).toBe('https://cdn.example.com/inkwell');
    expect(loadConfig({ STORAGE_PUBLIC_URL: 'http://localhost:9000' }).storage.publicUrl).toBe('http://localhost:9000');

    for (const url of [
      '/var/files',
      'file:///var/files',
      'gs://bucket',
      's3://',
      's3://ab',
      's3://Upper',
      's3://under_score',
      's3://a..b',
      's3://bucket/../x',
      's3://bucket//x',
      's3://bucket/a b',
    ]) {
      expect(() => loadConfig({ STORAGE_URL: url }), url).toThrow(/^Invalid configuration: STORAGE_URL must be .*s3:\/\/bucket/);
    }
    expect(() => loadConfig({ STORAGE_URL: 's3://abc', AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE' })).toThrow(/AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ STORAGE_URL: 's3://abc', AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE' })).not.toThrow(/AKIDEXAMPLE/);
    expect(() => loadConfig({ STORAGE_URL: 's3://abc', AWS_ENDPOINT_URL_S3: 'minio:9000' })).toThrow(/AWS_ENDPOINT_URL_S3/);
    expect(() => loadConfig({ STORAGE_URL: 's3://abc', S3_FORCE_PATH_STYLE: 'true' })).toThrow(/S3_FORCE_PATH_STYLE must be on or off/);
    for (const url of ['ftp://cdn.example.com', 'cdn.example.com', 'https://cdn.example.com/?v=1', 'https://user:pw@cdn.example.com']) {
      expect(() => loadConfig({ STORAGE_PUBLIC_URL: url }), url).toThrow(/STORAGE_PUBLIC_URL/);
    }
  });

  it('federates by default only on an https PUBLIC_URL; FEDERATION, FEDERATION_ALLOW_PRIVATE_ADDRESS and FEDERATION_LOOKUP_TIMEOUT_MS say otherwise', () => {
    expect(loadConfig({}).federation).toEqual({ enabled: false, allowPrivateAddress: false, lookupTimeoutMs: 10_000 });
    expect(loadConfig({ PUBLIC_URL: 'https://ink.example' }).federation).toEqual({ enabled: true, allowPrivateAddress: false, lookupTimeoutMs: 10_000 });
    expect(loadConfig({ PUBLIC_URL: 'https://ink.example', FEDERATION: 'off' }).federation.enabled).toBe(false);
    expect(loadConfig({ FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE_ADDRESS: '1' }).federation).toEqual({ enabled: true, allowPrivateAddress: true, lookupTimeoutMs: 10_000 });
    expect(loadConfig({ FEDERATION_ALLOW_PRIVATE_ADDRESS: '0' }).federation.allowPrivateAddress).toBe(false);
    expect(() => loadConfig({ FEDERATION: 'yes' })).toThrow(new ConfigError('FEDERATION must be on or off, not "yes".'));
    expect(() => loadConfig({ FEDERATION_ALLOW_PRIVATE_ADDRESS: 'true' })).toThrow(ConfigError);
    expect(loadConfig({ FEDERATION_LOOKUP_TIMEOUT_MS: '2500' }).federation.lookupTimeoutMs).toBe(2500);
    expect(() => loadConfig({ FEDERATION_LOOKUP_TIMEOUT_MS: '0' })).toThrow(ConfigError);
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
    expect(loadConfig({ DATABASE_POOL_MAX: '4', DATABASE_POOL_QUEUE_MAX: '9', DATABASE_POOL_WAIT_MS: '250', DATABASE_STATEMENT_TIMEOUT_MS: '0' }).database).toEqual({
      max: 4,
      queueMax: 9,
      waitMs: 250,
      statementTimeoutMs: 0,
    });
    // Named prepared statements unless a pooler that cannot carry them is in front.
    expect(loadConfig({}).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'on' }).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'off' }).databasePreparedStatements).toBe(false);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' })).toThrow(new ConfigError('DATABASE_PREPARED_STATEMENTS must be on or off, not "false".'));
    expect(loadConfig({}).overload.maxEventLoopDelayMs).toBe(1000);
    expect(loadConfig({}).overload.maxHeapUsedBytes).toBeGreaterThan(100 * 2 ** 20);
    expect(loadConfig({ OVERLOAD_EVENT_LOOP_DELAY_MS: '0', OVERLOAD_HEAP_USED_MB: '512', OVERLOAD_RETRY_AFTER_S: '7' }).overload).toEqual({
      maxEventLoopDelayMs: 0,
      maxHeapUsedBytes: 512 * 2 ** 20,
      retryAfterSeconds: 7,
    });
  });

  it('lets signed-in writes wait for a turn (as many at once as the pool has connections, 2 000 waiting, 5 s each), and new connections to be accepted', () => {
    expect(loadConfig({}).writeQueue).toEqual({ concurrency: 10, depth: 2000, waitMs: 5000 });
    expect(loadConfig({ DATABASE_POOL_MAX: '4' }).writeQueue.concurrency).toBe(4);
    expect(loadConfig({ DATABASE_POOL_MAX: '4', WRITE_QUEUE_CONCURRENCY: '6', WRITE_QUEUE_DEPTH: '0', WRITE_QUEUE_WAIT_MS: '60000' }).writeQueue).toEqual({
      concurrency: 6,
      depth: 0,
      waitMs: 60_000,
    });
    // New connections of a burst wait to be accepted instead of being dropped (Node's own default is 511).
    expect(loadConfig({}).listenBacklog).toBe(4096);
    expect(loadConfig({ LISTEN_BACKLOG: '511' }).listenBacklog).toBe(511);
    expect(() => loadConfig({ WRITE_QUEUE_WAIT_MS: '60001' })).toThrow(
      new ConfigError("Invalid configuration: WRITE_QUEUE_WAIT_MS must be a whole number from 1 to 60000 (got '60001')."),
    );
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ WRITE_QUEUE_CONCURRENCY: '0' }, 'WRITE_QUEUE_CONCURRENCY'],
    [{ WRITE_QUEUE_DEPTH: 'many' }, 'WRITE_QUEUE_DEPTH'],
    [{ WRITE_QUEUE_DEPTH: '100001' }, 'WRITE_QUEUE_DEPTH'],
    [{ WRITE_QUEUE_WAIT_MS: '0' }, 'WRITE_QUEUE_WAIT_MS'],
    [{ LISTEN_BACKLOG: '0' }, 'LISTEN_BACKLOG'],
    [{ DATABASE_POOL_MAX: '0' }, 'DATABASE_POOL_MAX'],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: 'soon' }, 'DATABASE_STATEMENT_TIMEOUT_MS'],
    [{ OVERLOAD_HEAP_USED_MB: '-1' }, 'OVERLOAD_HEAP_USED_MB'],
    [{ RATE_LIMIT_SEARCH: 'lots' }, 'RATE_LIMIT_SEARCH'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_DIRECT_URL: 'pgbouncer://x' }, 'DATABASE_DIRECT_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ REDIS_URL: 'http://cache' }, 'REDIS_URL'],
    [{ MAIL_FROM: 'nobody' }, 'MAIL_FROM'],
    [{ UPLOAD_GRACE_HOURS: '0' }, 'UPLOAD_GRACE_HOURS'],
    [{ GOOGLE_CLIENT_ID: 'has space' }, 'GOOGLE_CLIENT_ID'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ FEED_CACHE_MS: '-5' }, 'FEED_CACHE_MS'],
    [{ STORAGE_URL: 'https://bucket.example.com' }, 'STORAGE_URL'],
    [{ STORAGE_PUBLIC_URL: 'not a url' }, 'STORAGE_PUBLIC_URL'],
    [{ MAIL_BOUNCE_ADDRESS: 'bounces+x@mail.example.com' }, 'MAIL_BOUNCE_ADDRESS'],
    [{ MAIL_BOUNCE_ADDRESS: 'a-local-part-far-too-long@mail.example.com' }, 'MAIL_BOUNCE_ADDRESS'],
    [{ MAIL_UNSUBSCRIBE_MAILTO: 'unsubscribe' }, 'MAIL_UNSUBSCRIBE_MAILTO'],
    [{ MAIL_BOUNCE_ADDRESS: 'x@mail.example.com', MAIL_UNSUBSCRIBE_MAILTO: 'X@Mail.example.com' }, 'MAIL_UNSUBSCRIBE_MAILTO'],
    [{ MAIL_INBOUND_PORT: 'smtp' }, 'MAIL_INBOUND_PORT'],
    [{ RATE_LIMIT_INBOUND_MAIL: '0' }, 'RATE_LIMIT_INBOUND_MAIL'],
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
