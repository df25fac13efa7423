import { type ComponentType, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAuth } from '../features/auth/components/require-auth.tsx';
import { AppLayout } from '../features/layout/components/app-layout.tsx';
import { addFullEnglish } from '../lib/i18n/full-english.ts';
import { paths } from '../lib/urls/app-paths.ts';
import { installApi } from './install-api.ts';

installApi();
addFullEnglish();

const preloads = new Map<string, () => void>();

/**
 * Each screen is its own chunk, fetched when its route is first visited; the chunk of the page being opened
 * is fetched at once, in parallel with the profile check, rather than after it.
 */
const screen = <K extends string>(path: string, load: () => Promise<Record<K, ComponentType>>, name: K) => {
  let loading: Promise<Record<K, ComponentType>> | undefined;
  const once = () => {
    loading ??= load();
    return loading;
  };
  preloads.set(path, () => void once());
  return lazy(async () => ({ default: (await once())[name] }));
};

const ShopScreen = screen(
  paths.shop,
  () => import('../features/shop/components/shop-screen.tsx'),
  'ShopScreen',
);
const GarmentsScreen = screen(
  paths.garments,
  () => import('../features/catalog/components/garments-screen.tsx'),
  'GarmentsScreen',
);
const ModelsScreen = screen(
  paths.models,
  () => import('../features/catalog/components/models-screen.tsx'),
  'ModelsScreen',
);
const KeysScreen = screen(
  paths.keys,
  () => import('../features/keys/components/keys-screen.tsx'),
  'KeysScreen',
);
const WebhooksScreen = screen(
  paths.webhooks,
  () => import('../features/webhooks/components/webhooks-screen.tsx'),
  'WebhooksScreen',
);
const AuditScreen = screen(
  paths.audit,
  () => import('../features/audit/components/audit-screen.tsx'),
  'AuditScreen',
);
const StatisticsScreen = screen(
  paths.statistics,
  () => import('../features/statistics/components/statistics-screen.tsx'),
  'StatisticsScreen',
);
const BillingScreen = screen(
  paths.billing,
  () => import('../features/billing/components/billing-screen.tsx'),
  'BillingScreen',
);
const ShopsScreen = screen(
  paths.shops,
  () => import('../features/shops/components/shops-screen.tsx'),
  'ShopsScreen',
);
const ShopDetailScreen = screen(
  paths.shopDetail,
  () => import('../features/shops/components/shop-detail-screen.tsx'),
  'ShopDetailScreen',
);
const TryonsScreen = screen(
  paths.tryons,
  () => import('../features/renders/components/tryons-screen.tsx'),
  'TryonsScreen',
);
const LooksScreen = screen(
  paths.looks,
  () => import('../features/renders/components/looks-screen.tsx'),
  'LooksScreen',
);
const AdminImportsScreen = screen(
  paths.imports,
  () => import('../features/imports/components/admin-imports-screen.tsx'),
  'AdminImportsScreen',
);
const FaqScreen = screen(paths.faq, () => import('../features/faq/components/faq-screen.tsx'), 'FaqScreen');
const LogoutScreen = screen(
  paths.logout,
  () => import('../features/auth/components/logout-screen.tsx'),
  'LogoutScreen',
);
const NotFoundScreen = screen(
  paths.notFound,
  () => import('../features/not-found/components/not-found-screen.tsx'),
  'NotFoundScreen',
);

preloads.get(window.location.pathname)?.();

/** Every route but /login (spec §2): a valid key, the app shell, and unknown paths to /404. */
export function SignedInApp() {
  return (
    <Routes>
      <Route element={<RequireAuth />}>
        <Route element={<AppLayout />}>
          <Route index element={<Navigate to={paths.shop} replace />} />
          <Route path={paths.shop} element={<ShopScreen />} />
          <Route path={paths.garments} element={<GarmentsScreen />} />
          <Route path={paths.models} element={<ModelsScreen />} />
          <Route path={paths.keys} element={<KeysScreen />} />
          <Route path={paths.webhooks} element={<WebhooksScreen />} />
          <Route path={paths.statistics} element={<StatisticsScreen />} />
          <Route path={paths.audit} element={<AuditScreen />} />
          <Route path={paths.billing} element={<BillingScreen />} />
          <Route path={paths.shops} element={<ShopsScreen />} />
          <Route path={paths.shopDetail} element={<ShopDetailScreen />} />
          <Route path={paths.tryons} element={<TryonsScreen />} />
          <Route path={paths.looks} element={<LooksScreen />} />
          <Route path={paths.imports} element={<AdminImportsScreen />} />
          <Route path={paths.faq} element={<FaqScreen />} />
          <Route path={paths.logout} element={<LogoutScreen />} />
          <Route path={paths.notFound} element={<NotFoundScreen />} />
          <Route path="*" element={<Navigate to={paths.notFound} replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
