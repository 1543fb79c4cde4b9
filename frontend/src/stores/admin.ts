/**
 * Whether the signed-in user is an admin (spec §6: role `admin`), and whether that is known yet.
 *
 * A stored user is only trusted once `/api/user` has confirmed it (a role can be granted or
 * revoked since it was stored), so admin-only routes wait for `ready` before deciding; with no
 * stored user the answer (guest) is known at once. The first caller starts the check if nobody
 * has yet (`refresh` shares one request between callers).
 */
import { useEffect } from 'react';
import { isAdmin, useUser } from './user.ts';

export interface AdminStatus {
  admin: boolean;
  ready: boolean;
}

export function useAdminStatus(): AdminStatus {
  const user = useUser((s) => s.user);
  const loaded = useUser((s) => s.loaded);
  const needsCheck = !loaded && user !== null;
  useEffect(() => {
    if (needsCheck) void useUser.getState().refresh();
  }, [needsCheck]);
  return { admin: isAdmin(user), ready: loaded || user === null };
}
