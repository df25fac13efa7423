import type { TextKey } from '../../../lib/i18n/i18n.ts';
import { useT } from '../../../lib/i18n/i18n.ts';
import { type GuideName, guideNames, shopperUrls } from '../../../lib/urls/shopper-urls.ts';
import { iframeSnippet, scriptSnippet, simpleCurl } from '../snippets.ts';
import { CodeBlock } from './code-block.tsx';

const titles: Record<GuideName, TextKey> = {
  'tryon-widget': 'guide.tryonWidget.title',
  'look-widget': 'guide.lookWidget.title',
  'simple-tryon': 'guide.simpleTryon.title',
  'simple-look': 'guide.simpleLook.title',
};

function WidgetGuide(props: { kind: 'tryon' | 'look'; code: string | null; publicKey: string | null }) {
  const { t } = useT();
  const g = props.kind === 'tryon' ? 'guide.tryonWidget' : 'guide.lookWidget';
  const code = props.code ?? (props.kind === 'tryon' ? 'GARMENT_CODE' : 'MODEL_CODE');
  const key = props.publicKey ?? 'pk_YOUR_PUBLIC_KEY';
  const snippet = iframeSnippet(props.kind, code, key, location.origin);
  const script = scriptSnippet(props.kind, code, key, location.origin);
  return (
    <>
      <p className="lead">{t(`${g}.lead`)}</p>
      <h2>{t('guide.widget.domainsTitle')}</h2>
      <p>{t('guide.widget.domains')}</p>
      <h2>{t(`${g}.codeTitle`)}</h2>
      <p>{t(`${g}.code`)}</p>
      <h2>{t('guide.widget.snippetTitle')}</h2>
      <p>{t('guide.widget.snippet')}</p>
      <CodeBlock code={script} label="HTML" testId="script-snippet" />
      <p>{t('guide.widget.events')}</p>
      <p>{t('guide.widget.iframe')}</p>
      <CodeBlock code={snippet} label="HTML" testId="iframe-snippet" />
      <h2>{t('guide.widget.optionsTitle')}</h2>
      <ul>
        <li>{t('guide.widget.optionIntro')}</li>
        <li>{t('guide.widget.optionLang')}</li>
        <li>{t('guide.widget.optionCamera')}</li>
      </ul>
      <h2>{t('guide.widget.refusedTitle')}</h2>
      <p>{t('guide.widget.refused')}</p>
      <h2>{t('guide.widget.privacyTitle')}</h2>
      <p>{t('guide.widget.privacy')}</p>
    </>
  );
}

function SimpleGuide(props: { kind: 'tryon' | 'look' }) {
  const { t } = useT();
  const g = props.kind === 'tryon' ? 'guide.simpleTryon' : 'guide.simpleLook';
  const command = `export PRIVATE_KEY=sk_...   # ${t('guide.simple.keyComment')}\n${simpleCurl(props.kind, location.origin)}`;
  return (
    <>
      <p className="lead">{t(`${g}.lead`)}</p>
      <CodeBlock code={command} label="curl" testId={`curl-${props.kind}`} />
      <h2>{t('guide.simple.answersTitle')}</h2>
      <ul>
        <li>{t(`${g}.answerOk`)}</li>
        <li>{t('guide.simple.answerJson')}</li>
        <li>{t('guide.simple.answerFailed')}</li>
        <li>{t('guide.simple.answerSlow')}</li>
      </ul>
      <h2>{t('guide.simple.photosTitle')}</h2>
      <p>{t(`${g}.photos`)}</p>
      <p>{t('guide.simple.cost')}</p>
      <p>
        <a className="link" href={shopperUrls.apiDocs}>
          {t('guide.simple.reference')}
        </a>
      </p>
    </>
  );
}

/** The four guides the dashboard's Keys screen links to; `?key=` and `?g=`/`?m=` fill in the snippet. */
export function GuideView(props: { name: GuideName; code: string | null; publicKey: string | null }) {
  const { t } = useT();
  return (
    <article className="guide">
      <nav className="tabs guide-nav" aria-label={t('guide.nav')}>
        {guideNames.map((name) => (
          <a
            key={name}
            className="tab"
            href={shopperUrls.guide(name)}
            aria-current={name === props.name ? 'page' : undefined}
          >
            {t(titles[name])}
          </a>
        ))}
      </nav>
      <h1>{t(titles[props.name])}</h1>
      {props.name === 'tryon-widget' && (
        <WidgetGuide kind="tryon" code={props.code} publicKey={props.publicKey} />
      )}
      {props.name === 'look-widget' && (
        <WidgetGuide kind="look" code={props.code} publicKey={props.publicKey} />
      )}
      {props.name === 'simple-tryon' && <SimpleGuide kind="tryon" />}
      {props.name === 'simple-look' && <SimpleGuide kind="look" />}
    </article>
  );
}
