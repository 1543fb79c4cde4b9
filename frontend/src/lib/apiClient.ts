/**
 * The one way the app talks to the server: a single configured base address (VITE_API_BASE,
 * same origin by default), JSON in and out, the stored authToken as a bearer header.
 */
import type { ErrorBody, ErrorCode } from '../api/generated/index.ts';
import { readString } from './storage.ts';

const BASE = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

/**
 * What the server's error body (`{"error": message, "code": ErrorCode, "field"?: key}`) says
 * about a failed call, plus the `Retry-After` of a 429 or 503.
 */
export interface ApiErrorDetails {
  /** The server's machine-readable reason; the UI branches on this, never on the message. */
  code?: ErrorCode | null;
  /** The form field the error belongs to (`prompt`, `items.3.name`, …), when one does. */
  field?: string | null;
  /** How long to wait before asking again, from `Retry-After` (seconds on the wire). */
  retryAfterMs?: number | null;
}

/**
 * The code a status means when the body names none (a proxy's page, an older server): HTTP's
 * own meaning, nothing read from the message.
 */
const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'tooManyRequests',
  500: 'internal',
  503: 'busy',
};

/**
 * A failed call: `status` 0 means the network (offline, DNS, refused), else the HTTP status.
 * The message is the server's `error` text (or the status line), shown to the player as is.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  /** The body's `code`, else the status's generic one; null for a network failure. */
  readonly code: ErrorCode | null;
  readonly field: string | null;
  readonly retryAfterMs: number | null;
  constructor(message: string, status: number, details: ApiErrorDetails = {}) {
    super(message);
    this.status = status;
    this.code = details.code ?? STATUS_CODES[status] ?? null;
    this.field = details.field ?? null;
    this.retryAfterMs = details.retryAfterMs ?? null;
  }

  /** Whether trying the same call later may succeed (network, busy server, rate limit). */
  get retryable(): boolean {
    return this.status === 0 || this.status === 408 || this.status === 429 || this.status >= 500;
  }

  /** Not logged in, or not allowed (the server's `unauthorized` and `forbidden`). */
  get refused(): boolean {
    return this.code === 'unauthorized' || this.code === 'forbidden';
  }
}

/**
 * The header that carries this browser's userKey to the calls that read its results. The key is
 * a bearer secret (logging in with it claims the browser's results), so it never goes in a URL,
 * which proxies, logs and the browser's history keep.
 */
export const USER_KEY_HEADER = 'X-User-Key';

function headers(body: boolean, extra?: Record<string, string>): HeadersInit {
  const h: Record<string, string> = { Accept: 'application/json', ...extra };
  if (body) h['Content-Type'] = 'application/json';
  const token = readString('authToken');
  if (token) h.Authorization = `Bearer ${token}`;
  return h;
}

/** `Retry-After` in delta-seconds (the server never sends an HTTP date), as milliseconds. */
function retryAfterMs(response: Response): number | null {
  const value = response.headers.get('Retry-After');
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim()) * 1000;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The failed response as an `ApiError`: the body's `error`, `code` and `field`, else the status line. */
async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON: the status line says what happened
  }
  const data: Partial<ErrorBody> = isRecord(body) ? body : {};
  const message = typeof data.error === 'string' ? data.error : `${String(response.status)} ${response.statusText}`.trim();
  return new ApiError(message, response.status, {
    code: typeof data.code === 'string' ? data.code : null,
    field: typeof data.field === 'string' ? data.field : null,
    retryAfterMs: retryAfterMs(response),
  });
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

export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
  extraHeaders?: Record<string, string>,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${BASE}${path}`, {
      method,
      headers: headers(body !== undefined, extraHeaders),
      body: body === undefined ? null : body instanceof JsonText ? body.text : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('You appear to be offline.', 0);
  }
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}

export const get = <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, undefined, signal);
export const post = <T>(path: string, body: unknown) => request<T>('POST', path, body);
/** A GET that reads this browser's results: its userKey goes in a header, never in the URL. */
export const getAsPlayer = <T>(path: string, userKey: string, signal?: AbortSignal) =>
  request<T>('GET', path, undefined, signal, { [USER_KEY_HEADER]: userKey });

/** `?a=1&b=x` from the defined entries only. */
export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
