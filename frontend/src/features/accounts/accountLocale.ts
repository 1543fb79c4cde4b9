/**
 * The account's language (docs/i18n.md, "The account's language"): the server keeps the one the
 * player chose (`user.locale`). Signing up sends the interface's language; logging in switches
 * the interface to the account's, or, when the account has none, saves the one chosen here.
 */
import type { User } from '../../api/generated/index.ts';
import { activateLocale, activeLocale } from '../../lib/i18n.ts';
import { DEFAULT_LOCALE, isLocale, rememberLocale, storedLocale, type Locale } from '../../lib/locale.ts';
import { saveAccountLocale } from './api.ts';

/**
 * The language a new account starts with: the interface's, unless it is English only by
 * default (no choice on this device, no browser language of ours), which leaves the account
 * without a choice, so that another device's choice still counts.
 */
export function signupLocale(): Locale | undefined {
  const shown = activeLocale();
  return storedLocale() !== undefined || shown !== DEFAULT_LOCALE ? shown : undefined;
}

/**
 * After a login or sign-up: the account's language wins over this device's (remembered here
 * too); an account with none gets the one chosen on this device, if any. A failure to save is
 * logged: the choice stays on this device.
 */
export async function applyAccountLocale(user: Pick<User, 'locale'>): Promise<void> {
  if (isLocale(user.locale)) {
    rememberLocale(user.locale);
    if (user.locale !== activeLocale()) await activateLocale(user.locale);
    return;
  }
  const chosen = storedLocale();
  if (chosen) {
    await saveAccountLocale(chosen).catch((error: unknown) => {
      console.error('the language could not be saved on the account', error);
    });
  }
}
