/**
 * Imported first by main.tsx. zod compiles object parsers with new Function() unless told not to; the
 * page's Content-Security-Policy forbids eval (and reports every attempt), so it parses without it.
 * Only zod's config module, not zod: zod comes later, with the first call (load-schemas.ts).
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
