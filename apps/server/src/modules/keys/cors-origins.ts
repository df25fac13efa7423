import { hostOf, isHostAllowed, parseAllowedDomains } from '../../lib/allowed-domains.ts';
import type { KeysRepository } from './keys.repository.ts';

const ORIGIN_CACHE_MS = 10_000;

/** The origins CORS echoes: our own, CORS_ORIGINS, and the allowed domains of live public keys. */
export class CorsOrigins {
  private entries: string[] = [];
  private loadedAt = 0;

  private readonly keys: KeysRepository;
  private readonly fixed: readonly string[];

  constructor(keys: KeysRepository, fixed: readonly string[]) {
    this.keys = keys;
    this.fixed = fixed;
  }

  invalidate(): void {
    this.loadedAt = 0;
  }

  async allows(origin: string): Promise<boolean> {
    if (this.fixed.includes(origin)) return true;
    if (Date.now() - this.loadedAt > ORIGIN_CACHE_MS) {
      const lists = await this.keys.allPublicDomainLists();
      this.entries = [
        ...new Set(
          lists.flatMap((list) => {
            const parsed = parseAllowedDomains(list);
            return parsed.ok ? parsed.entries : [];
          }),
        ),
      ];
      this.loadedAt = Date.now();
    }
    return isHostAllowed(this.entries, hostOf(origin));
  }
}
