import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCatalog, errorCodes } from './errors.ts';

describe('error catalogue', () => {
  it('uses UPPER_SNAKE codes with a status and an English message each', () => {
    for (const code of errorCodes) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(errorCatalog[code].status).toBeGreaterThanOrEqual(400);
      expect(errorCatalog[code].message.length).toBeGreaterThan(5);
    }
  });

  it('is documented, code by code with its status, in the API guide', () => {
    const guide = readFileSync(path.resolve(import.meta.dirname, '../../../docs/api.md'), 'utf8');
    for (const code of errorCodes) {
      expect(guide, code).toMatch(new RegExp(`\\| \`${code}\`\\s*\\| ${errorCatalog[code].status}\\s*\\|`));
    }
  });

  it('keeps the texts of spec §8 word for word', () => {
    expect(errorCatalog.TOO_MANY_CODES.message).toBe(
      'You requested too many verification codes. Please wait 90 seconds before trying again.',
    );
    expect(errorCatalog.TOO_MANY_ATTEMPTS.message).toBe(
      'Too many attempts to enter the code. Please start the registration process again.',
    );
    expect(errorCatalog.WRONG_CODE.message).toBe('Wrong verification code. Please try again.');
    expect(errorCatalog.WRONG_EMAIL.message).toBe('Wrong email. Please enter different mail address.');
  });
});
