import { describeTranslations } from '@tryon/web/test/describe-translations';
import en from './locales/en.json';
import pl from './locales/pl.json';
import ru from './locales/ru.json';

describeTranslations({ en, ru, pl });
