import { createHmac, timingSafeEqual } from 'node:crypto';
import { type ImageRouteName, imageRoutes, routePath } from '@tryon/contract';
import type { Clock } from './clock.ts';

const HOUR_S = 3600;
/** Signed links kept for reuse: a list page signs the same few hundred images again and again. */
const REMEMBERED_LINKS = 20_000;

/**
 * Short-lived signed image URLs, because an <img> cannot send a tokenapi header. The expiry is rounded to the
 * next full hour plus one, so a URL stays the same for an hour and browsers can cache it; it is valid one to
 * two hours. The signature covers the route, the id and the image version, not the size, so clients pick the
 * size (from the allowed list) themselves. A try-on's or look's input (`part`, the shopper's photo among them) is
 * signed with its part, so the result's link, which a share link shows, never opens the photo it was made from.
 */
export class ImageLinks {
  private readonly key: Buffer;
  private readonly clock: Clock;
  /** The last link made per image (route, id, version, part), with its expiry: a link is the same for an hour. */
  private readonly made = new Map<string, { exp: number; link: string }>();

  constructor(key: Buffer, clock: Clock) {
    this.key = key;
    this.clock = clock;
  }

  /** The signed path of an image; `part` names an input of a try-on or look, and is signed with it. */
  sign(route: ImageRouteName, id: string, version: string, part?: string): string {
    const exp = (Math.floor(this.clock.now() / 1000 / HOUR_S) + 2) * HOUR_S;
    const which = `${route}\n${id}\n${version}\n${part ?? ''}`;
    const known = this.made.get(which);
    if (known?.exp === exp) return known.link;
    const sig = this.signature(route, id, version, exp, part);
    const query = new URLSearchParams({ v: version, exp: String(exp), sig });
    if (part !== undefined) query.set('part', part);
    const link = `${routePath(imageRoutes[route], { id })}?${query}`;
    if (!known && this.made.size >= REMEMBERED_LINKS)
      this.made.delete(this.made.keys().next().value as string);
    this.made.set(which, { exp, link });
    return link;
  }

  verify(route: string, id: string, version: string, exp: number, sig: string, part?: string): boolean {
    if (!Number.isInteger(exp) || exp * 1000 < this.clock.now()) return false;
    const expected = Buffer.from(this.signature(route, id, version, exp, part));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private signature(route: string, id: string, version: string, exp: number, part?: string): string {
    return createHmac('sha256', this.key)
      .update(`${route}\n${id}\n${version}\n${exp}${part === undefined ? '' : `\npart:${part}`}`)
      .digest('base64url')
      .slice(0, 32);
  }
}
