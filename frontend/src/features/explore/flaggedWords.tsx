/**
 * The words the profanity rule flags in a game waiting for review (`flaggedWords` of the review
 * queue: the creator said they are real names, or an admin's edit kept them), marked where they
 * stand so the moderator checks them before approving.
 */
import type { ReactNode } from 'react';
import type { FlaggedWords } from '../../api/generated/index.ts';

/** The flagged words of one field (`prompt`, `items.N.name`, `items.N.altSpellings`). */
export function wordsOf(flagged: readonly FlaggedWords[], field: string): string[] {
  return flagged.filter((f) => f.field === field).flatMap((f) => f.words);
}

/** Every flagged word of the game once, in field order. */
export function allWords(flagged: readonly FlaggedWords[]): string[] {
  return [...new Set(flagged.flatMap((f) => f.words))];
}

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with each of `words` (any case) in a `<mark>`. */
export function Highlighted({ text, words }: { text: string; words: string[] }): ReactNode {
  const wanted = words.filter((w) => w !== '');
  if (wanted.length === 0) return text;
  // Longest first, so "Fucking" is marked whole rather than a shorter word inside it.
  const pattern = new RegExp(`(${[...wanted].sort((a, b) => b.length - a.length).map(escape).join('|')})`, 'giu');
  return text.split(pattern).map((part, i) =>
    i % 2 === 1 ? (
      <mark key={i} className="rounded bg-lava-yellow px-0.5 text-black" data-testid="flagged-word">
        {part}
      </mark>
    ) : (
      part
    ),
  );
}
