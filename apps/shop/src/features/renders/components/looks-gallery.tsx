import type { Look } from '@tryon/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { HeartButton } from '../../../components/heart-button.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { errorText } from '../../../lib/api/error-text.ts';
import { useMutation, useQuery } from '../../../lib/api/use-query.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { notify } from '../../../lib/toast/toast-store.ts';
import { likeLook, lookListQuery, removeLook } from '../api/renders-api.ts';

/** The shopper's saved looks: all or the liked ones, each with a like toggle and a remove button. */
export function LooksGallery(props: { onShow: (look: Look) => void }) {
  const { t } = useT();
  const [liked, setLiked] = useState(false);
  const list = useQuery(lookListQuery, { liked });
  const [like, likeState] = useMutation(likeLook);
  const [remove] = useMutation(removeLook);
  const [removing, setRemoving] = useState<string | null>(null);
  const items = list.data?.items ?? [];

  const toggle = async (look: Look) => {
    const result = await like({ luid: look.luid, like: !look.liked });
    if (result.error) notify('error', errorText(result.error));
  };
  const confirmRemove = async (luid: string) => {
    const result = await remove(luid);
    notify(result.error ? 'error' : 'success', result.error ? errorText(result.error) : t('look.removed'));
  };

  return (
    <section className="panel" aria-labelledby="looks-title">
      <div className="panel-head">
        <h2 id="looks-title" className="panel-title">
          {t('look.saved')}
        </h2>
        <div className="tabs">
          <button type="button" className="tab" aria-pressed={!liked} onClick={() => setLiked(false)}>
            {t('look.all')}
          </button>
          <button type="button" className="tab" aria-pressed={liked} onClick={() => setLiked(true)}>
            {t('look.liked')}
          </button>
        </div>
      </div>
      {items.length === 0 && !list.isLoading && (
        <p className="hint">{t(liked ? 'look.noLiked' : 'look.none')}</p>
      )}
      <ul className="gallery">
        {items.map((look) => (
          <li key={look.luid} className="gallery-item" data-testid="saved-look">
            <button
              type="button"
              className="gallery-open"
              aria-label={t('look.showAgain')}
              onClick={() => props.onShow(look)}
            >
              <ItemImage src={look.image} size="thumb" alt="" />
            </button>
            <HeartButton
              className="gallery-heart"
              liked={look.liked}
              busy={likeState.isLoading}
              onToggle={() => void toggle(look)}
            />
            <button
              type="button"
              className="thumb-remove"
              aria-label={t('look.remove')}
              onClick={() => setRemoving(look.luid)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        text={t('look.removeConfirm')}
        confirmLabel={t('common.remove')}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && void confirmRemove(removing)}
      />
    </section>
  );
}
