// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PatchNotesModal } from './PatchNotesModal.tsx';
import { TestimoniesModal } from './TestimoniesModal.tsx';

afterEach(cleanup);

describe('read-only modals and axe', () => {
  it("patch notes: the scrolling notes are a named region the keyboard can reach", () => {
    render(<PatchNotesModal onClose={() => undefined} />);
    const region = screen.getByRole('region', { name: 'Patch Notes' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(region.className).toContain('overflow-y-auto');
  });

  it('testimonies: each author is a caption, not a page footer landmark', () => {
    render(<TestimoniesModal onClose={() => undefined} />);
    expect(document.querySelectorAll('footer')).toHaveLength(0);
    expect(screen.queryAllByRole('contentinfo')).toHaveLength(0);
    expect(document.querySelectorAll('figure figcaption').length).toBeGreaterThan(0);
  });
});
