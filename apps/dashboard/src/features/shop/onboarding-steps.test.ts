import { KEY_STATUS_ACTIVE, KEY_STATUS_INACTIVE } from '@tryon/contract';
import { describe, expect, it } from 'vitest';
import { doneSteps, embedSnippet, onboardingMarks, snippetKey } from './onboarding-steps.ts';

const key = (
  apiKey: string,
  allowedDomains: string | null,
  status: typeof KEY_STATUS_ACTIVE | typeof KEY_STATUS_INACTIVE = KEY_STATUS_ACTIVE,
) => ({
  apiKey,
  kind: 'public' as const,
  created: '2026-01-01T00:00:00.000Z',
  status,
  allowedDomains,
  name: '',
  lastUsed: null,
  expires: null,
});

describe('first-run steps', () => {
  it('ticks nothing for a new shop (one public key open to any site)', () => {
    expect(
      doneSteps({ garments: 0, publicKeys: [key('pk_a', '*')], snippetCopied: false, finishedTryons: 0 }),
    ).toEqual({ garment: false, domainKey: false, snippet: false, tryon: false });
  });

  it('counts a key for the shop only when it is active and names a real domain', () => {
    const steps = (keys: ReturnType<typeof key>[]) =>
      doneSteps({ garments: 1, publicKeys: keys, snippetCopied: true, finishedTryons: 1 });
    expect(steps([key('pk_a', ' * , ')]).domainKey).toBe(false);
    expect(steps([key('pk_a', 'shop.example', KEY_STATUS_INACTIVE)]).domainKey).toBe(false);
    expect(steps([key('pk_a', '*'), key('pk_b', '*, shop.example')])).toEqual({
      garment: true,
      domainKey: true,
      snippet: true,
      tryon: true,
    });
  });

  it("picks the shop's own key for the snippet before one open to any site, never an inactive one", () => {
    expect(snippetKey([key('pk_any', '*'), key('pk_own', 'shop.example')])?.apiKey).toBe('pk_own');
    expect(snippetKey([key('pk_off', 'shop.example', KEY_STATUS_INACTIVE), key('pk_any', '*')])?.apiKey).toBe(
      'pk_any',
    );
    expect(snippetKey([key('pk_off', '*', KEY_STATUS_INACTIVE)])).toBeUndefined();
  });

  it('builds the embed tag against the given origin', () => {
    expect(embedSnippet('https://tryon.example/some/page', 'pk_1', 'G7')).toBe(
      '<script src="https://tryon.example/w/embed.js" data-key="pk_1" data-garment="G7" async></script>',
    );
  });

  it('keeps the copied and dismissed marks per shop', () => {
    onboardingMarks.setCopied('s1');
    onboardingMarks.setDismissed('s1', true);
    expect([onboardingMarks.copied('s1'), onboardingMarks.dismissed('s1')]).toEqual([true, true]);
    expect([onboardingMarks.copied('s2'), onboardingMarks.dismissed('s2')]).toEqual([false, false]);
    onboardingMarks.setDismissed('s1', false);
    expect(onboardingMarks.dismissed('s1')).toBe(false);
  });
});
