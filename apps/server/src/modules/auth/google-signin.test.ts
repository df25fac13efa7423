import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { routes } from '@tryon/contract';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, failed, ok, profileOf } from '../../../test/api.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';

/** Our own signing key published as a JWKS on a local server, standing where Google's keys would be. */
async function startJwksServer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { privateKey, url: `http://127.0.0.1:${port}/certs`, close: () => server.close() };
}

describe('Google sign-in', () => {
  let jwks: Awaited<ReturnType<typeof startJwksServer>>;
  let t: TestApp;
  beforeAll(async () => {
    jwks = await startJwksServer();
    t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwks.url });
  });
  afterAll(async () => {
    await t.close();
    jwks.close();
  });

  const token = (
    claims: Record<string, unknown> = {},
    options: {
      key?: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
      exp?: number;
      iss?: string;
    } = {},
  ) =>
    new SignJWT({ email: 'g.user@example.com', email_verified: true, name: 'G User', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(options.iss ?? 'https://accounts.google.com')
      .setAudience((claims.aud as string) ?? CLIENT_ID)
      .setSubject('google-sub-1')
      .setIssuedAt(Math.floor(t.clock.now() / 1000))
      .setExpirationTime(options.exp ?? Math.floor(t.clock.now() / 1000) + 3600)
      .sign(options.key ?? jwks.privateKey);
  const signin = (tok: string, app: TestApp = t) =>
    api(app).call(routes.auth.tokenSignin, { query: { token: tok } });

  it('publishes the client id for the sign-in button', async () => {
    const res = await api(t).call(routes.auth.publicConfig, {});
    expect(res.data).toEqual({ googleClientId: CLIENT_ID });
  });

  it('signs in with a valid token, creating the account once', async () => {
    const first = ok(await signin(await token()));
    const profile = await profileOf(t, first.apiKey);
    expect(profile).toMatchObject({ mail: 'g.user@example.com', tryonBalance: 50 });
    const second = ok(await signin(await token()));
    const again = await profileOf(t, second.apiKey);
    expect(again.suid).toBe(profile.suid);
  });

  it('refuses a wrong audience, a wrong issuer, an expired token, a foreign signature and an unverified e-mail', async () => {
    const other = await generateKeyPair('RS256');
    const bad = [
      await token({ aud: 'someone-else' }),
      await token({}, { iss: 'https://evil.example.com' }),
      await token({}, { exp: Math.floor(t.clock.now() / 1000) - 120 }),
      await token({}, { key: other.privateKey }),
      await token({ email_verified: false }),
      'not.a.jwt',
    ];
    for (const tok of bad) {
      const res = failed(await signin(tok), 401);
      expect(res.errorCodeStr).toBe('GOOGLE_SIGNIN_FAILED');
      expect(res.errorMessage).toMatch(/Google/);
    }
  });

  it('answers GOOGLE_SIGNIN_DISABLED when no client id is configured', async () => {
    const plain = await createTestApp();
    try {
      expect((await api(plain).call(routes.auth.publicConfig, {})).data).toEqual({
        googleClientId: null,
      });
      const res = await signin(await token(), plain);
      expect(failed(res).errorCodeStr).toBe('GOOGLE_SIGNIN_DISABLED');
    } finally {
      await plain.close();
    }
  });
});
