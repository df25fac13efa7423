import {
  type FailedRender,
  type PeriodTotals,
  STATS_FAILED_COUNT,
  STATS_TOP_COUNT,
  type StatsInsights,
  type TopItem,
} from '@tryon/contract';
import { type Clock, DAY_MS, utcDay } from '../../lib/clock.ts';
import type { Ranked, StatsInsightsRepository } from './stats-insights.repository.ts';

/** Candidates read from each ranking before they are merged: enough for the top five of either. */
const CANDIDATES = STATS_TOP_COUNT * 4;

/** Statistics that answer questions: this period against the one before, what shoppers try and like, what failed. */
export class StatsInsightsService {
  private readonly repo: StatsInsightsRepository;
  private readonly clock: Clock;

  constructor(repo: StatsInsightsRepository, clock: Clock) {
    this.repo = repo;
    this.clock = clock;
  }

  async insights(shopSuid: string, days: number): Promise<StatsInsights> {
    const now = this.clock.now();
    const todayStart = Date.parse(`${utcDay(now)}T00:00:00Z`);
    const from = todayStart - (days - 1) * DAY_MS;
    const prevFrom = from - days * DAY_MS;
    const [current, previous, topGarments, topModels, failed] = await Promise.all([
      this.totals(shopSuid, from, todayStart + DAY_MS),
      this.totals(shopSuid, prevFrom, from),
      this.top(shopSuid, 'garment', from),
      this.top(shopSuid, 'model', from),
      this.repo.failedLatest(shopSuid, from, STATS_FAILED_COUNT),
    ]);
    return {
      days,
      current,
      previous,
      topGarments,
      topModels,
      failedRenders: failed.map(
        (r): FailedRender => ({
          id: r.id,
          kind: r.kind,
          errorCode: r.error_code ?? 'INTERNAL_ERROR',
          created: new Date(r.created_at).toISOString(),
        }),
      ),
    };
  }

  /** Totals of the days in [from, to). */
  private async totals(shopSuid: string, from: number, to: number): Promise<PeriodTotals> {
    const [events, failed] = await Promise.all([
      this.repo.eventTotals(shopSuid, utcDay(from), utcDay(to - 1)),
      this.repo.failedCount(shopSuid, from, to),
    ]);
    const n = (kind: string) => events.byKind.get(kind) ?? 0;
    return {
      tryon: n('tryon'),
      client: n('client'),
      garment: n('garment'),
      person: n('person'),
      search: n('search'),
      view: n('view'),
      shoppers: events.shoppers,
      failed,
    };
  }

  /** The items most tried in the period, then most liked; items with neither are left out. */
  private async top(shopSuid: string, kind: 'garment' | 'model', from: number): Promise<TopItem[]> {
    const column = kind === 'garment' ? 'garment_id' : 'model_id';
    const [byRenders, byLikes] = await Promise.all([
      this.repo.topByRenders(shopSuid, column, from, CANDIDATES),
      this.repo.topByLikes(shopSuid, kind, from, CANDIDATES),
    ]);
    const counts = (list: Ranked[]) => new Map(list.map((r) => [r.id, r.count]));
    const tryons = counts(byRenders);
    const likes = counts(byLikes);
    const ids = [...new Set([...tryons.keys(), ...likes.keys()])];
    const items = await this.repo.items(shopSuid, ids);
    return items
      .map((item) => ({
        id: item.id,
        code: item.code,
        name: item.name,
        tryons: tryons.get(item.id) ?? 0,
        likes: likes.get(item.id) ?? 0,
      }))
      .sort((a, b) => b.tryons - a.tryons || b.likes - a.likes || a.name.localeCompare(b.name))
      .slice(0, STATS_TOP_COUNT);
  }
}
