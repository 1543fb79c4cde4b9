import { describe, expect, it } from 'vitest';
import { parseChangelog } from './PatchNotesModal.tsx';

describe('small helpers', () => {
  it('reads releases from the changelog', () => {
    expect(parseChangelog('# Notes\n## 1.0\n- a\n- b\n\n## 0.9\n* c\n')).toEqual([
      { version: '1.0', notes: ['a', 'b'] },
      { version: '0.9', notes: ['c'] },
    ]);
  });
});
