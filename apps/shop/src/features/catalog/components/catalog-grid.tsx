import { ItemImage } from '../../../components/item-image.tsx';

export interface GridItem {
  id: string;
  name: string;
  description: string;
  price?: string;
  image: string;
  href: string;
  stats: { likes: number; tryons: number };
}

/** The cards of a public shop page; each opens the try-on (or look) page of its item. */
export function CatalogGrid(props: { items: readonly GridItem[]; actionLabel: string }) {
  return (
    <>
      {props.items.map((item) => (
        <li key={item.id} className="card">
          <a className="card-link" href={item.href} data-testid="catalog-card">
            <ItemImage src={item.image} size="thumb" alt="" className="card-image" />
            <span className="card-body">
              <span className="card-name">{item.name || item.description}</span>
              {item.price && <span className="price">{item.price}</span>}
              <span className="card-cta">{props.actionLabel}</span>
            </span>
          </a>
        </li>
      ))}
    </>
  );
}
