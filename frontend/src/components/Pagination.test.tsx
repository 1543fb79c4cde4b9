// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Pagination } from './Pagination.tsx';

afterEach(cleanup);

describe('Pagination', () => {
  it('is absent for a single page', () => {
    const { container } = render(<Pagination page={1} pages={1} href={String} />, { wrapper: MemoryRouter });
    expect(container.textContent).toBe('');
  });

  it("shows 'Page X of Y' with Previous and Next", () => {
    render(<Pagination page={2} pages={3} href={(p) => `/explore/archive/${p}`} />, { wrapper: MemoryRouter });
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/explore/archive/3');
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/explore/archive/1');
  });
});
