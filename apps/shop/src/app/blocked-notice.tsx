import { Notice } from '../components/notice.tsx';
import type { BlockingCode } from '../lib/api/api-error.ts';
import { embeddingPage } from '../lib/api/shopper-client.ts';
import { useT } from '../lib/i18n/i18n.ts';

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

/** In place of a page that cannot work here: why, and what the shop can do about it. */
export function BlockedNotice(props: { code: BlockingCode }) {
  const { t } = useT();
  const host = hostOf(embeddingPage());
  if (props.code === 'DOMAIN_NOT_ALLOWED')
    return (
      <Notice title={t('blocked.domainTitle', { host })} tone="error">
        <p>{t('blocked.domainText', { host })}</p>
      </Notice>
    );
  if (props.code === 'SHOP_DISABLED')
    return (
      <Notice title={t('blocked.shopTitle')} tone="error">
        <p>{t('blocked.shopText')}</p>
      </Notice>
    );
  return (
    <Notice title={t('blocked.keyTitle')} tone="error">
      <p>{t('blocked.keyText')}</p>
    </Notice>
  );
}
