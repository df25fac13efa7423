import type { ReactNode } from 'react';
import { ItemImage } from '../../../components/item-image.tsx';
import type { JobPhase } from '../hooks/use-render-job.ts';
import { RenderProgress } from './render-progress.tsx';

/**
 * The big picture of the page: the result when there is one; while rendering, the shopper's photo under the
 * progress; before that, the photo with the item in a corner, or an invitation to add a photo.
 */
export function RenderStage(props: {
  phase: JobPhase;
  startedAt: number;
  result: string | null;
  resultAlt: string;
  photo: string | null;
  photoAlt: string;
  item: string | null;
  failure: string | undefined;
  labels: { queued: string; running: string };
  empty: ReactNode;
  footer?: ReactNode;
}) {
  const busy = props.phase === 'starting' || props.phase === 'queued' || props.phase === 'running';
  const showResult = props.phase === 'done' && props.result;
  return (
    <section className="stage" aria-live="polite" aria-busy={busy}>
      <div className="stage-frame">
        {showResult ? (
          <ItemImage src={props.result} alt={props.resultAlt} className="stage-image" eager />
        ) : props.photo ? (
          <>
            <ItemImage
              src={props.photo}
              size="card"
              alt={props.photoAlt}
              className={`stage-image ${busy ? 'stage-dim' : ''}`}
              eager
            />
            {props.item && !busy && (
              <ItemImage src={props.item} size="thumb" alt="" className="stage-badge" />
            )}
          </>
        ) : (
          <div className="stage-empty">{props.empty}</div>
        )}
        {busy && (
          <div className="stage-overlay">
            <RenderProgress phase={props.phase} startedAt={props.startedAt} labels={props.labels} />
          </div>
        )}
      </div>
      {props.phase === 'failed' && props.failure && (
        <p className="stage-failure" role="alert">
          {props.failure}
        </p>
      )}
      {showResult && props.footer}
    </section>
  );
}
