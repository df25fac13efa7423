import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/** Each screen names itself in the window's title (and so in tabs, history and screen readers). */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  useDocumentTitle(title ? `${title} · ${t('app.name')}` : t('app.name'));
}
