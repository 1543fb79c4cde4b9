/** The vector runner itself: a runner that accepted anything would make the vectors worthless. */
import { describe, expect, it } from 'vitest';
import { loadCreatePageSync, loadScriptsCoreSync } from './nodeCore.ts';
import { jsonEqual, runVector, VectorError } from './vectorRunner.ts';

// The module of every script: it has every kind's exports (the Latin one lacks the form rules).
const core = loadScriptsCoreSync();
const createPage = loadCreatePageSync();
const run = (vector: unknown) => () => {
  runVector(core, vector, createPage);
};

const items = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `Item ${'abcdefghij'[i] ?? ''}`, altSpellings: [] }));
const game = { prompt: 'Letters', type: 'daily', date: '2024-07-09', items };

describe('vector runner', () => {
  it('passes correct vectors of several kinds', () => {
    expect(run({ name: 'n', normalise: '  Éclair Ø! ', expect: 'eclairo' })).not.toThrow();
    expect(run({ name: 's', splitSpellings: ' a , b,, ', expect: ['a', 'b'] })).not.toThrow();
    expect(
      run({
        name: 'g',
        game,
        steps: [{ guess: 'item a', expect: { outcome: 'correct', itemId: 1, correction: null } }, { giveUp: true }],
        expect: { correct: 1, score: 100, gameOver: true, meter: 100, share: `🌋 Lavalist\nDay 1 - Letters\n🟡${'🔴'.repeat(9)}\nScore: 100` },
      }),
    ).not.toThrow();
    expect(
      run({ name: 'r', game, replay: [{ giveUp: true }, { guess: 'x' }], expect: { replayError: { index: 1, error: 'gameOver' } } }),
    ).not.toThrow();
  });

  it('rejects an unknown top-level key', () => {
    expect(run({ name: 'x', splitSpellings: 'a', expect: ['a'], surprise: 1 })).toThrow(/unknown key surprise/);
  });

  it('names the texts a profanity corpus gets wrong', () => {
    const corpus = (kind: string, texts: string[], expect: object) => run({ name: 'c', profanityCorpus: { kind, texts }, expect });
    expect(corpus('legitimate', ['Niger', 'Moby Dick'], { maxFlaggedPercent: 1 })).not.toThrow();
    expect(corpus('legitimate', ['Niger', 'f u c k'], { maxFlaggedPercent: 1 })).toThrow(/f u c k/);
    expect(corpus('offensive', ['sh1t', 'Scunthorpe'], { minFlaggedPercent: 97 })).toThrow(/Scunthorpe/);
    expect(corpus('legitimate', ['Twatt', 'Dildo'], { minFlaggedPercent: 100, maxRefusedPercent: 0 })).not.toThrow();
    expect(corpus('offensive', ['Twatt', 'kys'], { minRefusedPercent: 100 })).toThrow(/Twatt/);
    expect(corpus('offensive', ['sh1t'], { maxRefusedPercentage: 1 })).toThrow(/unknown key maxRefusedPercentage/);
  });

  it('rejects a vector that matches no kind', () => {
    expect(run({ name: 'x', expect: 1 })).toThrow(/no known kind/);
  });

  it('rejects unknown keys in steps and expectations', () => {
    expect(run({ name: 'x', game, steps: [{ guess: 'a', jump: 1 }], expect: {} })).toThrow(/unknown key jump/);
    expect(run({ name: 'x', game, steps: [{ guess: 'a', expect: { colour: 'red' } }], expect: {} })).toThrow(
      /unknown key colour/,
    );
    expect(run({ name: 'x', game, steps: [], expect: { replayError: { index: 0, error: 'gameOver' } } })).toThrow(
      /unknown key replayError/,
    );
    expect(run({ name: 'x', now: '2025-03-09T05:00:00Z', expect: { tomorrow: '2025-03-10' } })).toThrow(
      /unknown key tomorrow/,
    );
  });

  it('rejects steps with no action or two actions', () => {
    expect(run({ name: 'x', game, steps: [{ expect: {} }], expect: {} })).toThrow(/exactly one/);
    expect(run({ name: 'x', game, steps: [{ guess: 'a', giveUp: true }], expect: {} })).toThrow(/exactly one/);
  });

  it('fails wrong expectations', () => {
    expect(run({ name: 'x', normalise: 'Ab', expect: 'ba' })).toThrow(VectorError);
    expect(run({ name: 'x', game, steps: [{ guess: '!!!', expect: { outcome: 'wrong' } }], expect: {} })).toThrow(
      /unexpected error "emptyGuess"/,
    );
    expect(run({ name: 'x', game, steps: [{ guess: 'zzz', expect: { error: 'emptyGuess' } }], expect: {} })).toThrow(
      /expected an error/,
    );
    expect(run({ name: 'x', game, steps: [], expect: { score: 10 } })).toThrow(/score: expected 10, got 0/);
    expect(
      run({ name: 'r', game, replay: [{ giveUp: true }, { guess: 'x' }], expect: { replayError: { index: 0, error: 'gameOver' } } }),
    ).toThrow(/replayError/);
    expect(run({ name: 'r', game, replay: [{ giveUp: true }, { guess: 'x' }], expect: { correct: 0 } })).toThrow(
      /unexpected replay error/,
    );
  });

  it('runs the autofill kinds through the create page module, strictly', () => {
    const spellings = { name: 'a', alternativeSpellings: { name: 'The Cure', existing: [] }, expect: ['Cure'] };
    expect(run(spellings)).not.toThrow();
    expect(() => {
      runVector(core, spellings);
    }).toThrow(/create page module/);
    expect(run({ ...spellings, expect: [] })).toThrow(/alternative spellings/);
    expect(run({ ...spellings, alternativeSpellings: { name: 'x', existing: [], extra: 1 } })).toThrow(/unknown key extra/);
    const form = { prompt: ' p ', items: [{ name: 'St Ives', altSpellings: [] }] };
    expect(run({ name: 'f', autofill: form, expect: { prompt: 'P', items: [{ name: 'St Ives', altSpellings: ['Saint Ives'] }] } })).not.toThrow();
    expect(run({ name: 'f', autofill: { ...form, public: true }, expect: {} })).toThrow(/unknown key public/);
    expect(run({ name: 'f', autofill: { prompt: 'p', items: [{ name: 'x', id: 1 }] }, expect: {} })).toThrow(/unknown key id/);
  });

  it('runs the result, merge and rules kinds strictly', () => {
    expect(run({ name: 'b', scoreBucket: 730, expect: 73 })).not.toThrow();
    expect(run({ name: 'b', scoreBucket: 730, expect: 72 })).toThrow(/score bucket: expected 72, got 73/);
    expect(run({ name: 'b', scoreBucket: -5, expect: 0 })).toThrow(/whole number/);
    expect(run({ name: 'b', scoreBucket: 1.5, expect: 0 })).toThrow(/whole number/);
    expect(run({ name: 'w', won: [true, true], expect: true })).not.toThrow();
    expect(run({ name: 'w', won: [true, 'yes'], expect: false })).toThrow(/list of booleans/);
    expect(run({ name: 'w', won: [], expect: true })).toThrow(/won: expected true, got false/);
    const standing = { histogram: [[0, 1], [50, 2], [100, 1]], players: 4, score: 510, counted: false };
    expect(run({ name: 'p', standing, expect: { kind: 'top', percent: 40 } })).not.toThrow();
    expect(run({ name: 'p', standing, expect: { kind: 'top', percent: 75 } })).toThrow(/standing: expected/);
    expect(run({ name: 'p', standing: { ...standing, counted: 'no' }, expect: { kind: 'first' } })).toThrow(/counted/);
    expect(run({ name: 'p', standing: { ...standing, histogram: [[0, 1, 2]] }, expect: 0 })).toThrow(/\[bucket, players\]/);
    expect(run({ name: 'p', standing: { ...standing, top: true }, expect: 0 })).toThrow(/unknown key top/);
    const form = { prompt: 'p', items: [{ name: 'Türkiye', altSpellings: [] }] };
    const answer = { prompt: ' ', items: [{ name: 'turkiye', altSpellings: ['Turkey'] }] };
    const merged = { prompt: 'p', items: [{ name: 'Türkiye', altSpellings: ['Turkey'] }] };
    expect(run({ name: 'm', mergeAutofill: { form, answer }, expect: merged })).not.toThrow();
    expect(run({ name: 'm', mergeAutofill: { form, answer }, expect: form })).toThrow(/merged form/);
    expect(run({ name: 'm', mergeAutofill: { form, answer: { ...answer, extra: 1 } }, expect: merged })).toThrow(/unknown key extra/);
    expect(run({ name: 'm', mergeAutofill: { form, answer, more: 1 }, expect: merged })).toThrow(/unknown key more/);
    expect(run({ name: 'r', rules: true, expect: { itemsPerGame: 10 } })).toThrow(/rules: expected/);
    expect(run({ name: 'r', rules: 'yes', expect: {} })).toThrow(/rules must be true/);
  });

  it('runs the streak and grace kinds through the create page module, strictly', () => {
    const streak = { start: null, plays: [{ day: '2025-03-01', won: true }, { day: '2025-03-02', won: false }], today: '2025-03-04' };
    const expected = { lastPlayed: '2025-03-02', played: 2, won: 0, current: { played: 0, won: 0 } };
    expect(run({ name: 's', streak, expect: expected })).not.toThrow();
    expect(run({ name: 's', streak, expect: { ...expected, played: 3 } })).toThrow(/streak: expected/);
    expect(() => {
      runVector(core, { name: 's', streak, expect: expected });
    }).toThrow(/create page module/);
    expect(run({ name: 's', streak: { ...streak, plays: [{ day: '2025-03-01', won: true, late: 1 }] }, expect: expected })).toThrow(
      /unknown key late/,
    );
    expect(run({ name: 's', streak: { ...streak, today: '2025-3-4' }, expect: expected })).toThrow(/invalid date/);
    expect(run({ name: 's', streak: { ...streak, start: { lastPlayed: null, played: 1.5, won: 0 } }, expect: expected })).toThrow(
      /whole number/,
    );
    const grace = { date: '2025-06-01', now: '2025-06-02T04:14:00Z' };
    expect(run({ name: 'g', acceptsDaily: grace, expect: true })).not.toThrow();
    expect(run({ name: 'g', acceptsDaily: { ...grace, now: '2025-06-02T04:16:00Z' }, expect: true })).toThrow(/accepts daily/);
    expect(run({ name: 'g', acceptsDaily: { ...grace, zone: 'EDT' }, expect: true })).toThrow(/unknown key zone/);
    expect(run({ name: 'g', acceptsDaily: { ...grace, date: '2025-02-30' }, expect: false })).toThrow(/invalid date/);
  });

  it('compares JSON structurally', () => {
    expect(jsonEqual({ a: [1, null] }, { a: [1, null] })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
    expect(jsonEqual(null, undefined)).toBe(false);
  });
});
