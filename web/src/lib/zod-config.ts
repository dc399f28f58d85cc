/**
 * Imported first by start.tsx. zod compiles object parsers with new Function() unless told not to; the
 * page's Content-Security-Policy forbids eval (and reports every attempt), so it parses without it.
 * zod itself comes later, with the first call (load-schemas.ts), so the setting is left where zod reads
 * its settings from as it loads (zod-config.test.ts proves that zod takes it).
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
