import { describe, expect, it } from 'vitest';
import { domainsAbove, normalDomain } from './domain-blocks.ts';
import { expectMigrationRoundTrip } from './federation.testkit.ts';

describe('domain names for blocks', () => {
  it('keeps a domain in lower case and punycode, without a scheme, port, path or final dot', () => {
    expect(normalDomain('Spam.Example')).toBe('spam.example');
    expect(normalDomain('https://spam.example:8443/users/x')).toBe('spam.example');
    expect(normalDomain('bücher.example.')).toBe('xn--bcher-kva.example');
    expect(normalDomain('127.0.0.1')).toBe('127.0.0.1');
    for (const bad of ['', 'not a domain!', 'a..b', '%.example', 'x'.repeat(300)]) expect(normalDomain(bad)).toBeNull();
  });

  it('covers a host by itself and every domain above it', () => {
    expect(domainsAbove('eu.spam.example')).toEqual(['eu.spam.example', 'spam.example', 'example']);
    expect(domainsAbove('notspam.example')).not.toContain('spam.example');
  });
});

describe('migration 0032', () => {
  it('makes federation_domain_blocks and takes it away again', () => expectMigrationRoundTrip('0031_federation_deliveries', 'federation_', ['federation_domain_blocks']));
});
