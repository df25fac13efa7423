import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/i18n.ts';
import { errorText } from './error-text.ts';

const tooSmall = {
  status: 400,
  data: {
    errorCodeStr: 'IMAGE_TOO_SMALL',
    errorMessage: 'The image is 200x180 px; it must be at least 256x256 px.',
    details: { width: 200, height: 180, minWidth: 256, minHeight: 256 },
  },
};

describe('error texts', () => {
  afterEach(() => setLanguage('en'));

  it('names the minimum size the server sent, in each language', async () => {
    expect(errorText(tooSmall)).toBe(
      'The image is too small: it must be at least 256×256 px (this one is 200×180 px).',
    );
    await setLanguage('ru');
    expect(errorText(tooSmall)).toContain('не меньше 256×256');
    await setLanguage('pl');
    expect(errorText(tooSmall)).toContain('co najmniej 256×256 px');
  });

  it('translates the person check codes', async () => {
    const refused = (code: string) => ({ status: 422, data: { errorCodeStr: code, errorMessage: '' } });
    expect(errorText(refused('MULTIPLE_PEOPLE'))).toContain('more than one person');
    await setLanguage('pl');
    expect(errorText(refused('NO_PERSON'))).toBe(
      'Na zdjęciu nie znaleziono osoby. Użyj zdjęcia jednej osoby.',
    );
  });
});
