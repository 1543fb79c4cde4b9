/** The insights' days as CSV (RFC 4180): one row a day, the columns the page shows. */
import type { InsightsDay } from '../../api/generated/index.ts';

const HEADER = [
  'date',
  'players',
  'results',
  'daily_prompt',
  'daily_players',
  'win_percent',
  'average_score',
  'hardest_item',
  'hardest_found_percent',
  'easiest_item',
  'easiest_found_percent',
];

/** Quoted when it holds a comma, a quote or a line break; a leading =, +, - or @ is defused
 * (spreadsheets would run it as a formula: the prompts and item names are players' text). */
function cell(value: string | number | undefined): string {
  if (value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function insightsCsv(days: InsightsDay[]): string {
  const rows = days.map((d) =>
    [
      d.date,
      d.players,
      d.results,
      d.dailyPrompt,
      d.dailyPlayers,
      d.winPercent,
      d.averageScore,
      d.hardest?.name,
      d.hardest?.foundPercent,
      d.easiest?.name,
      d.easiest?.foundPercent,
    ]
      .map(cell)
      .join(','),
  );
  return `${[HEADER.join(','), ...rows].join('\r\n')}\r\n`;
}
