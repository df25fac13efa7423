import { useT } from '../lib/i18n/i18n.ts';
import { notify } from '../lib/toast/toast-store.ts';
import { absoluteUrl } from '../lib/urls/shopper-urls.ts';

/** The share link of a result: the system share sheet where there is one, else copy; and a plain link. */
export function ShareLink(props: { path: string; title: string }) {
  const { t } = useT();
  const url = absoluteUrl(props.path);
  const share = async () => {
    if (navigator.share) {
      try {
        await navigator.share({ url, title: props.title });
        return;
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      notify('success', t('common.linkCopied'));
    } catch {
      notify('error', t('common.copyFailed'));
    }
  };
  return (
    <div className="share">
      <button type="button" className="btn btn-ghost" onClick={() => void share()}>
        {t('common.share')}
      </button>
      <a className="share-open" href={url} target="_blank" rel="noopener" data-testid="share-link">
        {t('common.openLink')}
      </a>
    </div>
  );
}
