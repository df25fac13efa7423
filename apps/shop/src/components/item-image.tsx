import { type ImageSize, sizedImage } from '@tryon/contract';
import { useState } from 'react';

const sizeOf = { thumb: 'square', card: 'card', full: 'full' } as const satisfies Record<string, ImageSize>;

/**
 * An image from a signed link at an allowed size; while it loads the frame keeps its place (no layout shift),
 * and one that fails shows the no-image placeholder (spec §7).
 */
export function ItemImage(props: {
  src: string | null | undefined;
  size?: 'thumb' | 'card' | 'full';
  alt: string;
  className?: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const className = `item-image ${props.className ?? ''}`;
  if (!props.src || failed)
    return (
      <span className={`${className} item-image-missing`} role="img" aria-label={props.alt}>
        <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
          <path
            fill="currentColor"
            d="M21 5v14H3V5h18m0-2H3a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h18a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2zm-7 9-3 4-2-3-4 5h14l-5-6z"
          />
        </svg>
      </span>
    );
  return (
    <img
      className={className}
      src={sizedImage(props.src, sizeOf[props.size ?? 'full'])}
      alt={props.alt}
      loading={props.eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
