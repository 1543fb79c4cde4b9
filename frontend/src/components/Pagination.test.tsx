// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, loadMoreMessages } from '../lib/i18n.ts';
import { pageItems, pageOf, pageRedirect, Pagination, usePageTop } from './Pagination.tsx';

afterEach(cleanup);

describe('Pagination', () => {
  it('speaks the interface language, and switches in place', async () => {
    await activateLocale('de');
    await loadMoreMessages();
    render(<Pagination page={2} pages={3} href={(p) => `/explore/archive/${String(p)}`} />, { wrapper: MemoryRouter });
    expect(screen.getByRole('navigation', { name: 'Seiten' })).toBeTruthy();
    expect(screen.getByText('Seite 2 von 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Weiter' }).getAttribute('href')).toBe('/explore/archive/3');
    expect(screen.getByRole('link', { name: 'Seite 3' })).toBeTruthy();
    await act(() => activateLocale('en'));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/explore/archive/1');
  });

  it('is absent for a single page', () => {
    const { container } = render(<Pagination page={1} pages={1} href={String} />, { wrapper: MemoryRouter });
    expect(container.textContent).toBe('');
  });

  it("shows 'Page X of Y' with Previous and Next", () => {
    render(<Pagination page={2} pages={3} href={(p) => `/explore/archive/${String(p)}`} />, { wrapper: MemoryRouter });
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/explore/archive/3');
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/explore/archive/1');
  });

  it('numbers the pages: first, …, current ± 1, …, last, the current one marked', () => {
    render(<Pagination page={5} pages={10} href={(p) => `/explore/archive/${String(p)}`} />, { wrapper: MemoryRouter });
    const numbers = screen.getByTestId('page-numbers');
    expect(numbers.textContent).toBe('1…456…10');
    const links = screen.getAllByRole('link', { name: /^Page \d+$/ });
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/explore/archive/1', '/explore/archive/4', '/explore/archive/5', '/explore/archive/6', '/explore/archive/10']);
    expect(screen.getByRole('link', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page');
    expect(links.filter((a) => a.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('disables Previous on the first page and Next on the last', () => {
    render(<Pagination page={1} pages={2} href={String} />, { wrapper: MemoryRouter });
    expect(screen.getByText('Previous').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('link', { name: 'Next' })).toBeTruthy();
  });
});

describe('pageItems', () => {
  it.each<[number, number, (number | 'gap')[]]>([
    [1, 1, [1]],
    [1, 5, [1, 2, 'gap', 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [1, 10, [1, 2, 'gap', 10]],
    [10, 10, [1, 'gap', 9, 10]],
    [5, 10, [1, 'gap', 4, 5, 6, 'gap', 10]],
    // A gap that would hide one page shows it instead.
    [4, 10, [1, 2, 3, 4, 5, 'gap', 10]],
    [7, 10, [1, 'gap', 6, 7, 8, 9, 10]],
  ])('page %i of %i', (page, pages, items) => {
    expect(pageItems(page, pages)).toEqual(items);
  });
});

describe('pageRedirect', () => {
  it('keeps a page in range, and an absent page (page 1)', () => {
    expect(pageRedirect(undefined, 5)).toBeNull();
    expect(pageRedirect('3', 5)).toBeNull();
    expect(pageRedirect('5', 5)).toBeNull();
    expect(pageRedirect('1', 0)).toBeNull();
  });

  it('sends a page past the last to the last, once the number of pages is known', () => {
    expect(pageRedirect('99', 5)).toBe(5);
    expect(pageRedirect('99', undefined)).toBeNull();
    expect(pageRedirect('2', 0)).toBe(1);
    expect(pageRedirect('9007199254740993', 5)).toBe(5);
    expect(pageRedirect('9007199254740993', undefined)).toBeNull();
  });

  it('sends 0, negative and non-numeric pages to page 1, and other spellings of a number to it', () => {
    for (const bad of ['0', '-2', '1.5', 'abc', '', '1e2', ' 3']) expect(pageRedirect(bad, 5)).toBe(1);
    for (const bad of ['0', '-2', 'abc']) expect(pageRedirect(bad, undefined)).toBe(1);
    expect(pageRedirect('007', 10)).toBe(7);
  });

  it('reads the page a path names', () => {
    expect(pageOf(undefined)).toBe(1);
    expect(pageOf('3')).toBe(3);
    for (const bad of ['0', '-2', '1.5', 'abc', '']) expect(pageOf(bad)).toBe(1);
  });
});

describe('usePageTop', () => {
  function List() {
    const page = Number(useParams().page);
    const top = usePageTop<HTMLUListElement>();
    return (
      <>
        <input aria-label="search" />
        <ul ref={top} tabIndex={-1} aria-label="list">
          <li>page {page}</li>
        </ul>
        <Pagination page={page} pages={3} href={(p) => `/list/${String(p)}`} />
      </>
    );
  }

  it('brings the list top into view and focus after a move with the pager, not on arrival', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    render(
      <MemoryRouter initialEntries={['/list/1']}>
        <Routes>
          <Route path="/list/:page" element={<List />} />
        </Routes>
      </MemoryRouter>,
    );
    const list = screen.getByRole('list', { name: 'list' });
    expect(scrolled).not.toHaveBeenCalled();
    expect(document.activeElement).not.toBe(list);
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Next' }));
      await Promise.resolve();
    });
    expect(list.textContent).toBe('page 2');
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
    expect(document.activeElement).toBe(list);
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Page 3' }));
      await Promise.resolve();
    });
    expect(list.textContent).toBe('page 3');
    expect(scrolled).toHaveBeenCalledTimes(2);
  });
});
