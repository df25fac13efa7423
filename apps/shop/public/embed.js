/*
 * The try-on widget's embed script (docs/shopper-pages.md, "Embed script"):
 *   <script src="https://tryon.example/w/embed.js" data-key="pk_..." data-garment="GARMENT_CODE" async></script>
 * (data-model="MODEL_CODE" for the look page). It inserts the widget's iframe where the script is (or into
 * data-target="#id"), sizes it to its content as it changes, keeps the shopper's anonymous id in the shop's own
 * first-party storage and hands it to the frame (so photos survive browsers that block third-party storage),
 * and relays the widget's events to the page as DOM events `tryon:event` on the iframe (they bubble), with
 * `event.detail = { type, ...data }`: tryon.done { link }, tryon.failed { code }, photo.added { fuid },
 * add-to-cart { guid, g, url, sku }, close. Messages are checked by origin both ways: only the widget's own
 * origin and window are heard, and the id is posted to that origin only.
 */
(() => {
  const script = document.currentScript;
  if (!(script instanceof HTMLScriptElement)) return;
  const widgetOrigin = new URL(script.src).origin;
  const data = script.dataset;
  const ID_KEY = 'tryon.clientuuid';
  const VALID = /^[A-Za-z0-9_-]{8,64}$/;

  const storedId = () => {
    try {
      return localStorage.getItem(ID_KEY);
    } catch {
      return null;
    }
  };
  let clientId = storedId();
  if (!clientId || !VALID.test(clientId)) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    clientId = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    try {
      localStorage.setItem(ID_KEY, clientId);
    } catch {
      // Storage blocked here too: the id lasts as long as the page.
    }
  }

  const look = Boolean(data.model);
  const params = new URLSearchParams({
    ...(look ? { m: data.model ?? '' } : { g: data.garment ?? '' }),
    hideIntro: data.hideIntro === '0' ? '0' : '1',
    key: data.key ?? '',
    embed: '1',
    // The page's origin, for the widget's server to show its refusal page (not the browser's blank one) where
    // this page sends no Referer (Referrer-Policy no-referrer or same-origin). It only ever refuses: the
    // browser's frame-ancestors check decides whether the widget shows.
    embedder: location.origin,
    ...(data.lang ? { lang: data.lang } : {}),
  });
  const frame = document.createElement('iframe');
  frame.src = `${widgetOrigin}/w/${look ? 'look' : 'tryon'}?${params}`;
  frame.title = data.title || 'Virtual try-on';
  frame.allow = 'camera; clipboard-write; web-share';
  frame.loading = 'lazy';
  frame.setAttribute('data-tryon-widget', '');
  frame.style.cssText = `display:block;width:100%;max-width:${data.maxWidth || '960px'};height:720px;border:0;`;
  const target = data.target ? document.querySelector(data.target) : null;
  if (target) target.appendChild(frame);
  else script.insertAdjacentElement('afterend', frame);

  // The frame is as tall as its content: it is told which part of it the shopper sees, to keep its toasts and
  // dialogs there rather than at its far top or middle.
  let connected = false;
  let pending = false;
  const sendViewport = () => {
    pending = false;
    if (!connected) return;
    const rect = frame.getBoundingClientRect();
    const top = Math.max(0, -rect.top);
    const height = Math.min(window.innerHeight, rect.bottom) - Math.max(0, rect.top);
    if (height <= 0) return;
    frame.contentWindow?.postMessage(
      { source: 'tryon-host', type: 'viewport', top: Math.round(top), height: Math.round(height) },
      widgetOrigin,
    );
  };
  const scheduleViewport = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(sendViewport);
  };
  // Captured: a page that scrolls inside a container (scroll events do not bubble) is heard too.
  window.addEventListener('scroll', scheduleViewport, { passive: true, capture: true });
  window.addEventListener('resize', scheduleViewport);

  window.addEventListener('message', (event) => {
    if (event.origin !== widgetOrigin || event.source !== frame.contentWindow) return;
    const message = event.data;
    if (message?.source !== 'tryon-widget' || typeof message.type !== 'string') return;
    if (message.type === 'ready') {
      frame.contentWindow?.postMessage(
        { source: 'tryon-host', type: 'client', clientuuid: clientId },
        widgetOrigin,
      );
      connected = true;
      scheduleViewport();
      return;
    }
    if (message.type === 'resize') {
      const height = Number(message.height);
      if (Number.isFinite(height) && height > 0)
        frame.style.height = `${Math.ceil(Math.min(height, 20000))}px`;
      scheduleViewport();
      return;
    }
    frame.dispatchEvent(
      new CustomEvent('tryon:event', {
        bubbles: true,
        detail: { ...(message.detail || {}), type: message.type },
      }),
    );
  });
})();
