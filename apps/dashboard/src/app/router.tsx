import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { GuestOnly } from '../features/auth/components/guest-only.tsx';
import { LoginScreen } from '../features/auth/components/login-screen.tsx';
import { useParameters } from '../lib/store/parameters-hooks.ts';
import { paths } from '../lib/urls/app-paths.ts';

const SignedInApp = lazy(() => import('./signed-in-app.tsx').then((m) => ({ default: m.SignedInApp })));

/**
 * The login screen ships with the entry (it is what a signed-out visitor sees first); the signed-in app and
 * each of its screens are separate chunks.
 *
 * Without a stored key every path but /login goes there at once, before the signed-in part downloads. */
function SignedInOnly() {
  const { privateApiKey } = useParameters();
  return privateApiKey ? <SignedInApp /> : <Navigate to={paths.login} replace />;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Suspense fallback={null}>
        <Routes>
          <Route element={<GuestOnly />}>
            <Route path={paths.login} element={<LoginScreen />} />
          </Route>
          <Route path="*" element={<SignedInOnly />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
