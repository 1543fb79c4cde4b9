// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { urlOf } from '../../test/fetch.ts';
import { loadCoreSync } from '../../test/nodeCore.ts';
import { useToasts } from '../../stores/toasts.ts';
import { useUi } from '../../stores/ui.ts';
import { useUser } from '../../stores/user.ts';
import { Create } from './Create.tsx';

// The real game-core rules, loaded synchronously instead of through the browser's fetch.
vi.mock('../../core/useCore.ts', () => ({ useCore: () => loadCoreSync() }));

const NAMES = ['Mercury', 'Venus', 'Earth', 'Mars', '1984', 'Saturn', 'Uranus', 'Neptune', 'Pluto', 'Ceres'];
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();
const titles = () => useToasts.getState().toasts.map((t) => t.title);

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function renderCreate() {
  return render(
    <MemoryRouter initialEntries={['/create']}>
      <Routes>
        <Route path="/create" element={<Create />} />
        <Route path="/user/:name" element={<p>profile page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function ready() {
  // The profanity check answered: the hint no longer says it is checking.
  await waitFor(() => {
    expect(screen.queryByText('Checking for bad words…')).toBeNull();
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  sessionStorage.clear();
  useToasts.setState({ toasts: [] });
  useUser.setState({ user: { username: 'Ada', email: 'ada@example.com' }, loaded: true });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Create page', () => {
  it('a guest gets a button that opens the login modal', () => {
    useUser.setState({ user: null });
    renderCreate();
    fireEvent.click(screen.getByRole('button', { name: 'Login / Sign Up' }));
    expect(useUi.getState().modal).toBe('login');
  });

  it('flags a bad word at its field and keeps Create Game disabled with the spec tooltip', async () => {
    renderCreate();
    await ready();
    const submit = screen.getByRole('button', { name: 'Create Game' });
    expect(submit).toHaveProperty('disabled', true);
    expect(submit.parentElement?.getAttribute('title')).toBe('Please make sure the prompt and every item name field is filled before submitting');
    type('Prompt', 'planets');
    NAMES.forEach((n, i) => {
      type(`Item ${String(i + 1)} answer`, n);
    });
    await waitFor(() => {
      expect(submit).toHaveProperty('disabled', false);
    });
    type('Item 2 alternative spellings, separated by commas', 'fine, fuck');
    await screen.findByText('Please remove any bad words.');
    expect(submit).toHaveProperty('disabled', true);
    expect(submit.parentElement?.getAttribute('title')).toBe('Please fix all bad words before submitting');
    expect(screen.getByLabelText('Item 2 alternative spellings, separated by commas').getAttribute('aria-invalid')).toBe('true');
  });

  it('uploads the items in order with split spellings, then goes to the profile', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { uid: 'abc' }));
    renderCreate();
    await ready();
    type('Prompt', 'planets');
    NAMES.forEach((n, i) => {
      type(`Item ${String(i + 1)} answer`, n);
    });
    type('Item 3 alternative spellings, separated by commas', 'Terra ,Gaia,, ');
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Create Game' })).toHaveProperty('disabled', false);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Game' }));
    await screen.findByText('profile page');
    expect(urlOf(fetchMock.mock.calls[0]?.[0])).toBe('/api/game/upload');
    const body = fetchMock.mock.calls[0]?.[1]?.body as string;
    // The raw text keeps "1984" in fifth place (a JSON.stringify'd object would move it first).
    expect(body).toBe(
      `{"prompt":"planets","items":{"Mercury":[],"Venus":[],"Earth":["Terra","Gaia"],"Mars":[],"1984":[],"Saturn":[],"Uranus":[],"Neptune":[],"Pluto":[],"Ceres":[]},"type":"community","public":false}`,
    );
    expect(titles()).toContain('Game created successfully!');
    expect(sessionStorage.getItem('createDraft')).toBeNull();
  });

  it('lets the creator send a flagged real name for a moderator to check, with realNames', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { uid: 'abc' }));
    renderCreate();
    await ready();
    const towns = ['Wetwang', 'Twatt', 'Sandwich', 'Dorking', 'Essex', 'Penistone', 'Scunthorpe', 'Cockermouth', 'Lightwater', 'Clitheroe'];
    type('Prompt', 'towns with awkward names');
    towns.forEach((n, i) => {
      type(`Item ${String(i + 1)} answer`, n);
    });
    await screen.findByText('Please remove any bad words.');
    const submit = screen.getByRole('button', { name: 'Create Game' });
    expect(submit).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Item 2 answer').getAttribute('aria-invalid')).toBe('true');
    const realNames = screen.getByRole('checkbox', { name: 'These are real names (a town, a person, a title…): submit them anyway' });
    expect(realNames).toHaveProperty('checked', false);
    expect(screen.getByText(/a moderator checks them before the game can be public/)).toBeTruthy();
    fireEvent.click(realNames);
    await waitFor(() => {
      expect(submit).toHaveProperty('disabled', false);
    });
    expect(screen.getByText('A moderator will check the flagged words before your game can be public.')).toBeTruthy();
    fireEvent.click(submit);
    await screen.findByText('profile page');
    const body = fetchMock.mock.calls[0]?.[1]?.body as string;
    expect(body.endsWith(`"type":"community","public":false,"realNames":true}`)).toBe(true);
    const created = useToasts.getState().toasts.find((t) => t.title === 'Game created successfully!');
    expect(created?.description).toBe('It stays private until a moderator has checked the names you marked as real.');
  });

  it('offers no real-names way past abuse, and none when nothing is flagged', async () => {
    renderCreate();
    await ready();
    type('Prompt', 'towns');
    NAMES.forEach((n, i) => {
      type(`Item ${String(i + 1)} answer`, n);
    });
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Create Game' })).toHaveProperty('disabled', false);
    });
    expect(screen.queryByRole('checkbox', { name: /real names/ })).toBeNull();
    type('Item 2 answer', 'Twatt');
    await screen.findByRole('checkbox', { name: /real names/ });
    type('Item 3 answer', 'kill yourself');
    await waitFor(() => {
      expect(screen.queryByRole('checkbox', { name: /real names/ })).toBeNull();
    });
    expect(screen.getAllByText('Please remove any bad words.')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Create Game' })).toHaveProperty('disabled', true);
  });

  it('sends not-accepted spellings as rejectedSpellings, only for the items that have some', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { uid: 'abc' }));
    renderCreate();
    await ready();
    type('Prompt', 'planets');
    NAMES.forEach((n, i) => {
      type(`Item ${String(i + 1)} answer`, n);
    });
    type('Item 4 spellings not accepted (never auto-corrected to this answer), separated by commas', ' Madras, Mara ');
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Create Game' })).toHaveProperty('disabled', false);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Game' }));
    await screen.findByText('profile page');
    const body = fetchMock.mock.calls[0]?.[1]?.body as string;
    expect(body).toContain(`"rejectedSpellings":{"Mars":["Madras","Mara"]}`);
  });

  it("a not-accepted spelling the item accepts is flagged at its field", async () => {
    renderCreate();
    await ready();
    type('Prompt', 'planets');
    NAMES.forEach((n, i) => {
      type(`Item ${String(i + 1)} answer`, n);
    });
    type('Item 3 alternative spellings, separated by commas', 'Terra');
    type('Item 3 spellings not accepted (never auto-corrected to this answer), separated by commas', 'terra');
    const field = screen.getByLabelText('Item 3 spellings not accepted (never auto-corrected to this answer), separated by commas');
    await waitFor(() => {
      expect(field.getAttribute('aria-invalid')).toBe('true');
    });
    expect(screen.getByRole('button', { name: 'Create Game' })).toHaveProperty('disabled', true);
  });

  it("a failed upload keeps the form and shows the server's error once, under the form, without a toast", async () => {
    fetchMock.mockResolvedValueOnce(json(400, { error: 'Please remove any bad words.' }));
    renderCreate();
    await ready();
    type('Prompt', 'planets');
    NAMES.forEach((n, i) => {
      type(`Item ${String(i + 1)} answer`, n);
    });
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Create Game' })).toHaveProperty('disabled', false);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Game' }));
    const alert = await screen.findByText('Game creation failed: Please remove any bad words.');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(useToasts.getState().toasts).toEqual([]);
    expect(screen.getByLabelText<HTMLInputElement>('Prompt').value).toBe('planets');
    expect(JSON.parse(sessionStorage.getItem('createDraft') ?? '{}')).toMatchObject({ prompt: 'planets' });
  });

  it('autofill merges spellings and charges back up for 30 s; a failure other than 429 does not', async () => {
    renderCreate();
    await ready();
    const autofill = () => screen.getByRole('button', { name: /Autofill|Charging back up\.\.\./ });
    expect(autofill()).toHaveProperty('disabled', true); // needs a prompt
    type('Prompt', 'planets');
    type('Item 1 answer', 'Mercury');
    type('Item 3 answer', 'Earth');

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fireEvent.click(autofill());
    await waitFor(() => {
      expect(titles()).toContain('Autofill failed. Please try again.');
    });
    expect(autofill().textContent).toBe('Autofill');
    expect(autofill()).toHaveProperty('disabled', false);

    fetchMock.mockResolvedValueOnce(json(200, { prompt: 'Planets', items: { Mercury: ['Hermes'], Earth: ['Terra'] }, cooldownMs: 30_000, addedItems: 0, addedSpellings: 2 }));
    fireEvent.click(autofill());
    await waitFor(() => {
      expect(useToasts.getState().toasts.at(-1)).toMatchObject({ title: 'Autofill successful!', description: 'Added 2 spellings.', status: 'success' });
    });
    // Only named rows are sent, in order.
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe('{"prompt":"planets","items":{"Mercury":[],"Earth":[]}}');
    expect(screen.getByLabelText<HTMLInputElement>('Prompt').value).toBe('Planets');
    expect(screen.getByLabelText<HTMLInputElement>('Item 1 alternative spellings, separated by commas').value).toBe('Hermes');
    expect(screen.getByLabelText<HTMLInputElement>('Item 3 alternative spellings, separated by commas').value).toBe('Terra');
    expect(autofill().textContent).toBe('Charging back up...');
    expect(autofill()).toHaveProperty('disabled', true);
  });

  it('autofill that adds nothing says so instead of succeeding', async () => {
    renderCreate();
    await ready();
    type('Prompt', 'african countries');
    fetchMock.mockResolvedValueOnce(json(200, { prompt: 'African countries', items: {}, cooldownMs: 0, addedItems: 0, addedSpellings: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Autofill' }));
    await waitFor(() => {
      expect(useToasts.getState().toasts.at(-1)).toMatchObject({
        title: 'Autofill found nothing to add.',
        description: 'Write some answers first: autofill adds their alternative spellings.',
        status: 'info',
      });
    });
    expect(titles()).not.toContain('Autofill successful!');
    expect(screen.getByLabelText<HTMLInputElement>('Item 1 answer').value).toBe('');
    expect(screen.getByRole('button', { name: 'Autofill' })).toHaveProperty('disabled', false);
  });

  it('autofill charges back up only when it added something', async () => {
    renderCreate();
    await ready();
    type('Prompt', 'planets');
    type('Item 1 answer', 'Mercury');
    // Even a cooldown in the answer does not charge for nothing (the server gives such a use back).
    fetchMock.mockResolvedValueOnce(json(200, { prompt: 'Planets', items: { Mercury: [] }, cooldownMs: 30_000, addedItems: 0, addedSpellings: 0 }));
    fireEvent.click(screen.getByRole('button', { name: 'Autofill' }));
    await waitFor(() => {
      expect(titles()).toEqual(['Autofill found nothing to add.']);
    });
    expect(screen.getByRole('button', { name: 'Autofill' })).toHaveProperty('disabled', false);
    fetchMock.mockResolvedValueOnce(json(200, { prompt: 'Planets', items: { Mercury: ['Hermes'] }, cooldownMs: 30_000, addedItems: 0, addedSpellings: 1 }));
    fireEvent.click(screen.getByRole('button', { name: 'Autofill' }));
    await waitFor(() => {
      expect(titles()).toEqual(['Autofill successful!']); // the same flow: it replaced the first
    });
    expect(screen.getByRole('button', { name: 'Charging back up...' })).toHaveProperty('disabled', true);
  });

  it('autofill that adds only singular/plural guesses says so, and does not charge', async () => {
    renderCreate();
    await ready();
    type('Prompt', 'dog breeds');
    type('Item 1 answer', 'golden retrievers');
    fetchMock.mockResolvedValueOnce(json(200, { prompt: 'Dog breeds', items: { 'golden retrievers': ['golden retriever'] }, cooldownMs: 0, addedItems: 0, addedSpellings: 1, doubtfulSpellings: 1 }));
    fireEvent.click(screen.getByRole('button', { name: 'Autofill' }));
    await waitFor(() => {
      expect(useToasts.getState().toasts.at(-1)).toMatchObject({
        title: 'Autofill only guessed',
        description: 'Added 1 singular or plural guess: check it before you publish.',
        status: 'info',
      });
    });
    expect(titles()).not.toContain('Autofill successful!');
    expect(screen.getByLabelText<HTMLInputElement>('Item 1 alternative spellings, separated by commas').value).toBe('golden retriever');
    expect(screen.getByRole('button', { name: 'Autofill' })).toHaveProperty('disabled', false);
  });

  it('a prompt alone answered with whole items fills the empty rows', async () => {
    renderCreate();
    await ready();
    type('Prompt', 'african countries');
    type('Item 2 answer', 'Chad');
    fetchMock.mockResolvedValueOnce(
      json(200, { prompt: 'African countries', items: { Niger: ['Republic of the Niger'], Chad: [], Mali: [] }, cooldownMs: 0, addedItems: 2, addedSpellings: 1 }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Autofill' }));
    await waitFor(() => {
      expect(useToasts.getState().toasts.at(-1)).toMatchObject({ title: 'Autofill successful!', description: 'Added 2 answers and 1 spelling.' });
    });
    const answer = (n: number) => screen.getByLabelText<HTMLInputElement>(`Item ${String(n)} answer`).value;
    expect([answer(1), answer(2), answer(3), answer(4)]).toEqual(['Niger', 'Chad', 'Mali', '']);
    expect(screen.getByLabelText<HTMLInputElement>('Item 1 alternative spellings, separated by commas').value).toBe('Republic of the Niger');
  });

  it('the cooldown ends after 30 s', async () => {
    renderCreate();
    await ready();
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'] });
    type('Prompt', 'planets');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000); // the page has been open a while: the countdown starts from the click
    });
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: 'Too many requests. Please try again later.', code: 'tooManyRequests' }), { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '30' } }),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Autofill' }));
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(useToasts.getState().toasts.at(-1)).toMatchObject({ title: 'Autofill failed. Please try again.', description: 'Too many requests. Please try again later.' });
    expect(screen.getByRole('button', { name: 'Charging back up...' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Ready again in 30 s.')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29_000);
    });
    expect(screen.getByRole('button', { name: 'Charging back up...' })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    expect(screen.getByRole('button', { name: 'Autofill' })).toHaveProperty('disabled', false);
  });
});
