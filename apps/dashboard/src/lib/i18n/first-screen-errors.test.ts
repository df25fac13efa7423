import { routeErrorCodes, routes } from '@tryon/contract';
import errors from '@tryon/web/error-texts/en.json';
import { describe, expect, it } from 'vitest';
import { signInErrorTexts } from './i18n.ts';

/** The first screen ships only some English error texts (login budget); the sign-in calls must find theirs. */
describe('error texts of the first screen', () => {
  const { mailRegister, mailSignin, tokenSignin, publicConfig } = routes.auth;

  it('has a text for every code the sign-in calls can answer, the shared one', () => {
    for (const def of [mailRegister, mailSignin, tokenSignin, publicConfig]) {
      for (const code of routeErrorCodes(def)) {
        expect(signInErrorTexts, `${def.path}: ${code}`).toHaveProperty(code, errors[code]);
      }
    }
  });

  it('leaves the signed-in codes to the full catalogue', () => {
    expect(Object.keys(signInErrorTexts).length).toBeLessThan(Object.keys(errors).length / 2);
    expect(signInErrorTexts).not.toHaveProperty('NO_BALANCE');
  });
});
