/** The reminder's time zone as the player reads it (the Settings screen's reminder section). */
import { playerLocale } from '../../lib/dates.ts';

/**
 * A time zone as the player's language names it, with its place: "Central Time (Chicago)",
 * "米国中部時間 (Chicago)" for `America/Chicago` (the browser's names, `Intl`'s long generic
 * form: it is the same name in summer and winter). The place keeps the IANA spelling (`Intl` has
 * no localized city names) and tells apart zones that share a name. The id itself when the
 * browser does not know the zone.
 */
export function timeZoneLabel(zone: string, locale = playerLocale()): string {
  let name: string | undefined;
  try {
    name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    return zone;
  }
  const place = zone.split('/').pop()?.replaceAll('_', ' ') ?? zone;
  return name && name !== place ? `${name} (${place})` : zone;
}
