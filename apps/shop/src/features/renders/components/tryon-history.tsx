import type { TryOn } from '@tryon/contract';
import { ItemImage } from '../../../components/item-image.tsx';
import { useQuery } from '../../../lib/api/use-query.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { tryOnListQuery } from '../api/renders-api.ts';

/** The shopper's earlier try-ons; choosing one shows it again. */
export function TryOnHistory(props: { current: string | null; onShow: (item: TryOn) => void }) {
  const { t } = useT();
  const list = useQuery(tryOnListQuery, null);
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="history-title">
      <h2 id="history-title" className="panel-title">
        {t('tryon.history')}
      </h2>
      <ul className="strip">
        {items.map((item) => (
          <li key={item.tuid}>
            <button
              type="button"
              className={`strip-item ${props.current === item.tuid ? 'strip-item-on' : ''}`}
              aria-pressed={props.current === item.tuid}
              aria-label={t('tryon.showAgain')}
              onClick={() => props.onShow(item)}
            >
              <ItemImage src={item.image} size="thumb" alt="" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
