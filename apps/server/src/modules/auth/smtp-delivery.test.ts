import type { AddressInfo } from 'node:net';
import { routes } from '@tryon/contract';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, failed, ok, profileOf } from '../../../test/api.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

describe('sign-in code over SMTP', () => {
  const received: { to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  let port: number;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Try-on <codes@tryon.test>' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the code to a real SMTP server, and the code signs in', async () => {
    const sent = await api(t).call(routes.auth.mailRegister, { query: { email: 'smtp@example.com' } });
    expect(sent.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['smtp@example.com']);
    expect(received[0]?.raw).toMatch(/^From: "?Try-on"? <codes@tryon.test>/m);
    const code = /sign-in code is (\d{4})/.exec(received[0]?.raw ?? '')?.[1];
    expect(code).toMatch(/^\d{4}$/);
    const signin = ok(
      await api(t).call(routes.auth.mailSignin, { query: { email: 'smtp@example.com', code: code ?? '' } }),
    );
    expect((await profileOf(t, signin.apiKey)).mail).toBe('smtp@example.com');
  });

  it('answers MAIL_SEND_FAILED when the mail server is down, and lets the user retry at once', async () => {
    const down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const register = () => api(down).call(routes.auth.mailRegister, { query: { email: 'x@example.com' } });
      const res = await register();
      expect(failed(res, 502)).toMatchObject({
        errorCodeStr: 'MAIL_SEND_FAILED',
        errorMessage: 'Error sending verification code, please try again',
      });
      const retry = await register();
      expect(failed(retry).errorCodeStr).toBe('MAIL_SEND_FAILED');
    } finally {
      await down.close();
    }
  });
});
