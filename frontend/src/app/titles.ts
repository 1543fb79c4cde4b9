/** Document titles (spec §2): the base title, then the section; archive days as 'Archive - Day {n}'. */
import { SITE_NAME } from '../config/site.ts';

const SECTIONS: Record<string, string> = {
  explore: 'Explore',
  community: 'Community Game',
  'privacy-policy': 'Privacy Policy',
  user: 'Community Games',
  edit: 'Edit Game',
  account: 'Account',
  challenge: 'Challenge',
};

/**
 * `dayNumberOf` turns an archive date into its day number (the core's calendar). Any path
 * ending in `archive/{digits}` or `archive/{YYYY-MM-DD}` is an archive day.
 */
export function pageTitle(pathname: string, dayNumberOf: (date: string) => number | undefined): string {
  const byNumber = /(?:^|\/)archive\/(\d+)\/?$/.exec(pathname);
  if (byNumber?.[1]) return `${SITE_NAME} Archive - Day ${byNumber[1]}`;
  const byDate = /(?:^|\/)archive\/(\d{4}-\d{2}-\d{2})\/?$/.exec(pathname);
  const day = byDate?.[1] ? dayNumberOf(byDate[1]) : undefined;
  if (day !== undefined) return `${SITE_NAME} Archive - Day ${day}`;
  const first = pathname.split('/').filter(Boolean)[0];
  const section = first ? SECTIONS[first] : undefined;
  return section ? `${SITE_NAME} - ${section}` : SITE_NAME;
}
