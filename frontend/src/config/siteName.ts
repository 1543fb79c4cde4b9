/**
 * The site's name, apart from ./site.ts: the page titles (app/titles.ts) need it on the first
 * screen, while the rest of the site's configuration (the sidebar's links, the promo, the
 * testimonies) is only read by lazy screens and would otherwise ride along in the first download.
 */
export const SITE_NAME = 'Lavalist';
