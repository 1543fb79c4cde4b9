// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GroupBoards, GroupDetail } from '../../api/generated/index.ts';
import { makeQueryClient } from '../../lib/queryClient.ts';
import { useUser } from '../../stores/user.ts';
import { urlOf } from '../../test/fetch.ts';
import { inviteLink, ordinal } from './api.ts';
import { GroupPage } from './GroupPage.tsx';
import { Groups } from './Groups.tsx';
import { JoinGroup } from './JoinGroup.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const group: GroupDetail = {
  id: 7,
  name: 'Lava lovers',
  owned: true,
  inviteCode: 'abcDEF123_-xyz',
  maxMembers: 200,
  members: [
    { userId: 1, username: 'ann', owner: true, joinedAt: '2026-11-24T12:00:00Z' },
    { userId: 2, username: 'bob', owner: false, joinedAt: '2026-11-24T12:05:00Z' },
  ],
};
const table = [
  { userId: 1, username: 'ann', played: 3, won: 2, averageScore: 812, playedStreak: 3, wonStreak: 1 },
  { userId: 2, username: 'bob', played: 0, won: 0, averageScore: 0, playedStreak: 0, wonStreak: 0 },
];
const locked: GroupBoards = { today: { date: '2026-11-24', hasGame: true, locked: true, rows: [] }, weekly: table, allTime: table };
const open: GroupBoards = {
  ...locked,
  today: {
    date: '2026-11-24',
    hasGame: true,
    locked: false,
    rows: [
      { userId: 2, username: 'bob', rank: 1, score: 990, found: 10, wrong: 1, hints: 0, won: true },
      { userId: 1, username: 'ann', rank: 2, score: 840, found: 9, wrong: 3, hints: 2, won: false },
    ],
  },
};

function serve(boards: GroupBoards) {
  fetchMock.mockImplementation((input, init) => {
    const url = urlOf(input);
    if (url.endsWith('/boards')) return Promise.resolve(json(boards));
    if (url === '/api/groups/7') return Promise.resolve(json(group));
    if (url === '/api/groups/join/abcDEF123_-xyz') {
      const joining = init?.method === 'POST';
      return Promise.resolve(json(joining ? group : { id: 7, name: 'Lava lovers', owner: 'ann', members: 2, maxMembers: 200, member: false }));
    }
    if (url === '/api/groups/preview/abcDEF123_-xyz') return Promise.resolve(json({ name: 'Lava lovers', owner: 'ann', members: 2, maxMembers: 200 }));
    if (url === '/api/groups/join/mine') return Promise.resolve(json({ id: 7, name: 'Lava lovers', owner: 'ann', members: 2, maxMembers: 200, member: true }));
    if (url === '/api/groups') return Promise.resolve(json({ groups: [{ id: 7, name: 'Lava lovers', members: 2, owned: true }], maxGroups: 20 }));
    return Promise.resolve(json({ error: 'No such group.', code: 'groupNotFound' }, 404));
  });
}

const renderAt = (path: string) =>
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/groups" element={<Groups />} />
          <Route path="/group/:id" element={<GroupPage />} />
          <Route path="/join/:code" element={<JoinGroup />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  useUser.setState({ user: { username: 'ann', email: 'ann@example.com' } });
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  useUser.setState({ user: null });
});

describe('group helpers', () => {
  it('writes ranks as ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th',
    ]);
  });

  it('builds the invite link from the code', () => {
    expect(inviteLink('abc_-1', 'https://lavalist.example')).toBe('https://lavalist.example/join/abc_-1');
  });
});

describe('GroupPage', () => {
  it('keeps today hidden until the player finished, but shows the tables', async () => {
    serve(locked);
    renderAt('/group/7');
    expect(await screen.findByTestId('board-locked')).toBeTruthy();
    expect(screen.queryByTestId('today-board')).toBeNull();
    expect(screen.getAllByRole('rowheader', { name: 'ann' }).length).toBe(2);
    expect(screen.getByLabelText<HTMLInputElement>('Invite link').value).toMatch(/\/join\/abcDEF123_-xyz$/);
  });

  it('shows today\'s rows, ranked, with found, wrong, hints and the outcome', async () => {
    serve(open);
    renderAt('/group/7');
    const board = await screen.findByTestId('today-board');
    const rows = Array.from(board.querySelectorAll('tbody tr')).map((tr) => Array.from(tr.children).map((c) => c.textContent));
    // The outcome also stands under the name, shown on a phone only (sm:hidden), where the last
    // column (hidden there) would be cut at the screen's edge.
    expect(rows).toEqual([
      ['1', 'bobSurvived', '990', '10/10', '1', '0', 'Survived'],
      ['2', 'annErupted', '840', '9/10', '3', '2', 'Erupted'],
    ]);
    const underName = Array.from(board.querySelectorAll('tbody th span'));
    expect(underName.map((s) => s.className.includes('sm:hidden'))).toEqual([true, true]);
    expect(Array.from(board.querySelectorAll('th, td')).filter((c) => c.className.includes('hidden sm:table-cell'))).toHaveLength(3);
  });

  it('asks before removing a member, then sends the removal', async () => {
    serve(open);
    renderAt('/group/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove bob' }));
    fetchMock.mockResolvedValueOnce(json({ ...group, members: [group.members[0]] }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => {
      expect(fetchMock.mock.calls.some(([url, init]) => urlOf(url) === '/api/groups/7/members/2' && init?.method === 'DELETE')).toBe(true);
    });
  });

  it('says so for a group the player is not in', async () => {
    serve(open);
    renderAt('/group/8');
    expect((await screen.findByRole('alert')).textContent).toContain('not one of its members');
  });
});

describe('JoinGroup', () => {
  it('names the group, its owner and size before joining, then joins and opens it', async () => {
    serve(locked);
    renderAt('/join/abcDEF123_-xyz');
    expect(await screen.findByRole('heading', { name: 'Join “Lava lovers”' })).toBeTruthy();
    expect(screen.getByTestId('invite-summary').textContent).toContain("ann's group · 2 members of 200");
    fireEvent.click(screen.getByRole('button', { name: 'Join the group' }));
    expect(await screen.findByTestId('board-locked')).toBeTruthy();
  });

  it('offers a member the group instead', async () => {
    serve(locked);
    renderAt('/join/mine');
    expect((await screen.findByRole('link', { name: 'You are a member: open the group' })).getAttribute('href')).toBe('/group/7');
  });

  it("shows a guest the group's name, owner and size from the public preview, and asks to log in to join", async () => {
    useUser.setState({ user: null });
    serve(locked);
    renderAt('/join/abcDEF123_-xyz');
    expect(await screen.findByRole('heading', { name: 'Join “Lava lovers”' })).toBeTruthy();
    expect(screen.getByTestId('invite-summary').textContent).toBe("ann's group · 2 members of 200. Members compare their daily results.");
    expect(screen.getByText('Log in or sign up to join this group.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login / Sign Up' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join the group' })).toBeNull();
    expect(fetchMock.mock.calls.map(([input]) => urlOf(input))).toEqual(['/api/groups/preview/abcDEF123_-xyz']);
  });

  it('tells a guest when the link is no longer valid', async () => {
    useUser.setState({ user: null });
    serve(locked);
    renderAt('/join/stale');
    expect((await screen.findByRole('alert')).textContent).toBe('No such group. Ask for a new link: the owner may have changed it.');
    expect(screen.queryByRole('button', { name: 'Login / Sign Up' })).toBeNull();
  });

  it('says when the link is no longer valid', async () => {
    serve(locked);
    renderAt('/join/stale');
    expect((await screen.findByRole('alert')).textContent).toContain('Ask for a new link');
    expect(screen.queryByRole('button', { name: 'Join the group' })).toBeNull();
  });
});

describe('Groups', () => {
  it('lists the groups and offers the create form', async () => {
    serve(open);
    renderAt('/groups');
    expect(await screen.findByRole('link', { name: /Lava lovers/ })).toBeTruthy();
    expect(screen.getByLabelText('Group name')).toBeTruthy();
  });

  it('asks a guest to log in', () => {
    useUser.setState({ user: null });
    renderAt('/groups');
    expect(screen.getByRole('button', { name: 'Login / Sign Up' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
