/**
 * The guess input with its Guess button; Enter guesses too (it is a form), except the Enter that
 * ends an input method's composition (Japanese, Chinese, Korean): that one only commits the text.
 *
 * On `/` the server painted this same form before the app ran (../earlyGuesses.ts). The first
 * guess box the app shows there takes that form over instead of drawing its own: the player's
 * box, its text and its place stay the same element, so a key pressed while the app takes over
 * the page reaches a box that is still there (a new element would have left the player's keys,
 * and a browser robot's, on a box that had just gone).
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n.ts';
import { adoptEarlyForm, peekEarlyForm } from '../earlyGuesses.ts';

interface Props {
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  onGuess: (text: string) => void;
}

const INPUT_CLASS =
  'min-w-0 flex-1 rounded-lg border border-line bg-surface px-4 py-3 text-lg text-fg placeholder:text-muted focus:border-lava-yellow focus:outline-none disabled:opacity-60';

/**
 * Whether an Enter only ends a composition: during one, or just after it (Safari sends the Enter
 * that ended it just after `compositionend`).
 */
function compositionGuard() {
  let composing = false;
  let composedAt = -Infinity;
  return {
    start: () => {
      composing = true;
    },
    end: (timeStamp: number) => {
      composing = false;
      composedAt = timeStamp;
    },
    composing: () => composing,
    swallows: (key: string, timeStamp: number, isComposing: boolean) =>
      key === 'Enter' && (composing || isComposing || timeStamp - composedAt < 50),
  };
}

export function GuessForm(props: Props) {
  // Looked at once: only the first box on `/` finds the server's form (later ones never do).
  const [early] = useState(peekEarlyForm);
  return early ? <AdoptedGuessForm form={early} {...props} /> : <OwnGuessForm {...props} />;
}

function OwnGuessForm({ value, disabled, onChange, onGuess }: Props) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [guard] = useState(compositionGuard);
  return (
    <form className="mt-5 flex gap-2" onSubmit={(event) => {
        event.preventDefault();
        if (guard.composing()) return;
        onGuess(value);
        input.current?.focus();
      }}>
      <label htmlFor="guess" className="sr-only">
        {t('game.yourGuess')}
      </label>
      <input
        ref={input}
        id="guess"
        name="guess"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="send"
        dir="auto"
        maxLength={200}
        autoFocus
        disabled={disabled}
        value={value}
        placeholder={disabled ? t('game.guess.over') : t('game.guess.placeholder')}
        onChange={(e) => {
          onChange(e.target.value);
        }}
        onCompositionStart={guard.start}
        onCompositionEnd={(e) => {
          guard.end(e.timeStamp);
        }}
        onKeyDown={(e) => {
          if (guard.swallows(e.key, e.timeStamp, e.nativeEvent.isComposing)) e.preventDefault();
        }}
        className={INPUT_CLASS}
      />
      <button type="submit" disabled={disabled} className="btn btn-primary px-5 text-lg">
        {t('game.guess.button')}
      </button>
    </form>
  );
}

interface FormParts {
  input: HTMLInputElement;
  button: HTMLButtonElement | null;
  label: HTMLLabelElement | null;
}

function showText(input: HTMLInputElement, value: string): void {
  if (input.value !== value) input.value = value;
}

function showState(parts: FormParts, disabled: boolean, words: { placeholder: string; label: string; button: string }): void {
  parts.input.disabled = disabled;
  parts.input.placeholder = words.placeholder;
  if (parts.button) {
    parts.button.disabled = disabled;
    parts.button.textContent = words.button;
  }
  if (parts.label) parts.label.textContent = words.label;
}

/**
 * The server's form, moved into this component's place and driven by hand: the same markup as
 * `OwnGuessForm` (checked by ../earlyGuesses.test.tsx), its words in the player's language.
 */
function AdoptedGuessForm({ form, value, disabled, onChange, onGuess }: Props & { form: HTMLFormElement }) {
  const t = useT();
  const slot = useRef<HTMLDivElement>(null);
  const parts = useRef<FormParts | null>(null);
  // The handlers and text of the latest render, for the form's own listeners.
  const latest = useRef({ value, onChange, onGuess });
  useLayoutEffect(() => {
    latest.current = { value, onChange, onGuess };
  });

  // The text React would have rendered into its own box. Before the effect that adopts the box,
  // so that it does nothing in that commit (`parts` is not set yet): that commit gives the store
  // the box's text, which may be newer than this render's `value`, and renders again with it.
  useLayoutEffect(() => {
    if (parts.current) showText(parts.current.input, value);
  }, [value]);

  // Moved in the commit that removed the server's page: the box is never out of the page
  // between two tasks, so whatever was typed there stays.
  useLayoutEffect(() => {
    const input = form.elements.namedItem('guess') as HTMLInputElement;
    parts.current = { input, button: form.querySelector('button'), label: form.querySelector('label') };
    slot.current?.appendChild(form);
    adoptEarlyForm(form);
    if (input.value !== latest.current.value) latest.current.onChange(input.value);
    input.focus(); // as `autoFocus` does for the app's own box
    const guard = compositionGuard();
    const listeners: [EventTarget, string, (event: Event) => void][] = [
      [form, 'submit', (event) => {
        event.preventDefault();
        if (guard.composing()) return;
        latest.current.onGuess(input.value);
        input.focus();
      }],
      [input, 'input', () => {
        latest.current.onChange(input.value);
      }],
      [input, 'compositionstart', guard.start],
      [input, 'compositionend', (event) => {
        guard.end(event.timeStamp);
      }],
      [input, 'keydown', (event) => {
        const key = event as KeyboardEvent;
        if (guard.swallows(key.key, key.timeStamp, key.isComposing)) event.preventDefault();
      }],
    ];
    for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
    return () => {
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
    };
  }, [form]);

  // What React would have rendered into its own box: the state and the words.
  const placeholder = disabled ? t('game.guess.over') : t('game.guess.placeholder');
  const label = t('game.yourGuess');
  const button = t('game.guess.button');
  useLayoutEffect(() => {
    if (parts.current) showState(parts.current, disabled, { placeholder, label, button });
  }, [disabled, placeholder, label, button]);

  return <div ref={slot} className="contents" />;
}
