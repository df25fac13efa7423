import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadPage } from './app/page-loader.tsx';
import './app/global.css';
import { connectHost } from './lib/embed/host-bridge.ts';
import { initialLanguage, setLanguage } from './lib/i18n/i18n.ts';
import { matchPage, pageQuery } from './lib/urls/shopper-urls.ts';

const route = matchPage(location.pathname);
const query = pageQuery(location.search);
// The page's chunk and the language's catalogue load side by side.
const Page = loadPage(route.page);
// In the embed script's frame, the host hands over the shopper's id before any call is made.
await Promise.all([setLanguage(initialLanguage()), connectHost(location.search)]);

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App route={route} query={query} Page={Page} />
    </StrictMode>,
  );
