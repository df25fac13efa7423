import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Navigate, Outlet } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { api } from '../../../lib/api/api.ts';
import { isUnauthorized } from '../../../lib/api/api-error.ts';
import { useProfileQuery } from '../../../lib/api/profile-api.ts';
import { useErrorText } from '../../../lib/i18n/use-error-text.ts';
import { setPrivateApiKey, setUser } from '../../../lib/parameters/parameters-slice.ts';
import { useParameters } from '../../../lib/store/parameters-hooks.ts';
import { paths } from '../../../lib/urls/app-paths.ts';

/** Spec §2: every path but /login needs a valid key; nothing is drawn while the profile loads. */
export function RequireAuth() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const dispatch = useDispatch();
  const { privateApiKey } = useParameters();
  const profile = useProfileQuery(undefined, { skip: !privateApiKey });
  const rejected = isUnauthorized(profile.error);

  useEffect(() => {
    if (profile.data) dispatch(setUser(profile.data));
  }, [profile.data, dispatch]);
  useEffect(() => {
    if (!rejected) return;
    dispatch(setPrivateApiKey(null));
    dispatch(setUser(null));
  }, [rejected, dispatch]);
  // Signed out by a 401 anywhere (the base query clears the key): nothing of that session stays cached.
  useEffect(() => {
    if (!privateApiKey) dispatch(api.util.resetApiState());
  }, [privateApiKey, dispatch]);

  if (!privateApiKey || rejected) return <Navigate to={paths.login} replace />;
  if (profile.error && !profile.data)
    return (
      <ErrorAlert message={errorText(profile.error, t('app.loadError'))} onRetry={() => profile.refetch()} />
    );
  if (!profile.data) return null;
  return <Outlet />;
}
