import {
  adminOnlyShopFields,
  defaultShopLimits,
  defaultTariffId,
  type Profile,
  type ShopEntry,
  type ShopUpdateField,
} from '@tryon/contract';
import type { Kysely } from 'kysely';
import type { Database, ShopsTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomId } from '../../lib/secrets.ts';
import type { Auth } from '../../plugins/authenticate.ts';
import { findTariff, type PlanService } from '../billing/plan.service.ts';
import type { KeysService } from '../keys/keys.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { ShopCounts, ShopsRepository, ShopWithOwner } from './shops.repository.ts';

export interface NewShop {
  email: string;
  name: string;
  allowedDomains?: string | undefined;
  googleSub?: string | null;
  isAdmin?: boolean;
  actorUid?: string | null;
}

export interface Actor {
  shopSuid: string;
  userUid: string;
  isAdmin: boolean;
}

export class ShopsService {
  private readonly db: Kysely<Database>;
  private readonly shops: ShopsRepository;
  private readonly users: UsersRepository;
  private readonly keys: KeysService;
  private readonly plans: PlanService;
  private readonly clock: Clock;

  constructor(
    db: Kysely<Database>,
    shops: ShopsRepository,
    users: UsersRepository,
    keys: KeysService,
    plans: PlanService,
    clock: Clock,
  ) {
    this.db = db;
    this.shops = shops;
    this.users = users;
    this.keys = keys;
    this.plans = plans;
    this.clock = clock;
  }

  /**
   * A user with their shop on the Free Demo tariff and one key of each kind, all or nothing.
   * Throws SHOP_EXISTS when the e-mail already has an account.
   */
  async createShop(input: NewShop): Promise<ShopWithOwner> {
    const now = this.clock.now();
    const uid = randomId('u');
    const suid = randomId('s', 9);
    try {
      await this.db.transaction().execute(async (trx) => {
        if (await this.users.findByEmail(input.email, trx)) throw new AppError('SHOP_EXISTS');
        await this.users.insert(
          {
            uid,
            email: input.email,
            name: '',
            is_admin: input.isAdmin ? 1 : 0,
            google_sub: input.googleSub ?? null,
            created_at: now,
          },
          trx,
        );
        await this.shops.insert(
          {
            suid,
            owner_uid: uid,
            name: input.name,
            logo: '',
            url: '',
            referral: '',
            currency: '',
            disabled: 0,
            tariff: defaultTariffId,
            tryon_balance: 0,
            period_start: now,
            period_end: now,
            ...defaultShopLimits,
            created_at: now,
          },
          trx,
        );
        await this.plans.activate(trx, suid, defaultTariffId, 'plan_activation', input.actorUid ?? null);
        await this.keys.create(suid, 'private', undefined, trx);
        await this.keys.create(suid, 'public', input.allowedDomains, trx);
      });
    } catch (error) {
      // Two first sign-ins of one address at once: the loser finds the winner's account.
      if (!(error instanceof AppError) && (await this.users.findByEmail(input.email))) {
        throw new AppError('SHOP_EXISTS');
      }
      throw error;
    }
    return this.require(suid);
  }

  async requireOwnedBy(uid: string): Promise<ShopsTable> {
    const shop = await this.shops.findByOwner(uid);
    if (!shop) throw new AppError('SHOP_NOT_FOUND');
    return shop;
  }

  async require(suid: string): Promise<ShopWithOwner> {
    const shop = await this.shops.find(suid);
    if (!shop) throw new AppError('SHOP_NOT_FOUND');
    return shop;
  }

  /** Changes one field. Owners change their own shop only, and not the fields reserved to admins. */
  async updateField(
    actor: Actor,
    targetSuid: string | undefined,
    field: ShopUpdateField,
    value: string | number,
  ): Promise<ShopEntry> {
    const suid = targetSuid ?? actor.shopSuid;
    if (!actor.isAdmin) {
      if (suid !== actor.shopSuid) throw new AppError('SHOP_NOT_FOUND');
      if (adminOnlyShopFields.includes(field)) throw new AppError('FIELD_NOT_EDITABLE');
    }
    const shop = await this.require(suid);
    switch (field) {
      case 'tryon_balance':
        await this.plans.setBalance(suid, Number(value), actor.userUid);
        break;
      case 'mail':
        await this.changeOwnerEmail(shop, String(value));
        break;
      case 'tryOnLimit':
        await this.shops.update(suid, { limit_tryon_daily: Number(value) });
        break;
      default:
        await this.shops.update(suid, { [field]: value } as Partial<ShopsTable>);
    }
    return this.entry(await this.require(suid));
  }

  async list(
    query: string | undefined,
    offset: number,
    limit: number,
  ): Promise<{ items: ShopEntry[]; nextOffset: number | null }> {
    const rows = await this.shops.list(query, offset, limit);
    const suids = rows.map((r) => r.suid);
    const [counts, accessKeys] = await Promise.all([
      this.shops.counts(suids),
      this.keys.firstPublicKeys(suids),
    ]);
    const items = await Promise.all(
      rows.map((row) =>
        this.entry(row, { counts: counts.get(row.suid), accessKey: accessKeys.get(row.suid) ?? null }),
      ),
    );
    return { items, nextOffset: rows.length === limit ? offset + limit : null };
  }

  /** A shop as the admin list shows it; `known` carries what a list already loaded for many shops at once. */
  async entry(
    shop: ShopWithOwner,
    known?: { counts: ShopCounts | undefined; accessKey: string | null },
  ): Promise<ShopEntry> {
    const c = known ? known.counts : (await this.shops.counts([shop.suid])).get(shop.suid);
    const accessKey = known
      ? known.accessKey
      : ((await this.keys.firstPublicKeys([shop.suid])).get(shop.suid) ?? null);
    return {
      shop_uid: shop.suid,
      email: shop.email,
      name: shop.name,
      logo: shop.logo,
      url: shop.url,
      currency: shop.currency,
      access_key: accessKey,
      referral: shop.referral,
      tariff: findTariff(shop.tariff).id,
      tryon_balance: shop.tryon_balance,
      garments_count: c?.garments_count ?? 0,
      tryon_count: c?.tryon_count ?? 0,
      clients_count: c?.clients_count ?? 0,
      limit_garment_daily: shop.limit_garment_daily,
      limit_tryon_daily: shop.limit_tryon_daily,
      limit_tryon_daily_per_client: shop.limit_tryon_daily_per_client,
      limit_person_daily: shop.limit_person_daily,
      limit_person_daily_per_client: shop.limit_person_daily_per_client,
      limit_search_daily: shop.limit_search_daily,
      disabled: shop.disabled === 1,
      created: new Date(shop.created_at).toISOString(),
    };
  }

  private async changeOwnerEmail(shop: ShopWithOwner, email: string): Promise<void> {
    if (email === shop.email) return;
    const other = await this.users.findByEmail(email);
    if (other) throw new AppError('EMAIL_TAKEN');
    await this.users.update(shop.owner_uid, { email });
  }

  /** The caller's profile: the shop, its owner's or the session's address, and the shop's limits. */
  async profile(auth: Auth): Promise<Profile> {
    const shop = await this.require(auth.shopSuid);
    const user = await this.users.findByUid(auth.userUid);
    return {
      name: shop.name,
      mail: user?.email ?? shop.email,
      suid: shop.suid,
      uid: auth.userUid,
      apiKey: auth.apiKey,
      isAdmin: auth.isAdmin,
      tryonBalance: shop.tryon_balance,
      tariff: findTariff(shop.tariff).id,
      logo: shop.logo,
      url: shop.url,
      currency: shop.currency,
      disabled: shop.disabled === 1,
      limitDailyGarment: shop.limit_garment_daily,
      limitDailyPerClientPerson: shop.limit_person_daily_per_client,
      limitDailyPerClientTryon: shop.limit_tryon_daily_per_client,
      limitDailyPerson: shop.limit_person_daily,
      limitDailySearch: shop.limit_search_daily,
      limitDailyTryon: shop.limit_tryon_daily,
    };
  }
}
