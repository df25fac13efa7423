import { type Account, KEY_STATUS_ACTIVE } from '@tryon/contract';
import { safeStorage } from '@tryon/web';

export const stepIds = ['garment', 'domainKey', 'snippet', 'tryon'] as const;
export type StepId = (typeof stepIds)[number];

type KeyEntry = Account['activeApiKeys']['public'][number];

/** A public key limited to the shop's own sites: active, with allowed domains other than "*". */
export const isDomainKey = (key: KeyEntry) =>
  key.status === KEY_STATUS_ACTIVE &&
  (key.allowedDomains ?? '')
    .split(',')
    .map((host) => host.trim())
    .some((host) => host !== '' && host !== '*');

/** The key the snippet uses: the first one limited to the shop's domains, else any active one. */
export const snippetKey = (keys: KeyEntry[]): KeyEntry | undefined =>
  keys.find(isDomainKey) ?? keys.find((key) => key.status === KEY_STATUS_ACTIVE);

export interface ShopProgress {
  garments: number;
  publicKeys: KeyEntry[];
  snippetCopied: boolean;
  finishedTryons: number;
}

/** Which first-run steps the shop's own data shows as done. */
export function doneSteps(progress: ShopProgress): Record<StepId, boolean> {
  return {
    garment: progress.garments > 0,
    domainKey: progress.publicKeys.some(isDomainKey),
    snippet: progress.snippetCopied,
    tryon: progress.finishedTryons > 0,
  };
}

/** The embed script's tag (docs/shopper-pages.md) for a key and a garment's public code. */
export const embedSnippet = (origin: string, publicKey: string, garmentCode: string) =>
  `<script src="${new URL('/w/embed.js', origin).toString()}" data-key="${publicKey}" ` +
  `data-garment="${garmentCode}" async></script>`;

/**
 * What only this browser knows (no shop data says it): that the owner copied the snippet, and that they hid
 * the checklist. Kept per shop, so an administrator switching shops sees each one's own.
 */
export const onboardingMarks = {
  copied: (suid: string) => safeStorage.get(`tryon.onboarding.${suid}.copied`) === '1',
  setCopied: (suid: string) => safeStorage.set(`tryon.onboarding.${suid}.copied`, '1'),
  dismissed: (suid: string) => safeStorage.get(`tryon.onboarding.${suid}.dismissed`) === '1',
  setDismissed: (suid: string, dismissed: boolean) =>
    dismissed
      ? safeStorage.set(`tryon.onboarding.${suid}.dismissed`, '1')
      : safeStorage.remove(`tryon.onboarding.${suid}.dismissed`),
};
