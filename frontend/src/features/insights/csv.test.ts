import { describe, expect, it } from 'vitest';
import { insightsCsv } from './csv.ts';

describe('insightsCsv', () => {
  it('writes a header and one row a day, empty cells for what a day lacks', () => {
    const csv = insightsCsv([
      { date: '2026-03-08', players: 0, results: 0, dailyPlayers: 0 },
      {
        date: '2026-03-09',
        players: 3,
        results: 4,
        dailyPrompt: 'Rivers, "long" ones',
        dailyPlayers: 3,
        winPercent: 33,
        averageScore: 460,
        hardest: { name: 'Nile', foundPercent: 33 },
        easiest: { name: '=HYPERLINK("x")', foundPercent: 67 },
      },
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'date,players,results,daily_prompt,daily_players,win_percent,average_score,hardest_item,hardest_found_percent,easiest_item,easiest_found_percent',
    );
    expect(lines[1]).toBe('2026-03-08,0,0,,0,,,,,,');
    expect(lines[2]).toBe('2026-03-09,3,4,"Rivers, ""long"" ones",3,33,460,Nile,33,"\'=HYPERLINK(""x"")",67');
    expect(lines[3]).toBe('');
  });
});
