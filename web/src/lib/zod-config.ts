/**
 * Imported first by main.tsx. zod compiles object parsers with new Function() unless told not to; the
 * page's Content-Security-Policy forbids eval (and reports every attempt), so it parses without it.
 */
import { z } from 'zod';

z.config({ jitless: true });
