/**
 * Runs around every E2E test in every file: each page a test opened through `newContext` must
 * have run under the server's Content-Security-Policy without a single refusal.
 */
import { afterEach, expect } from 'vitest';
import { takeCspViolations } from './harness.ts';

afterEach(() => {
  expect(takeCspViolations()).toEqual([]);
});
