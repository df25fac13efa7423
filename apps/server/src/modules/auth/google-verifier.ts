import { createRemoteJWKSet, jwtVerify } from 'jose';
import { AppError } from '../../lib/app-error.ts';

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/** Verifies Google ID tokens: signature against Google's published keys, audience, issuer and expiry. */
export class GoogleVerifier {
  private readonly jwks;

  private readonly clientId: string | undefined;
  private readonly now: () => number;

  constructor(clientId: string | undefined, jwksUrl: string, now: () => number) {
    this.clientId = clientId;
    this.now = now;
    this.jwks = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  }

  get enabled(): boolean {
    return this.clientId !== undefined;
  }

  async verify(token: string): Promise<GoogleIdentity> {
    if (!this.clientId) throw new AppError('GOOGLE_SIGNIN_DISABLED');
    try {
      const { payload } = await jwtVerify(token, this.jwks, {
        issuer: GOOGLE_ISSUERS,
        audience: this.clientId,
        algorithms: ['RS256'],
        currentDate: new Date(this.now()),
        clockTolerance: 30,
      });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.email !== 'string' ||
        payload.email_verified !== true
      ) {
        throw new AppError('GOOGLE_SIGNIN_FAILED', 'The Google account has no verified e-mail address.');
      }
      return {
        sub: payload.sub,
        email: payload.email.toLowerCase(),
        name: typeof payload.name === 'string' ? payload.name : '',
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('GOOGLE_SIGNIN_FAILED');
    }
  }
}
