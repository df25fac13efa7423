import { useT } from '../lib/i18n/i18n.ts';

/** How the page works, in three steps; `hideIntro=1` in the address hides it. */
export function Intro(props: { title: string; steps: readonly string[] }) {
  const { t } = useT();
  return (
    <section className="intro" aria-labelledby="intro-title">
      <h1 id="intro-title" className="intro-title">
        {props.title}
      </h1>
      <ol className="intro-steps">
        {props.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="intro-privacy">{t('intro.privacy')}</p>
    </section>
  );
}
