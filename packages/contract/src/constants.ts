/** Business constants of spec §9, shared by the server and the UIs. */

export const tariffs = [
  { id: 'free', name: 'Free Demo 50', tryons: 50, pricePerTryonUsd: 0, priceUsd: 0, renews: false },
  { id: 'starter', name: 'Starter 300', tryons: 300, pricePerTryonUsd: 0.1, priceUsd: 29, renews: true },
  { id: 'business', name: 'Business 3K', tryons: 3000, pricePerTryonUsd: 0.06, priceUsd: 179, renews: true },
  {
    id: 'enterprise',
    name: 'Enterprise 30K',
    tryons: 30000,
    pricePerTryonUsd: 0.04,
    priceUsd: 1199,
    renews: true,
  },
] as const;
export type TariffId = (typeof tariffs)[number]['id'];
export const tariffIds = tariffs.map((t) => t.id) as [TariffId, ...TariffId[]];
export const defaultTariffId: TariffId = 'free';

export const PLAN_DURATION_DAYS = 30;
export const LOW_BALANCE = 10;

export const SIGNIN_CODE_LENGTH = 4;
export const SIGNIN_CODE_RESEND_SECONDS = 90;
export const SIGNIN_CODE_TTL_SECONDS = 600;
export const SIGNIN_CODE_MAX_TRIES = 5;
export const SIGNIN_CODES_PER_EMAIL_PER_DAY = 10;

export const pageSizes = { garments: 8, models: 16, tryons: 16, looks: 16, apiLooks: 30 } as const;
export const MAX_PAGE_SIZE = 100;
export const SHOP_LIST_MAX = 2000;

export const statsPeriods = [3, 7, 14, 30, 90] as const;
export const STATS_DEFAULT_DAYS = 30;
export const STATS_MAX_DAYS = 365;
export const statsKinds = ['tryon', 'client', 'garment', 'person', 'search', 'view'] as const;
export type StatsKind = (typeof statsKinds)[number];

/** Daily limits a new shop starts with; owners change the try-on ones on the Shop screen. */
export const defaultShopLimits = {
  limit_garment_daily: 100,
  limit_tryon_daily: 500,
  limit_tryon_daily_per_client: 20,
  limit_person_daily: 500,
  limit_person_daily_per_client: 10,
  limit_search_daily: 10000,
} as const;

export const PRIVATE_KEY_VISIBLE_CHARS = 4;
export const ANY_DOMAIN = '*';
export const KEY_STATUS_ACTIVE = 0;
export const KEY_STATUS_INACTIVE = -1;

/** Events a shop may subscribe an endpoint to. */
export const webhookEventTypes = [
  'tryon.completed',
  'tryon.failed',
  'look.completed',
  'look.failed',
  'garment.added',
  'model.added',
  'balance.low',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
/** Sent only by "send test event", to one endpoint, whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const MAX_WEBHOOK_ENDPOINTS = 16;
/** Name of the signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" keyed by the secret>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'tryon-signature';

/** A key's name: at most this many characters. */
export const KEY_NAME_MAX = 80;
/** How long a rolled key keeps working, in hours, as the owner chooses when rolling. */
export const KEY_ROLL_GRACE_HOURS = [0, 1, 24, 72, 168] as const;
/** "Last used" of a key is written at most once in this many milliseconds per key and process. */
export const KEY_LAST_USED_EVERY_MS = 60_000;
/** Audit log entries per page. */
export const AUDIT_PAGE_SIZE = 25;
/** Top garments and models the statistics list; failed renders they show. */
export const STATS_TOP_COUNT = 5;
export const STATS_FAILED_COUNT = 10;
