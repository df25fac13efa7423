import type { ReactNode } from 'react';
import { embeddedByScript, emitToHost } from '../lib/embed/host-bridge.ts';
import { useT } from '../lib/i18n/i18n.ts';
import { LanguageSelect } from './language-select.tsx';

export interface ShopBrand {
  name: string;
  logo: string;
  url: string;
}

const safeUrl = (url: string) => (/^https?:\/\//i.test(url) ? url : undefined);

/** Header with the shop's name and logo (or the product's name), the language, and the page below. */
export function PageShell(props: {
  shop?: ShopBrand | undefined;
  title?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useT();
  const name = props.shop?.name || props.title || t('app.title');
  const logo = props.shop?.logo ? safeUrl(props.shop.logo) : undefined;
  const site = props.shop?.url ? safeUrl(props.shop.url) : undefined;
  const brand = (
    <>
      {logo ? (
        <img className="brand-logo" src={logo} alt="" width={32} height={32} />
      ) : (
        <span className="brand-mark" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span className="brand-name">{name}</span>
    </>
  );
  return (
    <div className="shell">
      <header className="topbar">
        {site ? (
          <a className="brand" href={site} target="_blank" rel="noopener">
            {brand}
          </a>
        ) : (
          <span className="brand">{brand}</span>
        )}
        <span className="topbar-end">
          <LanguageSelect />
          {embeddedByScript() && (
            <button
              type="button"
              className="topbar-close"
              aria-label={t('embed.close')}
              onClick={() => emitToHost({ type: 'close', detail: {} })}
              data-testid="widget-close"
            >
              ×
            </button>
          )}
        </span>
      </header>
      <main className={props.wide ? 'content content-wide' : 'content'}>{props.children}</main>
      <footer className="footer">{t('app.poweredBy')}</footer>
    </div>
  );
}
