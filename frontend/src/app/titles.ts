/**
 * Document titles (spec §2): the base title, then the section; archive days as 'Archive - Day
 * {n}'; in the interface's language (the messages of the sections' headers, cards and buttons).
 */
import { SITE_NAME } from '../config/siteName.ts';
import { tLoaded } from '../lib/i18n.ts';

const SECTIONS: Record<string, string> = {
  explore: 'section.explore',
  community: 'game.submitter.community',
  'privacy-policy': 'section.privacyPolicy',
  user: 'title.communityGames',
  edit: 'a.admin.editGame',
  account: 'section.account',
  challenge: 'title.challenge',
};

/**
 * `dayNumberOf` turns an archive date into its day number (the core's calendar). Any path
 * ending in `archive/{digits}` or `archive/{YYYY-MM-DD}` is an archive day. The base title alone
 * while the section's message has not loaded (Layout sets it again when it has).
 */
export function pageTitle(pathname: string, dayNumberOf: (date: string) => number | undefined): string {
  const byNumber = /(?:^|\/)archive\/(\d+)\/?$/.exec(pathname);
  const byDate = /(?:^|\/)archive\/(\d{4}-\d{2}-\d{2})\/?$/.exec(pathname);
  const day = byNumber?.[1] ?? (byDate?.[1] ? dayNumberOf(byDate[1]) : undefined);
  // Both in the first screen's catalogue: loaded before the first render.
  if (day !== undefined) return `${SITE_NAME} ${tLoaded('section.archive')} - ${tLoaded('game.submitter.day', { day })}`;
  const id = SECTIONS[pathname.split('/').filter(Boolean)[0] ?? ''];
  const section = id && tLoaded(id);
  return section ? `${SITE_NAME} - ${section}` : SITE_NAME;
}
