import { Notice } from '../components/notice.tsx';
import { PageShell } from '../components/page-shell.tsx';
import { useT } from '../lib/i18n/i18n.ts';

export function NotFoundPage() {
  const { t } = useT();
  return (
    <PageShell>
      <Notice title={t('notFound.title')}>
        <p>{t('notFound.text')}</p>
      </Notice>
    </PageShell>
  );
}
