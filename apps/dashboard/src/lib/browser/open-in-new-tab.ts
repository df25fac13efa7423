/** Opens a page in a new tab without giving it a handle on ours. */
export function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
