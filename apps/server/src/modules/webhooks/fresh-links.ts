import { type ImageRouteName, imageRoutes } from '@tryon/contract';
import type { ImageLinks } from '../../lib/image-links.ts';

const SIGNED_LINK = /^\/v1\/([a-z]+)\/image\/([^?/]+)\?v=([^&]+)&exp=\d+&sig=[^&]+(?:&part=([a-z]+))?$/;

const isImageRoute = (name: string): name is ImageRouteName => Object.hasOwn(imageRoutes, name);

/**
 * An event's object with its signed image links signed again, now, and made absolute: links live an hour or
 * two, and a delivery may be retried a day after the event.
 */
export function withFreshLinks(value: unknown, links: ImageLinks, publicUrl: string): unknown {
  if (typeof value === 'string') {
    const match = SIGNED_LINK.exec(value);
    if (!match) return value;
    const [, route = '', id = '', version = '', part] = match;
    if (!isImageRoute(route)) return value;
    return `${publicUrl}${links.sign(route, decodeURIComponent(id), decodeURIComponent(version), part)}`;
  }
  if (Array.isArray(value)) return value.map((item) => withFreshLinks(item, links, publicUrl));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, withFreshLinks(item, links, publicUrl)]),
    );
  }
  return value;
}
