/**
 * The guess input with its Guess button; Enter guesses too (it is a form), except the Enter that
 * ends an input method's composition (Japanese, Chinese, Korean): that one only commits the text.
 */
import { useRef } from 'react';
import { useT } from '../../../lib/i18n.ts';

interface Props {
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  onGuess: (text: string) => void;
}

export function GuessForm({ value, disabled, onChange, onGuess }: Props) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const composing = useRef(false);
  // When the last composition ended: Safari sends the Enter that ended it just after.
  const composedAt = useRef(-Infinity);
  return (
    <form className="mt-5 flex gap-2" onSubmit={(event) => {
        event.preventDefault();
        if (composing.current) return;
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
        onCompositionStart={() => {
          composing.current = true;
        }}
        onCompositionEnd={(e) => {
          composing.current = false;
          composedAt.current = e.timeStamp;
        }}
        onKeyDown={(e) => {
          const ending = e.timeStamp - composedAt.current < 50;
          if (e.key === 'Enter' && (composing.current || e.nativeEvent.isComposing || ending)) e.preventDefault();
        }}
        className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-4 py-3 text-lg text-fg placeholder:text-muted focus:border-lava-yellow focus:outline-none disabled:opacity-60"
      />
      <button type="submit" disabled={disabled} className="btn btn-primary px-5 text-lg">
        {t('game.guess.button')}
      </button>
    </form>
  );
}
