import { storageWorks } from '@tryon/web';
import { embeddedByScript } from '../../../lib/embed/host-bridge.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

/** A frame of another site's page, put there by a plain iframe rather than the embed script. */
const inPlainFrame = (): boolean => {
  try {
    return window.top !== window.self && !embeddedByScript();
  } catch {
    return true;
  }
};

/**
 * A plain iframe in a browser that blocks third-party storage forgets the shopper's anonymous id on every
 * reload, and with it their photos: say so, and offer the page in its own tab, where storage works. (The embed
 * script keeps the id in the shop's own storage, so its frames need no notice.)
 */
export function StorageNotice() {
  const { t } = useT();
  if (!inPlainFrame() || storageWorks()) return null;
  return (
    <p className="storage-notice" role="note" data-testid="storage-notice">
      {t('photo.storageBlocked')}{' '}
      <a href={location.href} target="_blank" rel="noopener">
        {t('photo.openInTab')}
      </a>
    </p>
  );
}
