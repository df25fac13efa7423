import { PageShell } from '../components/page-shell.tsx';
import { GuideView } from '../features/guides/components/guide-view.tsx';
import { useT } from '../lib/i18n/i18n.ts';
import type { GuideName, PageQuery } from '../lib/urls/shopper-urls.ts';

export function GuidePage(props: { name: GuideName; query: PageQuery }) {
  const { t } = useT();
  const code = props.name === 'look-widget' ? props.query.model : props.query.garment;
  return (
    <PageShell title={t('guide.brand')} wide>
      <GuideView name={props.name} code={code} publicKey={props.query.key} />
    </PageShell>
  );
}
