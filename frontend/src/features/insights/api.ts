/** The admins' insights (server: GET /api/admin/insights). */
import { useQuery } from '@tanstack/react-query';
import { get, query } from '../../lib/apiClient.ts';
import type { Insights } from '../../api/generated/index.ts';

export const INSIGHT_DAYS = 30;

export const fetchInsights = (days: number, signal?: AbortSignal) => get<Insights>(`/api/admin/insights${query({ days })}`, signal);

export const useInsights = (days = INSIGHT_DAYS) =>
  useQuery({ queryKey: ['insights', days], queryFn: ({ signal }) => fetchInsights(days, signal) });
