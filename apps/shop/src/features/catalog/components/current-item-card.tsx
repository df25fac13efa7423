import type { ReactNode } from 'react';
import { ItemImage } from '../../../components/item-image.tsx';
import { useT } from '../../../lib/i18n/i18n.ts';

/** The garment or model the shopper is about to try: picture, name, price and a link to its product page. */
export function CurrentItemCard(props: {
  label: string;
  name: string;
  description: string;
  price?: string;
  url: string;
  image: string;
  actions?: ReactNode;
}) {
  const { t } = useT();
  const page = /^https?:\/\//i.test(props.url) ? props.url : undefined;
  return (
    <section className="panel item-card" aria-label={props.label} data-testid="current-item">
      <ItemImage
        src={props.image}
        size="thumb"
        alt={props.name || props.label}
        className="item-card-image"
        eager
      />
      <div className="item-card-body">
        <span className="eyebrow">{props.label}</span>
        <h2 className="item-card-name">{props.name || props.description || props.label}</h2>
        {props.price && <span className="price">{props.price}</span>}
        {page && (
          <a className="link" href={page} target="_blank" rel="noopener">
            {t('catalog.viewProduct')}
          </a>
        )}
      </div>
      {props.actions && <div className="item-card-actions">{props.actions}</div>}
    </section>
  );
}
