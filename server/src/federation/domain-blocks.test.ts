import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import { createDomainBlocks, domainsAbove, isDeliveryToBlockedServer, normalDomain } from './domain-blocks.ts';
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

describe('deliveries queued before a block', () => {
  it('are told apart from the rest: an outbox message to a blocked server (or below it) only', async () => {
    const created = await createTestDatabase(await fs.mkdtemp(path.join(os.tmpdir(), 'inkwell-blocks-')));
    const { db } = created.database;
    try {
      await createDomainBlocks(db, async () => 0).block('spam.example', 'command line');
      const outbox = (inbox: unknown) => ({ type: 'outbox', id: 'x', activityType: 'Create', inbox, sharedInbox: true });
      expect(await isDeliveryToBlockedServer(db, outbox('https://spam.example/inbox'))).toBe(true);
      expect(await isDeliveryToBlockedServer(db, outbox('https://eu.spam.example/users/a/inbox'))).toBe(true);
      expect(await isDeliveryToBlockedServer(db, outbox('https://notspam.example/inbox'))).toBe(false);
      expect(await isDeliveryToBlockedServer(db, outbox(42))).toBe(false);
      // What the server received (an inbox message) and Fedify's fan-out are not deliveries: never dropped here.
      expect(await isDeliveryToBlockedServer(db, { type: 'inbox', inbox: 'https://spam.example/inbox' })).toBe(false);
      expect(await isDeliveryToBlockedServer(db, { type: 'fanout', inboxes: { 'https://spam.example/inbox': {} } })).toBe(false);
      expect(await isDeliveryToBlockedServer(db, 'outbox')).toBe(false);
      expect(await isDeliveryToBlockedServer(db, null)).toBe(false);
    } finally {
      await created.database.destroy();
      await created.drop();
    }
  });
});

describe('migration 0032', () => {
  it('makes federation_domain_blocks and takes it away again', () => expectMigrationRoundTrip('0031_federation_deliveries', 'federation_', ['federation_domain_blocks']));
});
