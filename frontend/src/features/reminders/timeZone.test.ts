import { describe, expect, it } from 'vitest';
import { timeZoneLabel } from './timeZone.ts';

describe('time zones', () => {
  it("names a zone in the player's language, with its place, not as the raw IANA id", () => {
    expect(timeZoneLabel('America/Chicago', 'en-US')).toBe('Central Time (Chicago)');
    expect(timeZoneLabel('America/Chicago', 'ja')).toBe('米国中部時間 (Chicago)');
    expect(timeZoneLabel('America/Sao_Paulo', 'en')).toMatch(/^Brasilia .*Time \(Sao Paulo\)$/);
  });

  it('keeps a zone the browser does not know as it is', () => {
    expect(timeZoneLabel('Mars/Olympus_Mons', 'en')).toBe('Mars/Olympus_Mons');
  });
});
