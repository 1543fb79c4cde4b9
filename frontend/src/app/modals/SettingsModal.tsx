/** Settings: the spec's two options, a high-contrast palette and the colour mode, all saved locally. */
import '../../styles/full.css';
import { useSettings, type ColorMode, type Settings } from '../../stores/settings.ts';
import { Modal } from '../../components/Modal.tsx';
import { Suspense } from 'react';
import { lazyWithQueries } from '../../lib/lazyWithQueries.tsx';

// The reminder settings read the server: loaded (with the query provider) when Settings opens.
const ReminderSettings = lazyWithQueries(() => import('../../features/reminders/ReminderSettings.tsx').then((m) => m.ReminderSettings));

type Toggle = 'disableAnimations' | 'dontShowFullUrl' | 'highContrast';

const TOGGLES: { key: Toggle; label: string; hint: string }[] = [
  { key: 'disableAnimations', label: 'Disable animations', hint: 'No lava, bursts or explosions.' },
  { key: 'dontShowFullUrl', label: 'Do not include the full URL in results', hint: 'Share text names Lavalist without the link.' },
  { key: 'highContrast', label: 'High contrast colours', hint: 'A colour-blind safe palette (blue and orange).' },
];

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
  return (
    <Modal title="Settings" onClose={onClose}>
      <div className="grid gap-4">
        {TOGGLES.map((t) => (
          <div key={t.key} className="flex items-center justify-between gap-4">
            <label htmlFor={`setting-${t.key}`}>
              <span className="block font-medium">{t.label}</span>
              <span className="block text-sm text-muted">{t.hint}</span>
            </label>
            <Switch id={`setting-${t.key}`} checked={settings[t.key]} onChange={(v) => {
              set(t.key as keyof Settings, v);
            }} />
          </div>
        ))}
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-medium">Colour mode</legend>
          <div className="flex gap-2">
            {MODES.map((m) => (
              <label key={m} className={`btn flex-1 capitalize ${settings.colorMode === m ? 'btn-primary' : 'btn-secondary'}`}>
                <input type="radio" name="colorMode" value={m} className="sr-only" checked={settings.colorMode === m} onChange={() => {
                  set('colorMode', m);
                }} />
                {m}
              </label>
            ))}
          </div>
        </fieldset>
        <Suspense fallback={<p className="text-sm text-muted">Loading reminders…</p>}>
          <ReminderSettings />
        </Suspense>
      </div>
    </Modal>
  );
}
