import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Dialect } from './db/connect.ts';
import type { Database } from './db/schema.ts';
import type { Clock } from './lib/clock.ts';
import { createHotImages, type HotImages } from './lib/hot-images.ts';
import { ImageLinks } from './lib/image-links.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { createSecrets, type Secrets } from './lib/secrets.ts';
import { AtomicMedia } from './lib/storage/atomic-media.ts';
import { createStorage, type MediaStorage } from './lib/storage/index.ts';
import { AuditRepository } from './modules/audit/audit.repository.ts';
import { AuditService } from './modules/audit/audit.service.ts';
import { GoogleVerifier } from './modules/auth/google-verifier.ts';
import { SigninService } from './modules/auth/signin.service.ts';
import { SigninCodesRepository } from './modules/auth/signin-codes.repository.ts';
import { LedgerRepository } from './modules/billing/ledger.repository.ts';
import { PlanService } from './modules/billing/plan.service.ts';
import { CatalogRepository } from './modules/catalog/catalog.repository.ts';
import { CatalogService } from './modules/catalog/catalog.service.ts';
import { CatalogImages } from './modules/catalog/catalog-images.ts';
import { FacesRepository } from './modules/faces/faces.repository.ts';
import { FacesService } from './modules/faces/faces.service.ts';
import { ImportSourcesRepository, ImportsRepository } from './modules/imports/imports.repository.ts';
import { ImportsService } from './modules/imports/imports.service.ts';
import { CorsOrigins } from './modules/keys/cors-origins.ts';
import { KeyUsage } from './modules/keys/key-usage.ts';
import { KeysRepository } from './modules/keys/keys.repository.ts';
import { KeysService } from './modules/keys/keys.service.ts';
import { DailyLimits } from './modules/limits/daily-limits.ts';
import { DailyUsageRepository } from './modules/limits/daily-usage.repository.ts';
import { PersonCheck, type PersonInspector } from './modules/person-check/person-check.service.ts';
import type { RenderQueue } from './modules/render-jobs/render-queue.ts';
import { IdempotencyRepository } from './modules/renders/idempotency.repository.ts';
import { RenderCharge } from './modules/renders/render-charge.ts';
import { RenderEvents } from './modules/renders/render-events.ts';
import { RenderPresenter } from './modules/renders/render-presenter.ts';
import { RenderShare } from './modules/renders/render-share.ts';
import { RendersRepository } from './modules/renders/renders.repository.ts';
import { RendersService } from './modules/renders/renders.service.ts';
import { ShopsRepository } from './modules/shops/shops.repository.ts';
import { ShopsService } from './modules/shops/shops.service.ts';
import { StatsRepository } from './modules/stats/stats.repository.ts';
import { StatsService } from './modules/stats/stats.service.ts';
import { StatsInsightsRepository } from './modules/stats/stats-insights.repository.ts';
import { StatsInsightsService } from './modules/stats/stats-insights.service.ts';
import { UsersRepository } from './modules/users/users.repository.ts';
import { RenderWebhooks } from './modules/webhooks/render-webhooks.ts';
import { WebhookEmitter } from './modules/webhooks/webhook-emitter.ts';
import { WebhooksRepository } from './modules/webhooks/webhooks.repository.ts';
import { WebhooksService } from './modules/webhooks/webhooks.service.ts';

export interface Services {
  storage: MediaStorage;
  media: AtomicMedia;
  imageLinks: ImageLinks;
  catalogRepository: CatalogRepository;
  catalogImages: CatalogImages;
  catalog: CatalogService;
  importsRepository: ImportsRepository;
  importSources: ImportSourcesRepository;
  imports: ImportsService;
  secrets: Secrets;
  mailer: Mailer;
  google: GoogleVerifier;
  keysRepository: KeysRepository;
  /** The origins CORS echoes; routes that change keys or shops invalidate it. */
  corsOrigins: CorsOrigins;
  keys: KeysService;
  /** "Last used" of keys, written at most once a minute per key. */
  keyUsage: KeyUsage;
  /** Who changed what and when. */
  audit: AuditService;
  users: UsersRepository;
  ledger: LedgerRepository;
  plans: PlanService;
  shops: ShopsService;
  signin: SigninService;
  signinCodes: SigninCodesRepository;
  stats: StatsService;
  statsInsights: StatsInsightsService;
  /** Hot images of signed links (catalog, faces, try-ons, looks), served without a database read. */
  hotImages: HotImages;
  dailyUsage: DailyUsageRepository;
  dailyLimits: DailyLimits;
  facesRepository: FacesRepository;
  faces: FacesService;
  rendersRepository: RendersRepository;
  renders: RendersService;
  renderCharge: RenderCharge;
  renderEvents: RenderEvents;
  renderPresenter: RenderPresenter;
  /** Try-ons and looks as their share links show them (the result, never the shopper's photo). */
  renderShare: RenderShare;
  idempotency: IdempotencyRepository;
  webhooksRepository: WebhooksRepository;
  webhooks: WebhooksService;
  /** Records events and their deliveries in the caller's transaction. */
  webhookEmitter: WebhookEmitter;
  renderWebhooks: RenderWebhooks;
  /** Refuses shopper and model photos with no person or several (PERSON_CHECK). */
  personCheck: PersonCheck;
}

/** Wires repositories and services; the only place that knows how they fit together. */
export function createServices(deps: {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Where renders are queued; built before the services. */
  queue: RenderQueue;
  /** Where webhook deliveries are queued. */
  webhookQueue: RenderQueue;
  /** Where catalogue imports are queued. */
  importQueue: RenderQueue;
  mailer?: Mailer;
  storage?: MediaStorage;
  /** Counts people in uploads; null when PERSON_CHECK=off or nothing here can count them. */
  personInspector: PersonInspector | null;
}): Services {
  const { config, db, clock, log } = deps;
  const secrets = createSecrets(config.APP_SECRET);
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: `${config.DATA_DIR}/outbox`,
      log,
    });
  const google = new GoogleVerifier(config.GOOGLE_CLIENT_ID, config.GOOGLE_JWKS_URL, () => clock.now());
  const keysRepository = new KeysRepository(db);
  const audit = new AuditService(new AuditRepository(db), clock);
  const keys = new KeysService(db, keysRepository, audit, secrets, clock);
  const users = new UsersRepository(db);
  const ledger = new LedgerRepository(db);
  const plans = new PlanService(db, ledger, audit, clock);
  const statsRepository = new StatsRepository(db);
  const shops = new ShopsService(
    db,
    new ShopsRepository(db, statsRepository),
    users,
    keys,
    plans,
    audit,
    clock,
  );
  const signinCodes = new SigninCodesRepository(db);
  const signin = new SigninService(
    signinCodes,
    users,
    shops,
    keys,
    google,
    mailer,
    secrets,
    clock,
    {
      adminEmails: config.ADMIN_EMAILS.map((e) => e.toLowerCase()),
      sessionTtlDays: config.SESSION_TTL_DAYS,
      productName: 'Try-on',
    },
    log,
  );
  const stats = new StatsService(statsRepository, clock);
  const storage = deps.storage ?? createStorage({ storageUrl: config.STORAGE_URL, dataDir: config.DATA_DIR });
  const imageLinks = new ImageLinks(secrets.imageLinkKey, clock);
  const webhooksRepository = new WebhooksRepository(db);
  const webhookEmitter = new WebhookEmitter(webhooksRepository, deps.webhookQueue, clock);
  const renderPresenter = new RenderPresenter(imageLinks);
  const catalogRepository = new CatalogRepository(db, deps.dialect);
  const media = new AtomicMedia(db, storage, clock);
  const hotImages = createHotImages(config.HOT_IMAGE_CACHE_MB * 1024 * 1024);
  const catalogImages = new CatalogImages(media, hotImages, {
    allowPrivateNetworks: config.URL_IMPORT_ALLOW_PRIVATE,
  });
  const personCheck = new PersonCheck(deps.personInspector, config.PERSON_CHECK_TIMEOUT_SECONDS * 1000, log);
  const garmentLimit = async (suid: string) => (await shops.require(suid)).limit_garment_daily;
  const dailyUsage = new DailyUsageRepository();
  const dailyLimits = new DailyLimits(dailyUsage);
  const catalog = new CatalogService(
    catalogRepository,
    catalogImages,
    imageLinks,
    stats,
    garmentLimit,
    webhookEmitter,
    dailyLimits,
    personCheck,
    clock,
  );
  const facesRepository = new FacesRepository(db);
  const rendersRepository = new RendersRepository(db);
  const idempotency = new IdempotencyRepository(db);
  const renderCharge = new RenderCharge(dailyLimits, plans, rendersRepository, webhookEmitter, clock);
  const renderEvents = new RenderEvents();
  const renders = new RendersService(
    db,
    rendersRepository,
    facesRepository,
    catalog,
    catalogRepository,
    idempotency,
    renderCharge,
    media,
    renderEvents,
    stats,
    deps.queue,
    clock,
  );
  const faces = new FacesService(
    facesRepository,
    rendersRepository,
    renders,
    dailyLimits,
    media,
    stats,
    personCheck,
    clock,
  );
  const importsRepository = new ImportsRepository(db);
  const importSources = new ImportSourcesRepository(db);
  return {
    personCheck,
    importsRepository,
    importSources,
    imports: new ImportsService(importsRepository, importSources, deps.importQueue, clock, {
      maxRows: config.IMPORT_MAX_ROWS,
      allowPrivateNetworks: config.URL_IMPORT_ALLOW_PRIVATE,
    }),
    hotImages,
    dailyUsage,
    dailyLimits,
    facesRepository,
    faces,
    rendersRepository,
    renders,
    renderCharge,
    renderEvents,
    renderPresenter,
    webhooksRepository,
    webhookEmitter,
    webhooks: new WebhooksService(
      db,
      webhooksRepository,
      webhookEmitter,
      secrets,
      clock,
      config.URL_IMPORT_ALLOW_PRIVATE,
    ),
    renderWebhooks: new RenderWebhooks(webhookEmitter, renderPresenter),
    renderShare: new RenderShare({
      renders,
      shops,
      catalog: catalogRepository,
      catalogImages,
      links: imageLinks,
    }),
    idempotency,
    storage,
    media,
    imageLinks,
    catalogRepository,
    catalogImages,
    catalog,
    secrets,
    mailer,
    google,
    keysRepository,
    corsOrigins: new CorsOrigins(keysRepository, [new URL(config.PUBLIC_URL).origin, ...config.CORS_ORIGINS]),
    keys,
    keyUsage: new KeyUsage(keysRepository, clock, log),
    audit,
    users,
    ledger,
    plans,
    shops,
    signin,
    signinCodes,
    stats,
    statsInsights: new StatsInsightsService(new StatsInsightsRepository(db), clock),
  };
}
