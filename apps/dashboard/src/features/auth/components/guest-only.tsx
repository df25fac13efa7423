import { Navigate, Outlet } from 'react-router';
import { useParameters } from '../../../lib/store/parameters-hooks.ts';
import { paths } from '../../../lib/urls/app-paths.ts';

/** /login is only for the signed out. */
export function GuestOnly() {
  const { privateApiKey } = useParameters();
  return privateApiKey ? <Navigate to={paths.home} replace /> : <Outlet />;
}
