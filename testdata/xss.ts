import fs from 'node:fs';
import path from 'node:path';

/**
 * The shared XSS payloads (../shared/testdata beside the repository, as CI and developers have it);
 * the copy in this folder stands in where the shared folder is absent (a clone elsewhere).
 */
export function loadXssPayloads(): string[] {
  const candidates = [
    process.env.XSS_PAYLOADS,
    path.resolve(import.meta.dirname, '../../shared/testdata/xss-payloads.json'),
    path.resolve(import.meta.dirname, 'xss-payloads.json'),
  ].filter((p): p is string => Boolean(p));
  const file = candidates.find((p) => fs.existsSync(p))!;
  const payloads = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(payloads) || payloads.length < 100) throw new Error(`${file} does not hold the payload list`);
  return payloads as string[];
}
