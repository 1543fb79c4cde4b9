/** Kept apart from the API client: only lazily loaded pages show failures this way. */
import { ApiError } from './apiClient.ts';

/**
 * A failed call's toast description (spec §8): the server's `error` field (which `ApiError`
 * carries as its message), after the field it names when it names one, else the error's own
 * message.
 */
export function describeError(error: unknown): string {
  if (error instanceof ApiError && error.field) return `${error.field}: ${error.message}`;
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}
