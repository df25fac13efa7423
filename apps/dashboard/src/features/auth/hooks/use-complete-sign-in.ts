import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { setPrivateApiKey } from '../../../lib/parameters/parameters-slice.ts';
import { paths } from '../../../lib/urls/app-paths.ts';

/** Spec §4: a successful sign-in stores the key and goes to /. */
export function useCompleteSignIn() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  return (apiKey: string) => {
    dispatch(setPrivateApiKey(apiKey));
    navigate(paths.home, { replace: true });
  };
}
