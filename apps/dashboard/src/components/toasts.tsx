import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastsWanted } from '../lib/notify/notify.ts';

const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({
    default: () => <m.Notifications position="top-right" autoClose={3000} limit={4} zIndex={1000} />,
  })),
);

/** Where toasts appear (spec §8: top-right). The library loads with the first toast. */
export function Toasts() {
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get);
  return wanted ? (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  ) : null;
}
