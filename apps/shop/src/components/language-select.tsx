import { isLanguage, languageLabels, languages } from '@tryon/web';
import { useT } from '../lib/i18n/i18n.ts';

export function LanguageSelect() {
  const { t, lang, setLanguage } = useT();
  return (
    <select
      className="lang-select"
      aria-label={t('language.label')}
      value={lang}
      onChange={(event) => {
        if (isLanguage(event.target.value)) void setLanguage(event.target.value, true);
      }}
    >
      {languages.map((l) => (
        <option key={l} value={l}>
          {languageLabels[l]}
        </option>
      ))}
    </select>
  );
}
