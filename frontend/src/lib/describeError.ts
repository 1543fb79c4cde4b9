/** Kept apart from the API client: only lazily loaded pages show failures this way. */
import { ApiError } from './apiClient.ts';
import { serverErrorText } from './serverErrors.ts';

/**
 * A failed call's toast description (spec §8): the server's `error` field (which `ApiError`
 * carries as its message), after the field it names when it names one, else the error's own
 * message; in another locale than English, the translated message for the error's code
 * (lib/serverErrors.ts).
 */
export function describeError(error: unknown): string {
  const text = serverErrorText(error);
  return error instanceof ApiError && error.field ? `${error.field}: ${text}` : text;
}
