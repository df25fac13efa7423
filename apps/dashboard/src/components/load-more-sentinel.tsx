import { Center, Loader } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §9: the next page loads when the end of the grid comes within 200 px of the view. */
export const PREFETCH_MARGIN_PX = 200;

export function LoadMoreSentinel({
  onVisible,
  loading,
  active,
}: {
  onVisible: () => void;
  loading: boolean;
  active: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;

  useEffect(() => {
    const node = ref.current;
    // Observing anew after each page reports at once whether the end is still in view (a short page).
    if (!node || !active || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: `0px 0px ${PREFETCH_MARGIN_PX}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [active, loading]);

  return (
    <div ref={ref} data-testid="load-more">
      {loading && (
        <Center py="lg" role="status" aria-label={t('catalog.loadingMore')}>
          <Loader size="sm" />
        </Center>
      )}
    </div>
  );
}
