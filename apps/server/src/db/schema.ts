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

export interface Database {
  users: UsersTable;
  shops: ShopsTable;
  api_keys: ApiKeysTable;
  signin_codes: SigninCodesTable;
  balance_ledger: BalanceLedgerTable;
  events: EventsTable;
  catalog_items: CatalogItemsTable;
  client_activity: ClientActivityTable;
  media_intents: MediaIntentsTable;
}
