import type { ReactNode } from 'react';

/** A message in place of a page: a link that does not work here, a shop that is closed. */
export function Notice(props: { title: string; tone?: 'error' | 'info'; children?: ReactNode }) {
  return (
    <section
      className={`notice notice-${props.tone ?? 'info'}`}
      role={props.tone === 'error' ? 'alert' : undefined}
    >
      <h1 className="notice-title">{props.title}</h1>
      {props.children}
    </section>
  );
}
