import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';

/**
 * Stands in for Google at the edge we cannot reach: a local key pair whose public half is served as a
 * JWKS on a loopback port, and a signer of ID tokens shaped like Google's.
 */
export class FakeGoogle {
  private server: http.Server | undefined;
  private privateKey: CryptoKey | undefined;
  private jwk: JWK | undefined;
  readonly kid = 'test-key-1';
  url = '';
  /** The User-Agent of each request for the keys, oldest first (null: none). */
  readonly userAgents: Array<string | null> = [];

  async start(): Promise<string> {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    this.privateKey = privateKey;
    this.jwk = { ...(await exportJWK(publicKey)), kid: this.kid, alg: 'RS256', use: 'sig' };
    this.server = http.createServer((req, res) => {
      this.userAgents.push(req.headers['user-agent'] ?? null);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [this.jwk] }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/certs`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** An ID token; claims and signing key can be overridden to forge bad ones. */
  async idToken(
    claims: Record<string, unknown>,
    options: { audience?: string; issuer?: string; expiresIn?: string | number; key?: CryptoKey; kid?: string } = {},
  ): Promise<string> {
    const jwt = new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? this.kid })
      .setIssuer(options.issuer ?? 'https://accounts.google.com')
      .setAudience(options.audience ?? 'test-client.apps.googleusercontent.com')
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '1h');
    return jwt.sign(options.key ?? this.privateKey!);
  }
}
