import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { createStore } from './app/store.ts';
import { initI18n } from './lib/i18n/i18n.ts';

const store = createStore();
await initI18n(store.getState().parameters.lang);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <AppProviders store={store}>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
