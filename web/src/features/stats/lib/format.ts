import { STATS_DEFAULT_DAYS, STATS_PERIODS, type StatsPeriod } from '@inkwell/contract';

let numbers: Intl.NumberFormat | undefined;
let days: Intl.DateTimeFormat | undefined;
let longDays: Intl.DateTimeFormat | undefined;

/** 1,234 */
export function formatCount(n: number): string {
  return (numbers ??= new Intl.NumberFormat('en-GB')).format(n);
}

/** 40 % as '40%'; no views: '–'. */
export function formatRatio(ratio: number | null): string {
  return ratio === null ? '–' : `${Math.round(ratio * 100)}%`;
}

/** A UTC day of the stats (YYYY-MM-DD) as '5 Mar'. */
export function formatDay(day: string): string {
  return (days ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })).format(new Date(`${day}T00:00:00Z`));
}

/** A UTC day as '5 March 2026'. */
export function formatLongDay(day: string): string {
  return (longDays ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })).format(new Date(`${day}T00:00:00Z`));
}

/** The period in the address (?days=7|30|90); anything else is the default. */
export function periodOf(value: string | null): StatsPeriod {
  return STATS_PERIODS.find((days) => String(days) === value) ?? STATS_DEFAULT_DAYS;
}

/** '1 view', '2 views' */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
