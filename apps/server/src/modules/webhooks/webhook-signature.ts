import { createHmac, randomBytes } from 'node:crypto';

/** A signing secret: `whsec_` and 192 random bits. The whole string is the HMAC key, as Stripe's are. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64url')}`;

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signWebhook(secret: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}
