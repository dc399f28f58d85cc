import { generateKeyPairSync } from 'node:crypto';
import { dkimVerify } from 'mailauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { TestSmtpServer } from '../test/smtp.ts';
import { smtpTransport } from './transport.ts';

/**
 * DKIM signing (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY): a mail sent through a real SMTP server
 * with the List-Unsubscribe headers of a newsletter mail, verified by mailauth against the public key
 * as DNS would publish it. The signature covers both List-Unsubscribe headers (RFC 8058 asks for it).
 */
const smtp = new TestSmtpServer();
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const published = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
/** DNS as the verifier sees it: the key's TXT record at <selector>._domainkey.<domain>, nothing else. */
const resolver = async (name: string, type: string) => {
  if (type === 'TXT' && name === 'mail2026._domainkey.inkwell.example') return [[published]];
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
};

beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

async function sendSigned(
  transport = smtpTransport(smtp.url, { connections: 1, ratePerSecond: 100 }, { domainName: 'inkwell.example', keySelector: 'mail2026', privateKey: pem }),
) {
  await transport.send({
    from: { name: 'Ada Writer', address: 'stories@inkwell.example' },
    to: 'reader@example.com',
    subject: 'First light',
    text: 'Hello',
    html: '<p>Hello</p>',
    messageId: '<inkwell.1.abc.1@inkwell.example>',
    headers: {
      'List-Unsubscribe': '<https://inkwell.example/newsletter/unsubscribe?token=1-1.x>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': 'Ada Writer <writer-1.newsletter.inkwell.example>',
      Precedence: 'bulk',
    },
  });
  transport.close?.();
  return smtp.received.at(-1)!.raw;
}

describe('DKIM', () => {
  it('signs a mail so that a receiver verifies it, List-Unsubscribe and List-Unsubscribe-Post included', async () => {
    const raw = await sendSigned();
    const result = await dkimVerify(Buffer.from(raw), { resolver });
    const [signature] = result.results;
    expect(signature?.status.result).toBe('pass');
    expect(signature?.signingDomain).toBe('inkwell.example');
    const signed = signature!.signingHeaders!.keys.toLowerCase().split(': ').join(':').split(':');
    expect(signed).toEqual(expect.arrayContaining(['from', 'subject', 'message-id', 'list-unsubscribe', 'list-unsubscribe-post', 'list-id']));
  });

  it('fails verification once a signed header is changed on the way', async () => {
    const raw = (await sendSigned()).replace('token=1-1.x', 'token=2-1.x');
    const [signature] = (await dkimVerify(Buffer.from(raw), { resolver })).results;
    expect(signature?.status.result).toBe('fail');
  });

  it('is configured by all three variables or none, the key as PEM (\\n allowed) or a file', () => {
    expect(loadConfig({}).dkim).toBeUndefined();
    const escaped = pem.trim().replace(/\n/g, '\\n');
    expect(loadConfig({ DKIM_DOMAIN: 'Inkwell.Example', DKIM_SELECTOR: 'mail2026', DKIM_PRIVATE_KEY: escaped }).dkim).toEqual({
      domainName: 'inkwell.example',
      keySelector: 'mail2026',
      privateKey: pem.trim(),
    });
    expect(() => loadConfig({ DKIM_DOMAIN: 'inkwell.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ DKIM_DOMAIN: 'inkwell.example', DKIM_SELECTOR: 'mail2026', DKIM_PRIVATE_KEY: '/nowhere/key.pem' })).toThrow(/DKIM_PRIVATE_KEY/);
    expect(() =>
      loadConfig({ DKIM_DOMAIN: 'inkwell.example', DKIM_SELECTOR: 'mail2026', DKIM_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nnonsense\\n-----END PRIVATE KEY-----' }),
    ).toThrow(/DKIM_PRIVATE_KEY/);
  });
});
