/** Groups (server groups module): my groups, one group with its boards, the owner's controls, joining by link. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { appLink } from '../../lib/links.ts';
import { get, post, request } from '../../lib/apiClient.ts';
import type { ChannelState, ChannelTestResult, GroupBoards, GroupDetail, GroupInvite, GroupList, GroupRanks, InvitePreview, MessageResponse } from '../../api/generated/index.ts';

/** The server keeps group names to this many characters (groups module, MAX_NAME_CHARS). */
export const MAX_GROUP_NAME = 40;

const base = (id: number) => `/api/groups/${String(id)}`;

export const fetchMyGroups = (signal?: AbortSignal) => get<GroupList>('/api/groups', signal);
export const fetchGroup = (id: number, signal?: AbortSignal) => get<GroupDetail>(base(id), signal);
export const fetchBoards = (id: number, signal?: AbortSignal) => get<GroupBoards>(`${base(id)}/boards`, signal);
export const fetchRanks = (signal?: AbortSignal) => get<GroupRanks>('/api/group-ranks', signal);

export const createGroup = (name: string) => post<GroupDetail>('/api/groups', { name });
export const renameGroup = (id: number, name: string) => post<GroupDetail>(`${base(id)}/name`, { name });
export const regenerateCode = (id: number) => post<GroupDetail>(`${base(id)}/code`, {});
const joinPath = (code: string) => `/api/groups/join/${encodeURIComponent(code)}`;
export const fetchInvite = (code: string, signal?: AbortSignal) => get<GroupInvite>(joinPath(code), signal);
/** What a guest may see of an invite: name, owner and size (a public, rate-limited route). */
export const fetchInvitePreview = (code: string, signal?: AbortSignal) =>
  get<InvitePreview>(`/api/groups/preview/${encodeURIComponent(code)}`, signal);
export const joinGroup = (code: string) => post<GroupDetail>(joinPath(code), {});
export const leaveGroup = (id: number) => post<MessageResponse>(`${base(id)}/leave`, {});
export const deleteGroup = (id: number) => request<MessageResponse>('DELETE', base(id));
export const removeMember = (id: number, userId: number) =>
  request<GroupDetail>('DELETE', `${base(id)}/members/${String(userId)}`);

/** The group's chat channel (owner only): read, connect or change, disconnect, test. */
export const fetchChannel = (id: number, signal?: AbortSignal) => get<ChannelState>(`${base(id)}/channel`, signal);
export const saveChannel = (id: number, url: string) => request<ChannelState>('PUT', `${base(id)}/channel`, { url });
export const disconnectChannel = (id: number) => request<ChannelState>('DELETE', `${base(id)}/channel`);
export const testChannel = (id: number) => post<ChannelTestResult>(`${base(id)}/channel/test`, {});

/** The full invite link the owner shares. */
export const inviteLink = (code: string, origin?: string) => appLink(`/join/${code}`, origin);

/** The group an invite link leads to, before joining (`enabled` false for a guest). */
export const useInvite = (code: string, enabled: boolean) =>
  useQuery({ queryKey: ['invite', code], queryFn: ({ signal }) => fetchInvite(code, signal), retry: false, enabled });

/** The same for a guest (`enabled` false once logged in, when `useInvite` says more). */
export const useInvitePreview = (code: string, enabled: boolean) =>
  useQuery({ queryKey: ['invite-preview', code], queryFn: ({ signal }) => fetchInvitePreview(code, signal), retry: false, enabled });

/** `enabled` false for a guest: only logged-in players have groups. */
export const useMyGroups = (enabled: boolean) =>
  useQuery({ queryKey: ['groups'], queryFn: ({ signal }) => fetchMyGroups(signal), enabled });

export function useGroup(id: number, enabled: boolean) {
  const client = useQueryClient();
  const detail = useQuery({ queryKey: ['group', id], queryFn: ({ signal }) => fetchGroup(id, signal), retry: false, enabled });
  const boards = useQuery({ queryKey: ['group', id, 'boards'], queryFn: ({ signal }) => fetchBoards(id, signal), retry: false, enabled });
  /** Shows a changed group at once, and refetches the boards and the list. */
  const update = (group: GroupDetail) => {
    client.setQueryData(['group', id], group);
    void client.invalidateQueries({ queryKey: ['groups'] });
    void client.invalidateQueries({ queryKey: ['group', id, 'boards'] });
  };
  const forget = () => {
    client.removeQueries({ queryKey: ['group', id] });
    void client.invalidateQueries({ queryKey: ['groups'] });
  };
  return { detail, boards, update, forget };
}

/** The owner's view of the group's channel, kept up to date by the panel's actions. */
export function useChannel(id: number) {
  const client = useQueryClient();
  const channel = useQuery({ queryKey: ['group', id, 'channel'], queryFn: ({ signal }) => fetchChannel(id, signal), retry: false });
  const set = (state: ChannelState) => {
    client.setQueryData(['group', id, 'channel'], state);
  };
  return { channel, set };
}

/** "1st", "2nd", "3rd", "11th", "22nd". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${String(n)}${suffix}`;
}
