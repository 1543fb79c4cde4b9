/** Settings: the spec's two options, a high-contrast palette and the colour mode, all saved locally. */
import '../../styles/full.css';
import { useSettings, type ColorMode, type Settings } from '../../stores/settings.ts';
import { Modal } from '../../components/Modal.tsx';
import { Suspense } from 'react';
import { lazyWithQueries } from '../../lib/lazyWithQueries.tsx';
import { activateLocale, useLocale, useT } from '../../lib/i18n.ts';
import { LOCALE_NAMES, rememberLocale, SUPPORTED_LOCALES, isLocale, type Locale } from '../../lib/locale.ts';
import { useUser } from '../../stores/user.ts';
import { saveAccountLocale } from '../../features/accounts/api.ts';

// The reminder settings read the server: loaded (with the query provider) when Settings opens.
const ReminderSettings = lazyWithQueries(() => import('../../features/reminders/ReminderSettings.tsx').then((m) => m.ReminderSettings));

type Toggle = 'disableAnimations' | 'dontShowFullUrl' | 'highContrast';

const TOGGLES: { key: Toggle; label: string; hint: string }[] = [
  { key: 'disableAnimations', label: 'settings.disableAnimations', hint: 'settings.disableAnimations.hint' },
  { key: 'dontShowFullUrl', label: 'settings.dontShowFullUrl', hint: 'settings.dontShowFullUrl.hint' },
  { key: 'highContrast', label: 'settings.highContrast', hint: 'settings.highContrast.hint' },
];

const MODE_NAMES: Record<ColorMode, string> = { dark: 'settings.mode.dark', light: 'settings.mode.light', system: 'settings.mode.system' };

/**
 * Switches the interface language: this device remembers it (and tells the server through the
 * cookie), the account too when logged in. Nothing reloads, so a game in progress stays.
 */
export async function chooseLocale(locale: Locale, signedIn: boolean): Promise<void> {
  rememberLocale(locale);
  await activateLocale(locale);
  if (signedIn) await saveAccountLocale(locale).catch((error: unknown) => {
    console.error('the language could not be saved on the account', error);
  });
}

function LanguagePicker() {
  const t = useT();
  const locale = useLocale();
  const signedIn = useUser((s) => s.user !== null);
  return (
    <div className="flex items-center justify-between gap-4">
      <label htmlFor="setting-locale" className="font-medium">
        {t('settings.language')}
      </label>
      <select
        id="setting-locale"
        value={locale}
        className="rounded-lg border border-line bg-surface px-3 py-2 text-fg"
        onChange={(e) => {
          if (isLocale(e.target.value)) void chooseLocale(e.target.value, signedIn);
        }}
      >
        {SUPPORTED_LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}

const MODES: ColorMode[] = ['dark', 'light', 'system'];

function Switch({ id, checked, onChange }: { id: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <input
      id={id}
      type="checkbox"
      role="switch"
      checked={checked}
      onChange={(e) => {
        onChange(e.target.checked);
      }}
      className="h-6 w-11 shrink-0 cursor-pointer accent-lava-yellow"
    />
  );
}

export function SettingsModal({ onClose }: { onClose: () => void }) {
  const settings = useSettings();
  const set = settings.set;
  const t = useT();
  return (
    <Modal title={t('settings.title')} onClose={onClose}>
      <div className="grid gap-4">
        <LanguagePicker />
        {TOGGLES.map((toggle) => (
          <div key={toggle.key} className="flex items-center justify-between gap-4">
            <label htmlFor={`setting-${toggle.key}`}>
              <span className="block font-medium">{t(toggle.label)}</span>
              <span className="block text-sm text-muted">{t(toggle.hint)}</span>
            </label>
            <Switch id={`setting-${toggle.key}`} checked={settings[toggle.key]} onChange={(v) => {
              set(toggle.key as keyof Settings, v);
            }} />
          </div>
        ))}
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-medium">{t('settings.colorMode')}</legend>
          <div className="flex gap-2">
            {MODES.map((m) => (
              <label key={m} className={`btn flex-1 capitalize ${settings.colorMode === m ? 'btn-primary' : 'btn-secondary'}`}>
                <input type="radio" name="colorMode" value={m} className="sr-only" checked={settings.colorMode === m} onChange={() => {
                  set('colorMode', m);
                }} />
                {t(MODE_NAMES[m])}
              </label>
            ))}
          </div>
        </fieldset>
        <Suspense fallback={<p className="text-sm text-muted">{t('settings.loadingReminders')}</p>}>
          <ReminderSettings />
        </Suspense>
      </div>
    </Modal>
  );
}
