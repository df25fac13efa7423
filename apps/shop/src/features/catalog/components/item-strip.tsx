import { ItemImage } from '../../../components/item-image.tsx';

export interface StripItem {
  id: string;
  code: string;
  name: string;
  image: string;
}

/** A row of items to choose from, scrolling sideways on a phone. */
export function ItemStrip(props: {
  title: string;
  items: readonly StripItem[];
  selected: string | null;
  onChoose: (code: string) => void;
  testId?: string;
}) {
  if (props.items.length === 0) return null;
  return (
    <section className="panel" aria-label={props.title}>
      <h2 className="panel-title">{props.title}</h2>
      <ul className="strip">
        {props.items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className={`strip-item ${props.selected === item.id ? 'strip-item-on' : ''}`}
              aria-pressed={props.selected === item.id}
              onClick={() => props.onChoose(item.code)}
              data-testid={props.testId}
            >
              <ItemImage src={item.image} size="thumb" alt="" />
              <span className="strip-name">{item.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
