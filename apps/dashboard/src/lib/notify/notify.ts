import { i18n } from '../i18n/i18n.ts';

/** Spec §8: toasts top-right (set where they are mounted), closing after 3 s, coloured by kind. */
const AUTO_CLOSE_MS = 3000;

// The toast library loads with the first toast, not with the first screen.
const load = () => import('@mantine/notifications');

let wanted = false;
const listeners = new Set<() => void>();

/** For the toast area: whether a toast was asked for yet (it mounts the library only then). */
export const toastsWanted = {
  get: () => wanted,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const show = (color: string, message: string) => {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  load()
    .then(({ notifications }) =>
      notifications.show({
        message,
        color,
        autoClose: AUTO_CLOSE_MS,
        withBorder: true,
        closeButtonProps: { 'aria-label': i18n.t('app.close') },
      }),
    )
    .catch((error: unknown) => console.error('toast failed', message, error));
};

export const notify = {
  success: (message: string) => show('teal', message),
  error: (message: string) => show('red', message),
  warning: (message: string) => show('yellow', message),
  info: (message: string) => show('blue', message),
};
