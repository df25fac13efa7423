import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';

/** Keys derived from APP_SECRET, one per purpose, so no two uses share a key. */
export interface Secrets {
  /** HMAC used to look up API keys without storing them. */
  keyDigest(apiKey: string): string;
  /** HMAC of a sign-in code, bound to its e-mail. */
  codeDigest(email: string, code: string): string;
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  /** Key of the signed image URLs. */
  imageLinkKey: Buffer;
}

const derive = (secret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'tryon-platform', purpose, 32));

export function createSecrets(appSecret: string): Secrets {
  const lookupKey = derive(appSecret, 'api-key-lookup');
  const codeKey = derive(appSecret, 'signin-code');
  const encKey = derive(appSecret, 'api-key-encryption');
  return {
    imageLinkKey: derive(appSecret, 'image-links'),
    keyDigest: (apiKey) => createHmac('sha256', lookupKey).update(apiKey).digest('base64url'),
    codeDigest: (email, code) =>
      createHmac('sha256', codeKey).update(`${email}\n${code}`).digest('base64url'),
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encKey, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined)
        throw new Error('Unknown sealed value format');
      const decipher = createDecipheriv('aes-256-gcm', encKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** An opaque random id: a short prefix naming its kind, then `bytes` random bytes in base64url. */
export const randomId = (prefix: string, bytes = 12): string =>
  `${prefix}_${randomBytes(bytes).toString('base64url')}`;

const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A short public code for shareable links: no look-alike characters, about 40 bits for 8 characters. */
export const randomCode = (length = 8): string =>
  Array.from({ length }, () => CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)]).join('');

/** A numeric code with leading zeros, from a cryptographic source. */
export const randomDigits = (length: number): string =>
  randomInt(0, 10 ** length)
    .toString()
    .padStart(length, '0');
