/**
 * Settings → Daily reminder: web push on this browser and/or e-mail (logged-in players), a local
 * time in the browser's time zone (19:00 until chosen), every day or only when a streak is at
 * risk. Loaded with the settings modal's query provider (lazyWithQueries), never at start.
 */
import '../../styles/full.css';
import { useId, useState, type SubmitEvent } from 'react';
import type { ReminderMode, ReminderSettings as Stored } from '../../api/generated/index.ts';
import { ApiError } from '../../lib/apiClient.ts';
import { playerLocale } from '../../lib/dates.ts';
import { timeZoneLabel } from './timeZone.ts';
import { t, useT } from '../../lib/i18n.ts';
import { useUser } from '../../stores/user.ts';
import {
  browserTimeZone,
  pushSupported,
  PushUnavailable,
  saveReminders,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
  useReminders,
} from './api.ts';

/** What the error codes of these routes mean to the player (message ids). */
const MESSAGES: Partial<Record<string, string>> = {
  invalidTime: 'b.reminder.error.invalidTime',
  invalidTimeZone: 'b.reminder.error.invalidTimeZone',
  pushEndpointRefused: 'b.reminder.error.pushEndpointRefused',
  invalidSubscription: 'b.reminder.error.invalidSubscription',
  unauthorized: 'b.reminder.emailLogin',
};

function describe(error: unknown): string {
  if (error instanceof PushUnavailable) return error.message;
  if (error instanceof ApiError) {
    const id = error.code ? MESSAGES[error.code] : undefined;
    return id ? t(id) : error.message;
  }
  if (error instanceof DOMException && error.name === 'NotAllowedError') return t('b.reminder.error.pushEndpointRefused');
  return t('b.reminder.error.generic');
}

/** A date's calendar day in `timeZone`, as a day count (for "today" and "tomorrow"). */
function dayNumber(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  return Date.parse(`${parts.slice(0, 10)}T00:00:00Z`) / 86_400_000;
}

/**
 * When the next reminder comes, as the player says it: "today at 08:30", "tomorrow at 08:30",
 * later "Wednesday at 08:30" (never "Monday" on a Monday). Days are counted in the reminders'
 * time zone; "today" and "tomorrow" are Intl's words in every locale.
 */
export function reminderWhen(nextAt: string, now: Date, locale: string | undefined, timeZone: string): string {
  const at = new Date(nextAt);
  const days = dayNumber(at, timeZone) - dayNumber(now, timeZone);
  const day =
    days >= 0 && days <= 1
      ? new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(days, 'day')
      : at.toLocaleDateString(locale, { weekday: 'long', timeZone });
  const time = at.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', timeZone });
  return t('b.reminder.dayAtTime', { day, time });
}

function nextText(stored: Stored): string {
  if (!stored.nextAt) return t('b.reminder.none');
  const zone = stored.timeZone || browserTimeZone();
  return t('b.reminder.saved', { when: reminderWhen(stored.nextAt, new Date(), playerLocale(), zone) });
}

/**
 * Turns push on in this browser when asked; a refusal (the permission denied, no push here)
 * is returned, not thrown: the other choices (e-mail, time, mode) are saved all the same.
 */
async function pushChoice(push: boolean, stored: Stored): Promise<{ push: boolean; refusal: unknown }> {
  if (!push) {
    if (stored.push) await unsubscribeThisBrowser();
    return { push, refusal: null };
  }
  try {
    await subscribeThisBrowser(stored.vapidPublicKey);
    return { push, refusal: null };
  } catch (refusal) {
    return { push: false, refusal };
  }
}

type Status = { error: boolean; text: string } | null;

/** A labelled switch with its hint (read out as its description). */
function SwitchRow(props: { id: string; label: string; hint: string; checked: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <label htmlFor={props.id} className="block">
          {props.label}
        </label>
        <span id={`${props.id}-hint`} className="block text-sm text-muted">
          {props.hint}
        </span>
      </div>
      <input
        id={props.id}
        type="checkbox"
        role="switch"
        aria-describedby={`${props.id}-hint`}
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => {
          props.onChange(e.target.checked);
        }}
        className="h-6 w-11 shrink-0 cursor-pointer accent-lava-yellow"
      />
    </div>
  );
}

export function ReminderSettings() {
  const translate = useT();
  const loggedIn = useUser((s) => s.user !== null);
  const { query, update } = useReminders(loggedIn);
  // Kept here: the form below starts again from each stored answer, the message stays.
  const [status, setStatus] = useState<Status>(null);
  const stored = query.data;
  if (query.isPending) return <p className="text-sm text-muted">{translate('settings.loadingReminders')}</p>;
  if (query.isError || !stored) {
    return (
      <p role="alert" className="text-sm">
        {translate('b.reminder.unavailable', { error: query.error instanceof Error ? query.error.message : '' })}
      </p>
    );
  }
  const formKey = `${String(stored.push && stored.pushSubscriptions > 0)}-${String(stored.email)}-${stored.time}-${stored.mode}`;
  return <ReminderForm key={formKey} stored={stored} onSaved={update} status={status} setStatus={setStatus} />;
}

function ReminderForm({
  stored,
  onSaved,
  status,
  setStatus,
}: {
  stored: Stored;
  onSaved: (saved: Stored) => void;
  status: Status;
  setStatus: (status: Status) => void;
}) {
  const translate = useT();
  const id = useId();
  const [push, setPush] = useState(stored.push && stored.pushSubscriptions > 0);
  const [email, setEmail] = useState(stored.email);
  const [time, setTime] = useState(stored.time);
  const [mode, setMode] = useState<ReminderMode>(stored.mode);
  const [busy, setBusy] = useState(false);
  const zone = stored.timeZone || browserTimeZone();

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setStatus(null);
    try {
      const choice = await pushChoice(push, stored);
      if (choice.refusal) setPush(false);
      const saved = await saveReminders({ push: choice.push, email: email && stored.emailAvailable, time, timeZone: browserTimeZone(), mode });
      const next = nextText(saved);
      setStatus(choice.refusal ? { error: false, text: `${t('b.reminder.pushOff', { error: describe(choice.refusal) })} ${next}` } : { error: false, text: next });
      onSaved(saved);
    } catch (error) {
      if (error instanceof PushUnavailable) setPush(false);
      setStatus({ error: true, text: describe(error) });
    } finally {
      setBusy(false);
    }
  };

  const canPush = pushSupported();
  return (
    <form className="grid gap-3" aria-labelledby={`${id}-title`} onSubmit={(e) => void save(e)}>
      <h3 id={`${id}-title`} className="font-medium">
        {translate('b.reminder.title')}
      </h3>
      <SwitchRow
        id={`${id}-push`}
        label={translate('b.reminder.push')}
        hint={canPush ? translate('b.reminder.pushHint') : translate('b.reminder.pushUnsupported')}
        checked={push}
        disabled={!canPush}
        onChange={setPush}
      />
      <SwitchRow
        id={`${id}-email`}
        label={translate('b.reminder.email')}
        hint={stored.emailAvailable ? translate('b.reminder.emailHint') : translate('b.reminder.emailLogin')}
        checked={email && stored.emailAvailable}
        disabled={!stored.emailAvailable}
        onChange={setEmail}
      />
      <div className="flex items-center justify-between gap-4">
        <div>
          <label htmlFor={`${id}-time`} className="block">
            {translate('b.reminder.time')}
          </label>
          <span id={`${id}-zone`} className="block text-sm text-muted">
            {translate('b.reminder.zone', { zone: timeZoneLabel(zone) })}
          </span>
        </div>
        <input
          id={`${id}-time`}
          type="time"
          required
          aria-describedby={`${id}-zone`}
          value={time}
          onChange={(e) => {
            setTime(e.target.value);
          }}
          className="rounded-lg border border-line bg-surface px-2 py-1 text-fg focus:outline-2 focus:outline-lava-yellow"
        />
      </div>
      <fieldset className="grid gap-1">
        <legend className="mb-1">{translate('b.reminder.when')}</legend>
        {(
          [
            ['everyDay', 'b.reminder.everyDay'],
            ['streakAtRisk', 'b.reminder.streakAtRisk'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-mode`}
              value={value}
              checked={mode === value}
              onChange={() => {
                setMode(value);
              }}
            />
            {translate(label)}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
        {translate('b.reminder.save')}
      </button>
      <p role="status" aria-live="polite" className="min-h-5 text-sm">
        {status ? (status.error ? translate('b.reminder.notSaved', { text: status.text }) : status.text) : ''}
      </p>
    </form>
  );
}
