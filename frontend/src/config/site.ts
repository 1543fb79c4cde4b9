/**
 * Site configuration in one file: the sidebar's links, the promo toast and the testimonies.
 * Defaults point at the project's own pages. External links (a sister games site, a chat
 * server, a subreddit, a roadmap, feedback, ideas, credits, an iOS app, a community manager)
 * and a donation widget appear only once filled in here; nothing third-party loads otherwise.
 */

export { SITE_NAME } from './siteName.ts';

export interface SiteLink {
  label: string;
  /** A path inside the app, or a full https:// address (opens in a new tab). */
  href: string;
}

/**
 * The sidebar's own pages; patch notes and testimonies open modals and are added by the sidebar.
 * Their labels are message ids (more.json of each locale); the external links' are shown as written.
 */
export const APP_LINKS: SiteLink[] = [
  { label: 'a.nav.today', href: '/' },
  { label: 'a.nav.archive', href: '/explore/archive' },
  { label: 'a.nav.community', href: '/explore/community' },
  { label: 'a.nav.create', href: '/create' },
  { label: 'section.privacyPolicy', href: '/privacy-policy' },
];

/** External links: empty by default. Example: `{ label: 'Subreddit', href: 'https://…' }`. */
export const EXTERNAL_LINKS: SiteLink[] = [];

/** A donation page, shown as a plain link (no widget script) when set. */
export const DONATION_URL: string | null = null;

/** Shown once, 3 s after a player's first game over; `null` turns it off. */
export const PROMO: { title: string; description: string } | null = {
  // Message ids (src/locales/*/more.json): the toast is in the player's language.
  title: 'a.promo.title',
  description: 'a.promo.description',
};

// Players' own words, shown as they wrote them (app/modals/TestimoniesModal.tsx).
/* eslint-disable lavalist/no-untranslated-text */
export const TESTIMONIES: { quote: string; author: string }[] = [
  { quote: 'My family group chat now argues about the lava every morning.', author: 'A daily player' },
  { quote: 'Just hard enough that finding the tenth item feels earned.', author: 'An archive binger' },
  { quote: 'The auto-correct forgave my spelling, the lava did not forgive my guessing.', author: 'A survivor' },
];
/* eslint-enable lavalist/no-untranslated-text */
