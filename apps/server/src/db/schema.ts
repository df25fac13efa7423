import type { Generated } from 'kysely';

/** Row types of every table. Times are milliseconds since the epoch; flags are 0/1 integers on both databases. */
export interface UsersTable {
  uid: string;
  email: string;
  name: string;
  is_admin: number;
  google_sub: string | null;
  created_at: number;
}

export interface ShopsTable {
  suid: string;
  owner_uid: string;
  name: string;
  logo: string;
  url: string;
  referral: string;
  /** ISO 4217 code of the shop's prices (005), or ''. */
  currency: string;
  disabled: number;
  tariff: string;
  tryon_balance: number;
  period_start: number;
  period_end: number;
  limit_garment_daily: number;
  limit_tryon_daily: number;
  limit_tryon_daily_per_client: number;
  limit_person_daily: number;
  limit_person_daily_per_client: number;
  limit_search_daily: number;
  /** Items the shop's imports may add a day (013); null: `limit_garment_daily`. */
  limit_import_daily: number | null;
  created_at: number;
}

export type StoredKeyKind = 'public' | 'private' | 'session';

export interface ApiKeysTable {
  id: string;
  shop_suid: string;
  kind: StoredKeyKind;
  key_hash: string;
  /** AES-GCM sealed key, so the owner can reveal it; null for session keys, which are never shown again. */
  key_enc: string | null;
  allowed_domains: string | null;
  active: number;
  /** The user a session key was issued to. */
  user_uid: string | null;
  created_at: number;
  expires_at: number | null;
  deleted_at: number | null;
  /** The owner's name for a key (012), or null. */
  name: string | null;
  /** When the key was last used, written at most once a minute per key (012). */
  last_used_at: number | null;
  /** The key a roll issued in its place (012); this one stops at expires_at. */
  rolled_to: string | null;
}

export interface SigninCodesTable {
  id: string;
  email: string;
  code_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
  ip: string;
}

export interface BalanceLedgerTable {
  id: Generated<number>;
  shop_suid: string;
  delta: number;
  balance_after: number;
  reason: string;
  actor_uid: string | null;
  ref: string | null;
  created_at: number;
}

/** Events rolled up per shop, kind and UTC day (days before stats_rollup.next_day). */
export interface StatsDaysTable {
  shop_suid: string;
  kind: string;
  day: string;
  user_count: number;
  action_count: number;
}

/** Each shopper's last rolled-up day per shop and kind. */
export interface StatsClientsTable {
  shop_suid: string;
  kind: string;
  client_id: string;
  last_day: string;
}

/** Items per shop and kind, kept by triggers on catalog_items (migration 015): the unfiltered lists' total. */
export interface CatalogCountsTable {
  shop_suid: string;
  kind: CatalogKind;
  items: number;
}

/** One row: the first day whose events are not rolled up yet. */
export interface StatsRollupTable {
  id: number;
  next_day: string;
}

export interface EventsTable {
  id: Generated<number>;
  shop_suid: string;
  kind: string;
  client_id: string | null;
  day: string;
  created_at: number;
}

export type CatalogKind = 'garment' | 'model';

export interface CatalogItemsTable {
  id: string;
  kind: CatalogKind;
  shop_suid: string;
  code: string;
  name: string;
  description: string;
  url: string;
  category: string;
  price: string;
  sku: string | null;
  /** What makes two adds "the same product": sku, else page url, else image URL, else the upload itself. */
  product_key: string;
  source_url: string | null;
  image_key: string;
  image_width: number;
  image_height: number;
  likes: number;
  tryons: number;
  /** 'private' for the shop's own adds, 'public' for adds by product pages with a public key. */
  created_via: string;
  created_at: number;
}

/** Written with the item, never read back: name, description and category as search compares them. */
export interface CatalogSearchColumn {
  search_text: string;
}

export interface ClientActivityTable {
  shop_suid: string;
  client_id: string;
  item_id: string;
  kind: string;
  liked_at: number | null;
  seen_at: number | null;
  tried: number;
}

export interface MediaIntentsTable {
  prefix: string;
  created_at: number;
}

export interface FacesTable {
  id: string;
  shop_suid: string;
  /** The shopper who uploaded it; null when the shop did, with a private key. */
  client_id: string | null;
  image_key: string;
  image_width: number;
  image_height: number;
  created_at: number;
}

/** A shopper's agreement to the photo wording of a version (005). */
export interface PhotoConsentsTable {
  shop_suid: string;
  client_id: string;
  version: number;
  agreed_at: number;
}

export type RenderKind = 'tryon' | 'look';
export type RenderStatus = 'queued' | 'running' | 'done' | 'failed';

/** A try-on or a look, and its render job. */
export interface RendersTable {
  id: string;
  kind: RenderKind;
  shop_suid: string;
  client_id: string | null;
  /** Viewer token of share links: 128 random bits. */
  token: string;
  garment_id: string | null;
  model_id: string | null;
  face_id: string | null;
  /** Storage keys of the inputs: try-on person and garment; look face and model. */
  person_key: string | null;
  garment_key: string | null;
  face_key: string | null;
  model_key: string | null;
  /** 1 when an input is a shopper's photo: then it is deleted after the retention period. */
  personal: number;
  status: RenderStatus;
  error_code: string | null;
  error_message: string | null;
  attempts: number;
  /** Attempts that ended on an outage (storage unreachable); they do not count against the maximum. */
  outages: number;
  /**
   * Attempts whose process vanished while they ran (their lease ran out); they do not count against the
   * maximum, and the render's next attempts run in a process of their own.
   */
  abandons: number;
  /** Not to be started before this time (retries back off). */
  run_after: number;
  /** A running render whose lease ran out belongs to a worker that died; another may take it. */
  lease_until: number | null;
  /** 1 while a try-on of the balance is held for it; a refund sets it to 0, so it happens once. */
  charged: number;
  image_key: string | null;
  image_width: number | null;
  image_height: number | null;
  liked_at: number | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** A one-off webhook for this render (private-key calls only). */
  webhook_url: string | null;
}

export interface DailyUsageTable {
  shop_suid: string;
  kind: string;
  /** '' for the whole shop, else the shopper's client id. */
  scope: string;
  day: string;
  used: number;
}

export interface IdempotencyKeysTable {
  shop_suid: string;
  idem_key: string;
  fingerprint: string;
  render_id: string;
  created_at: number;
}

export interface WebhookEndpointsTable {
  id: string;
  shop_suid: string;
  url: string;
  /** Comma-separated event types. */
  events: string;
  enabled: number;
  secret_enc: string;
  /** 'failing' when the server turned it off after days of failed deliveries. */
  disabled_reason: string | null;
  /** The first failed attempt since the last success; null while deliveries succeed. */
  failing_since: number | null;
  created_at: number;
}

export interface WebhookShopSecretsTable {
  shop_suid: string;
  secret_enc: string;
  created_at: number;
}

export interface WebhookEventsTable {
  id: string;
  shop_suid: string;
  type: string;
  /** The object as the API answers it, JSON. */
  data: string;
  created_at: number;
}

export type WebhookDeliveryStatus = 'pending' | 'running' | 'succeeded' | 'failed';

export interface WebhookDeliveriesTable {
  id: string;
  shop_suid: string;
  /** Null for a one-off webhook_url delivery, which carries its own url. */
  endpoint_id: string | null;
  url: string | null;
  event_id: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  run_after: number;
  lease_until: number | null;
  created_at: number;
  finished_at: number | null;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempt: number;
  started_at: number;
  status_code: number | null;
  latency_ms: number;
  response_excerpt: string;
  error: string | null;
}

/** Which process runs a background sweep now: the holder of an unexpired lease. */
export interface SweepLeasesTable {
  name: string;
  holder: string;
  lease_until: number;
}

export type ImportStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
export type ImportSource = 'csv' | 'merchant' | 'shopify';
/** `removed`: an item the source created earlier and no longer lists (a row added after the source's rows). */
export type ImportRowOutcome = 'created' | 'updated' | 'skipped' | 'failed' | 'removed';

/** A catalogue import, and its job. */
export interface CatalogImportsTable {
  id: string;
  shop_suid: string;
  kind: CatalogKind;
  source: ImportSource;
  source_url: string | null;
  status: ImportStatus;
  /** Why the whole import failed (the source could not be read); rows' errors are on the rows. */
  error: string | null;
  rows_total: number;
  rows_done: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  /** 1: items this source created earlier and no longer lists are removed at the end (013). */
  remove_missing: number;
  removed: number;
  attempts: number;
  run_after: number;
  lease_until: number | null;
  created_at: number;
  finished_at: number | null;
}

export interface CatalogImportRowsTable {
  import_id: string;
  position: number;
  product_key: string;
  /** The row's fields, JSON. */
  data: string;
  outcome: ImportRowOutcome | null;
  error: string | null;
  /** The values the error names, JSON (015): IMAGE_TOO_SMALL's sizes. */
  error_details: string | null;
  item_id: string | null;
  done_at: number | null;
}

/** A feed or store re-synced daily (013). */
export interface ImportSchedulesTable {
  shop_suid: string;
  kind: CatalogKind;
  source: 'merchant' | 'shopify';
  source_url: string;
  remove_missing: number;
  next_run_at: number;
  created_at: number;
}

/** Who changed what and when (012): one row per change, written in the change's own transaction. */
export interface AuditLogTable {
  id: Generated<number>;
  /** The shop the change concerns; null for changes of no shop. */
  shop_suid: string | null;
  /** The signed-in user (or the owner of the key) who made it; null for the command line and the system. */
  actor_uid: string | null;
  /** 'api' (dashboard or API), 'cli' (npm run admin), 'signin' (ADMIN_EMAILS at sign-in). */
  via: string;
  action: string;
  /** What was changed: a key's masked hint, a field name, an e-mail. */
  target: string;
  /** JSON: the values before and after, never a secret. */
  details: string;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  shops: ShopsTable;
  api_keys: ApiKeysTable;
  signin_codes: SigninCodesTable;
  balance_ledger: BalanceLedgerTable;
  events: EventsTable;
  stats_days: StatsDaysTable;
  stats_clients: StatsClientsTable;
  stats_rollup: StatsRollupTable;
  catalog_counts: CatalogCountsTable;
  catalog_items: CatalogItemsTable & CatalogSearchColumn;
  client_activity: ClientActivityTable;
  media_intents: MediaIntentsTable;
  faces: FacesTable;
  photo_consents: PhotoConsentsTable;
  renders: RendersTable;
  daily_usage: DailyUsageTable;
  idempotency_keys: IdempotencyKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_shop_secrets: WebhookShopSecretsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  sweep_leases: SweepLeasesTable;
  catalog_imports: CatalogImportsTable;
  catalog_import_rows: CatalogImportRowsTable;
  import_schedules: ImportSchedulesTable;
  audit_log: AuditLogTable;
}
