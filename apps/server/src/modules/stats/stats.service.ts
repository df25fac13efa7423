import { type Stats, type StatsKind, statsKinds } from '@tryon/contract';
import { type Clock, DAY_MS, utcDay } from '../../lib/clock.ts';
import type { StatsRepository } from './stats.repository.ts';

const ROLL_UP_AFTER_MS = 3_600_000;

/** Usage events of a shop (spec §3 statistics) and their daily series. */
export class StatsService {
  private readonly stats: StatsRepository;
  private readonly clock: Clock;

  constructor(stats: StatsRepository, clock: Clock) {
    this.stats = stats;
    this.clock = clock;
  }

  /** Records one event; `clientId` is the shopper's clientuuid when there is one. */
  async record(shopSuid: string, kind: StatsKind, clientId: string | null): Promise<void> {
    const now = this.clock.now();
    await this.stats.insert(shopSuid, kind, clientId, utcDay(now), now);
  }

  /**
   * Rolls up the days that have been over for an hour (a late event of the day before midnight still lands
   * in it); run by the retention sweep. Answers the days rolled up.
   */
  rollUp(): Promise<number> {
    return this.stats.rollUp(utcDay(this.clock.now() - ROLL_UP_AFTER_MS));
  }

  /** The last `days` UTC days up to today, oldest first, zero-filled. */
  async series(shopSuid: string, days: number): Promise<Stats> {
    const today = this.clock.now();
    const dayList = Array.from({ length: days }, (_, i) => utcDay(today - (days - 1 - i) * DAY_MS));
    const from = dayList[0] ?? utcDay(today);
    const [counts, totals] = await Promise.all([
      this.stats.daily(shopSuid, from),
      this.stats.periodTotals(shopSuid, 'client', from),
    ]);
    const byKey = new Map(counts.map((c) => [`${c.kind}|${c.day}`, c]));
    const seriesOf = (kind: StatsKind) =>
      dayList.map((curdate) => {
        const c = byKey.get(`${kind}|${curdate}`);
        return { curdate, user_count: c?.user_count ?? 0, action_count: c?.action_count ?? 0 };
      });
    const series = Object.fromEntries(statsKinds.map((kind) => [kind, seriesOf(kind)])) as Omit<
      Stats,
      'totals'
    >;
    return { ...series, totals };
  }
}
