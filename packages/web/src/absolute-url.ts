/** A path made absolute against this page's origin (browsers) or the one given. */
export const absoluteUrl = (path: string, origin: string = globalThis.location?.origin ?? '') =>
  new URL(path, origin || 'http://localhost').toString();
