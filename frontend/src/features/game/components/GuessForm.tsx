/** The guess input with its Guess button; Enter guesses too (it is a form). */
import { useRef } from 'react';

interface Props {
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  onGuess: (text: string) => void;
}

export function GuessForm({ value, disabled, onChange, onGuess }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <form className="mt-5 flex gap-2" onSubmit={(event) => {
        event.preventDefault();
        onGuess(value);
        input.current?.focus();
      }}>
      <label htmlFor="guess" className="sr-only">
        Your guess
      </label>
      <input
        ref={input}
        id="guess"
        name="guess"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="send"
        maxLength={200}
        autoFocus
        disabled={disabled}
        value={value}
        placeholder={disabled ? 'Game over' : 'Type a guess…'}
        onChange={(e) => {
          onChange(e.target.value);
        }}
        className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-4 py-3 text-lg text-fg placeholder:text-muted focus:border-lava-yellow focus:outline-none disabled:opacity-60"
      />
      <button type="submit" disabled={disabled} className="btn btn-primary px-5 text-lg">
        Guess
      </button>
    </form>
  );
}
