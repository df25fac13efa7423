import { NativeSelect } from '@mantine/core';
import { isLanguage, languageLabels, languages } from '@tryon/web';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { setLanguage } from '../lib/parameters/parameters-slice.ts';
import { useParameters } from '../lib/store/parameters-hooks.ts';

const options = languages.map((lang) => ({ value: lang, label: languageLabels[lang] }));

export function LanguageSelect({ withLabel = false }: { withLabel?: boolean }) {
  const { t } = useTranslation();
  const { lang } = useParameters();
  const dispatch = useDispatch();
  return (
    <NativeSelect
      data-testid="language-select"
      size="xs"
      w={120}
      label={withLabel ? t('language.label') : undefined}
      aria-label={t('language.label')}
      data={options}
      value={lang}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLanguage(value)) dispatch(setLanguage(value));
      }}
    />
  );
}
