/**
 * Contact and social links shown in the menu and the FAQ. Set them at build time with VITE_CONTACT_EMAIL and
 * VITE_SOCIAL_LINKS ("Label|https://...,Label|https://...").
 */
export const contactEmail: string = import.meta.env.VITE_CONTACT_EMAIL || 'support@tryon.example';

const defaultSocial =
  'Instagram|https://www.instagram.com/,LinkedIn|https://www.linkedin.com/,YouTube|https://www.youtube.com/';

export interface SocialLink {
  label: string;
  url: string;
}

export const socialLinks: SocialLink[] = String(import.meta.env.VITE_SOCIAL_LINKS || defaultSocial)
  .split(',')
  .map((entry) => entry.split('|'))
  .flatMap(([label, url]) => (label && url && /^https:\/\//.test(url) ? [{ label, url }] : []));
