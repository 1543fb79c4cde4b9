/** A labelled input for the account forms; an error is tied to it for screen readers. */
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useLocale, useT } from '../lib/i18n.ts';
import { Trans } from './Trans.tsx';

/** The text-field look shared by the account forms and the create page (as the guess input). */
export const FIELD_CLASS =
  'w-full min-w-0 rounded-lg border border-line bg-surface px-3 py-2.5 text-fg placeholder:text-muted focus:border-lava-yellow focus:outline-2 focus:outline-offset-1 focus:outline-lava-yellow/40 aria-invalid:border-wrong disabled:opacity-60';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field (role=alert), marks it invalid. */
  error?: string | null | undefined;
  /** A quiet hint under the field. */
  hint?: string | undefined;
}

/** The ids of a field's hint and error, for `aria-describedby` (`undefined` when it has neither). */
function describedBy(id: string, hint: string | undefined, error: string | null | undefined) {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** The quiet hint and the error (role=alert) under a field, with the ids `describedBy` names. */
function FieldNotes({ id, hint, error }: { id: string; hint: string | undefined; error: string | null | undefined }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-wrong">
          {error}
        </p>
      )}
    </>
  );
}

export function Field({ label, value, onChange, error, hint, className, ...input }: Props) {
  const id = useId();
  const described = describedBy(id, hint, error);
  return (
    <div className={`grid gap-1 ${className ?? ''}`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={FIELD_CLASS}
        {...input}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/**
 * A password field with a Show/Hide button after it: a toggle (`aria-pressed`, `aria-controls`)
 * whose name says which field it reveals ("Show password"), reachable with Tab and pressed with
 * Enter or Space. The text stays hidden until asked.
 */
export function PasswordField({ label, value, onChange, error, hint, className, ...input }: Omit<Props, 'type'>) {
  const id = useId();
  const locale = useLocale();
  const [shown, setShown] = useState(false);
  const described = describedBy(id, hint, error);
  // The field's name inside the sentence ("Show password"); German keeps its nouns capitalised.
  const name = locale === 'de' ? label : label.toLocaleLowerCase(locale);
  return (
    <div className={`grid gap-1 ${className ?? ''}`}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          autoCapitalize="off"
          spellCheck={false}
          className={FIELD_CLASS}
          {...input}
        />
        <button
          type="button"
          className="btn btn-ghost shrink-0 px-3 text-sm"
          aria-pressed={shown}
          aria-controls={id}
          onClick={() => {
            setShown((s) => !s);
          }}
        >
          {/* Named by its text ("Show password"), not aria-label: a search for the field's label
              must find the field alone. */}
          <Trans id={shown ? 'a.field.hide' : 'a.field.show'} values={{ name }} components={{ 0: <span className="sr-only" /> }} />
        </button>
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/**
 * The second entry of a new password: typing in it clears the mismatch its form found on
 * submit ("Passwords do not match").
 */
export function ConfirmPasswordField({
  label,
  value,
  onChange,
  mismatch,
  onMismatchCleared,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  mismatch: boolean;
  onMismatchCleared: () => void;
}) {
  const t = useT();
  return (
    <PasswordField
      label={label}
      name="confirm-password"
      autoComplete="new-password"
      required
      value={value}
      onChange={(v) => {
        onChange(v);
        onMismatchCleared();
      }}
      error={mismatch ? t('a.field.mismatch') : null}
    />
  );
}

/** A failure shown twice: as the spec's toast, and in the form where a screen reader finds it. */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-lg border border-wrong/60 bg-wrong/10 px-3 py-2 text-sm text-wrong">
      {children}
    </p>
  );
}

export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" className="btn btn-primary w-full" disabled={busy} aria-busy={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}

/** A text-like button that switches between the account forms. */
export function LinkButton({ onClick, children }: { onClick: () => void; children?: ReactNode }) {
  return (
    <button type="button" className="font-semibold text-lava-yellow underline-offset-2 hover:underline focus-visible:underline" onClick={onClick}>
      {children}
    </button>
  );
}
