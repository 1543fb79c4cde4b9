/**
 * The one way the app talks to the server: a single configured base address (VITE_API_BASE,
 * same origin by default), JSON in and out, the stored authToken as a bearer header.
 */
import { readString } from './storage.ts';

const BASE = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

/** A failed call: `status` 0 means the network (offline, DNS, refused), else the HTTP status. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }

  /** Whether trying the same call later may succeed (network, busy server, rate limit). */
  get retryable(): boolean {
    return this.status === 0 || this.status === 408 || this.status === 429 || this.status >= 500;
  }
}

function headers(body: boolean): HeadersInit {
  const h: Record<string, string> = { Accept: 'application/json' };
  if (body) h['Content-Type'] = 'application/json';
  const token = readString('authToken');
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

/** The server's `{error}` text, else the status line. */
async function errorText(response: Response): Promise<string> {
  try {
    const data: unknown = await response.json();
    if (typeof data === 'object' && data !== null && 'error' in data && typeof data.error === 'string') {
      return data.error;
    }
  } catch {
    // not JSON: fall through to the status text
  }
  return `${response.status} ${response.statusText}`.trim();
}

/**
 * A body already serialised, for JSON whose key order matters: a JavaScript object moves
 * integer-like keys ("1984") to the front, but the create form's items map is ordered.
 */
export class JsonText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

export async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${BASE}${path}`, {
      method,
      headers: headers(body !== undefined),
      body: body === undefined ? null : body instanceof JsonText ? body.text : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('You appear to be offline.', 0);
  }
  if (!response.ok) throw new ApiError(await errorText(response), response.status);
  return (await response.json()) as T;
}

export const get = <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, undefined, signal);
export const post = <T>(path: string, body: unknown) => request<T>('POST', path, body);

/** `?a=1&b=x` from the defined entries only. */
export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * A failed call's toast description (spec §8): the server's `error` field (which `ApiError`
 * carries as its message), else the error's own message.
 */
export function describeError(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}
