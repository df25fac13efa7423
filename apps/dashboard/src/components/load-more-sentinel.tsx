import { Center, Loader } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §9: the next page loads when the end of the grid comes within 200 px of the view. */
const PREFETCH_MARGIN_PX = 200;

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
  const { ref, entry } = useIntersection<HTMLDivElement>({
    rootMargin: `0px 0px ${PREFETCH_MARGIN_PX}px 0px`,
  });
  const callback = useRef(onVisible);
  callback.current = onVisible;
  const inView = entry?.isIntersecting ?? false;

  // Asked again after each page: a short page leaves the end in view, and the next one is due at once.
  useEffect(() => {
    if (inView && active && !loading) callback.current();
  }, [inView, active, loading]);

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
