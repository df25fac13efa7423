import { type E2eServer, startE2eServer } from '../../../server/test/e2e-server.ts';

export const ADMIN_EMAIL = 'admin@e2e.test';

/**
 * The real server for the dashboard's tests: one administrator, add-by-URL from the local image host, and
 * sign-ins as often as the tests need.
 */
export const startDashboardServer = (): Promise<E2eServer> =>
  startE2eServer({
    ADMIN_EMAILS: ADMIN_EMAIL,
    URL_IMPORT_ALLOW_PRIVATE: '1',
    RATE_LIMIT_SIGNIN_PER_MINUTE: '1000',
  });
