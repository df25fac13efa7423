import { useT } from '../../../lib/i18n/i18n.ts';
import { notify } from '../../../lib/toast/toast-store.ts';

/** Code to copy as it is: a snippet or a shell command. */
export function CodeBlock(props: { code: string; label: string; testId?: string }) {
  const { t } = useT();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.code);
      notify('success', t('common.copied'));
    } catch {
      notify('error', t('common.copyFailed'));
    }
  };
  return (
    <figure className="code">
      <figcaption className="code-head">
        <span>{props.label}</span>
        <button type="button" className="btn btn-small" onClick={() => void copy()}>
          {t('common.copy')}
        </button>
      </figcaption>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a code block that scrolls sideways must be reachable by keyboard (axe: scrollable-region-focusable) */}
      <pre tabIndex={0}>
        <code data-testid={props.testId}>{props.code}</code>
      </pre>
    </figure>
  );
}
