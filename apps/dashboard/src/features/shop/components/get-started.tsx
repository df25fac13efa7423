import { useState } from 'react';
import { useAccountQuery } from '../../../lib/api/profile-api.ts';
import { useFinishedTryonsQuery, useNewestGarmentsQuery } from '../api/onboarding-api.ts';
import { doneSteps, onboardingMarks, snippetKey } from '../onboarding-steps.ts';
import { EmbedSnippet } from './embed-snippet.tsx';
import { FirstRunChecklist, ShowChecklist } from './first-run-checklist.tsx';
import { TestTryon } from './test-tryon.tsx';

/** The Shop screen's first-run part: the checklist, the embed snippet and the test try-on (issue 10). */
export function GetStarted({ suid }: { suid: string }) {
  const account = useAccountQuery();
  const garments = useNewestGarmentsQuery();
  const tryons = useFinishedTryonsQuery();
  const [copied, setCopied] = useState(() => onboardingMarks.copied(suid));
  const [dismissed, setDismissed] = useState(() => onboardingMarks.dismissed(suid));
  const [chosen, setChosen] = useState<string | null>(null);
  if (!account.data || !garments.data || !tryons.data) return null;

  const publicKeys = account.data.activeApiKeys.public;
  const items = garments.data.items;
  const garment = items.find((g) => g.guid === chosen) ?? items[0];
  const done = doneSteps({
    garments: items.length,
    publicKeys,
    snippetCopied: copied,
    finishedTryons: tryons.data.items.length,
  });
  const dismiss = (value: boolean) => {
    onboardingMarks.setDismissed(suid, value);
    setDismissed(value);
  };

  return (
    <>
      {dismissed ? (
        <ShowChecklist onShow={() => dismiss(false)} />
      ) : (
        <FirstRunChecklist done={done} onDismiss={() => dismiss(true)} />
      )}
      <EmbedSnippet
        publicKey={snippetKey(publicKeys)?.apiKey}
        garments={items}
        garment={garment}
        onGarment={setChosen}
        onCopied={() => {
          onboardingMarks.setCopied(suid);
          setCopied(true);
        }}
      />
      <TestTryon garment={garment} />
    </>
  );
}
