/**
 * The E2E catalogue: daily games on the 45 days up to today (New York) and three community
 * games, all with the same ten known items so the tests can win, lose and search on purpose.
 * Imported with `lavalist games import` into a fresh database before `lavalist seed`.
 */

export const ITEMS = ['Mercury', 'Venus', 'Earth', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto', 'Ceres'];
export const TODAY_PROMPT = 'bodies orbiting the __ sun';
export const DAYS_BACK = 45;
export const COMMUNITY_UID = 'e2e-community-1';

const TOPICS = ['rocks', 'volcano', 'ocean', 'desert', 'forest'];

/** Today's game date in New York (the harness's own clock, as the server's). */
export function newYorkDate(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(now);
}

export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export const pastPrompt = (back: number) => `${TOPICS[back % TOPICS.length] ?? ''} list number ${String(back)}`;

/** How many past days have "volcano" in their prompt. */
export const volcanoDays = () => Array.from({ length: DAYS_BACK }, (_, i) => pastPrompt(i + 1)).filter((p) => p.includes('volcano')).length;

const items = () => ITEMS.map((name) => ({ name, altSpellings: name === 'Earth' ? ['Terra', 'The World'] : [] }));

export function catalogue(today: string) {
  const daily = Array.from({ length: DAYS_BACK + 1 }, (_, back) => ({
    type: 'daily',
    prompt: back === 0 ? TODAY_PROMPT : pastPrompt(back),
    submitter: back % 2 ? 'alice' : 'bob',
    daily_date: addDays(today, -back),
    items: items(),
  }));
  const community = ['Moons of __ Jupiter', 'Planets again', 'Volcano planets'].map((prompt, i) => ({
    type: 'community',
    uid: `e2e-community-${String(i + 1)}`,
    status: 'approved',
    public: true,
    owner: 'carol',
    prompt,
    submitter: 'carol',
    items: items(),
  }));
  return { version: 1, users: [{ username: 'carol', email: 'carol@example.org' }], games: [...daily, ...community] };
}
