import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n/i18n.ts';
import type { JobPhase } from '../hooks/use-render-job.ts';

/** Typical seconds a render takes on the built-in engine, with the queue; the bar eases towards it. */
const TYPICAL_SECONDS = 6;

/** Visible progress while a job renders: a bar that moves with the time spent, and what is happening. */
export function RenderProgress(props: {
  phase: JobPhase;
  startedAt: number;
  labels: { queued: string; running: string };
}) {
  const { t } = useT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, (now - props.startedAt) / 1000);
  const share = Math.round(95 * (1 - Math.exp(-seconds / TYPICAL_SECONDS)));
  const label = props.phase === 'running' ? props.labels.running : props.labels.queued;
  return (
    <div className="progress" data-testid="render-progress">
      <div
        className="progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share}
      >
        <div className="progress-bar" style={{ width: `${share}%` }} />
      </div>
      <p className="progress-label">
        <span>{label}</span>
        <span className="progress-time">{t('progress.seconds', { seconds: Math.floor(seconds) })}</span>
      </p>
    </div>
  );
}
