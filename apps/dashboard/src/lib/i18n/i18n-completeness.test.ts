import errorsEn from '@tryon/web/error-texts/en.json';
import errorsPl from '@tryon/web/error-texts/pl.json';
import errorsRu from '@tryon/web/error-texts/ru.json';
import { describeTranslations } from '@tryon/web/test/describe-translations';
import en from './locales/en.json';
import pl from './locales/pl.json';
import ru from './locales/ru.json';

describeTranslations({
  en: { ...en, errors: errorsEn },
  ru: { ...ru, errors: errorsRu },
  pl: { ...pl, errors: errorsPl },
});
