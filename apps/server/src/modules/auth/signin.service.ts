import { timingSafeEqual } from 'node:crypto';
import {
  SIGNIN_CODE_LENGTH,
  SIGNIN_CODE_MAX_TRIES,
  SIGNIN_CODE_RESEND_SECONDS,
  SIGNIN_CODE_TTL_SECONDS,
  SIGNIN_CODES_PER_EMAIL_PER_DAY,
} from '@tryon/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { type Clock, DAY_MS } from '../../lib/clock.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { randomDigits, randomId, type Secrets } from '../../lib/secrets.ts';
import type { KeysService } from '../keys/keys.service.ts';
import type { ShopsService } from '../shops/shops.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { GoogleVerifier } from './google-verifier.ts';
import type { SigninCodesRepository } from './signin-codes.repository.ts';

export interface SigninSettings {
  adminEmails: readonly string[];
  sessionTtlDays: number;
  productName: string;
}

/** Sign-in by e-mailed code or Google ID token; each sign-in gets its own session key. */
export class SigninService {
  private readonly codes: SigninCodesRepository;
  private readonly users: UsersRepository;
  private readonly shops: ShopsService;
  private readonly keys: KeysService;
  private readonly google: GoogleVerifier;
  private readonly mailer: Mailer;
  private readonly secrets: Secrets;
  private readonly clock: Clock;
  private readonly settings: SigninSettings;
  private readonly log: FastifyBaseLogger;

  constructor(
    codes: SigninCodesRepository,
    users: UsersRepository,
    shops: ShopsService,
    keys: KeysService,
    google: GoogleVerifier,
    mailer: Mailer,
    secrets: Secrets,
    clock: Clock,
    settings: SigninSettings,
    log: FastifyBaseLogger,
  ) {
    this.codes = codes;
    this.users = users;
    this.shops = shops;
    this.keys = keys;
    this.google = google;
    this.mailer = mailer;
    this.secrets = secrets;
    this.clock = clock;
    this.settings = settings;
    this.log = log;
  }

  async sendCode(email: string, ip: string): Promise<{ resendAfterSeconds: number }> {
    const now = this.clock.now();
    const last = await this.codes.latest(email);
    if (last && now - last.created_at < SIGNIN_CODE_RESEND_SECONDS * 1000)
      throw new AppError('TOO_MANY_CODES');
    if ((await this.codes.countSince(email, now - DAY_MS)) >= SIGNIN_CODES_PER_EMAIL_PER_DAY) {
      throw new AppError('DAILY_CODE_LIMIT');
    }
    const code = randomDigits(SIGNIN_CODE_LENGTH);
    const id = randomId('code');
    await this.codes.replace({
      id,
      email,
      code_hash: this.secrets.codeDigest(email, code),
      attempts: 0,
      created_at: now,
      expires_at: now + SIGNIN_CODE_TTL_SECONDS * 1000,
      consumed_at: null,
      ip,
    });
    try {
      await this.mailer.send({
        to: email,
        subject: `${code} is your ${this.settings.productName} sign-in code`,
        text:
          `Your sign-in code is ${code}\n\n` +
          `It is valid for ${SIGNIN_CODE_TTL_SECONDS / 60} minutes and can be used once.\n` +
          'If you did not ask for it, you can ignore this message.\n',
      });
    } catch (error) {
      this.log.error({ err: error, to: email }, 'sign-in code could not be sent');
      await this.codes.remove(id);
      throw new AppError('MAIL_SEND_FAILED');
    }
    return { resendAfterSeconds: SIGNIN_CODE_RESEND_SECONDS };
  }

  async signInWithCode(email: string, code: string): Promise<string> {
    const now = this.clock.now();
    const row = await this.codes.latest(email);
    if (!row) throw new AppError('WRONG_CODE');
    if (row.consumed_at !== null) throw new AppError('CODE_EXPIRED');
    if (row.attempts >= SIGNIN_CODE_MAX_TRIES) throw new AppError('TOO_MANY_ATTEMPTS');
    if (row.expires_at <= now) throw new AppError('CODE_EXPIRED');
    const tries = await this.codes.takeAttempt(row.id, SIGNIN_CODE_MAX_TRIES);
    if (tries === null) throw new AppError('TOO_MANY_ATTEMPTS');
    const given = Buffer.from(this.secrets.codeDigest(email, code));
    const expected = Buffer.from(row.code_hash);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError(tries >= SIGNIN_CODE_MAX_TRIES ? 'TOO_MANY_ATTEMPTS' : 'WRONG_CODE');
    }
    if (!(await this.codes.consume(row.id, now))) throw new AppError('CODE_EXPIRED');
    return this.openSession(email, null);
  }

  async signInWithGoogle(token: string): Promise<string> {
    const identity = await this.google.verify(token);
    const bySub = await this.users.findByGoogleSub(identity.sub);
    return this.openSession(bySub?.email ?? identity.email, identity.sub);
  }

  async signOut(keyId: string, kind: string): Promise<void> {
    if (kind === 'session') await this.keys.revokeSession(keyId);
  }

  /** Finds or creates the account of an address, then issues a session key for it. */
  private async openSession(email: string, googleSub: string | null): Promise<string> {
    const isListedAdmin = this.settings.adminEmails.includes(email);
    let user = await this.users.findByEmail(email);
    if (!user) {
      try {
        await this.shops.createShop({
          email,
          name: email.split('@')[0] ?? email,
          googleSub,
          isAdmin: isListedAdmin,
        });
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'SHOP_EXISTS')) throw error;
      }
      user = await this.users.findByEmail(email);
    }
    if (!user) throw new AppError('INTERNAL_ERROR');
    if (isListedAdmin && user.is_admin !== 1) {
      await this.shops.setAdmin(user.uid, true, { uid: null, via: 'signin' });
    }
    if (googleSub && user.google_sub !== googleSub)
      await this.users.update(user.uid, { google_sub: googleSub });
    const shop = await this.shops.requireOwnedBy(user.uid);
    return this.keys.createSession(shop.suid, user.uid, this.settings.sessionTtlDays);
  }
}
