import { REPORT_COLUMNS, channelRows, liabilityRows, type Liabilities, type PlayerPnl, type ReportColumn, type ReportSummary } from '@colorplay/contract';
import { csvCell } from '../admin';

/**
 * A table as CSV: the column ids as the header, each cell as the console shows it. Text cells go
 * through the console's formula-neutralising csvCell; numeric cells are our own formatting of an
 * integer (a sign, digits, a point), which no spreadsheet runs, so a negative amount stays a number.
 */
function tableCsv<T>(columns: readonly ReportColumn<T>[], rows: readonly T[]): string {
  const line = (cells: string[]) => cells.join(',') + '\r\n';
  const cellOf = (c: ReportColumn<T>, r: T) => {
    const value = c.cell(r);
    return c.numeric && /^-?\d+(\.\d+)?$/.test(value) ? `"${value}"` : csvCell(value);
  };
  return line(columns.map((c) => csvCell(c.id))) + rows.map((r) => line(columns.map((c) => cellOf(c, r)))).join('');
}

/**
 * Each report's CSV: the columns and rows of the console's table for it (both read
 * REPORT_COLUMNS), amounts in rupees with two decimals, hold in percent.
 */
export const reportCsv = {
  daily: (s: ReportSummary) => tableCsv(REPORT_COLUMNS.daily, s.days),
  channels: (s: ReportSummary) => tableCsv(REPORT_COLUMNS.channels, channelRows(s)),
  games: (s: ReportSummary) => tableCsv(REPORT_COLUMNS.games, s.games),
  cohorts: (s: ReportSummary) => tableCsv(REPORT_COLUMNS.cohorts, s.cohorts),
  players: (rows: readonly PlayerPnl[]) => tableCsv(REPORT_COLUMNS.players, rows),
  liabilities: (l: Liabilities) => tableCsv(REPORT_COLUMNS.liabilities, liabilityRows(l)),
};
