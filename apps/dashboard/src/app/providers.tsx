import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Toasts } from '../components/toasts.tsx';
import { LanguageSync } from './language-sync.tsx';
import type { AppStore } from './store.ts';
import { theme } from './theme.ts';

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <MantineProvider theme={theme} defaultColorScheme="auto">
        <Toasts />
        <LanguageSync />
        {children}
      </MantineProvider>
    </Provider>
  );
}
