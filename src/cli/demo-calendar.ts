/**
 * Days, quarters and chance for the demo's year (demo-plan.ts). Pure: dates are `YYYY-MM-DD`
 * strings computed in UTC (a calendar date has no time zone), and chance comes from a seeded
 * generator (mulberry32), so a seed always draws the same numbers on any machine.
 */
import { addDays } from "../platform/dates.js";

export interface Quarter {
  year: number;
  /** 1 to 4 */
  index: number;
  /** as the VAT return names it: `2026Q3` */
  period: string;
  from: string;
  till: string;
}

const pad = (value: number) => String(value).padStart(2, "0");

function quarterIn(year: number, index: number): Quarter {
  const firstMonth = (index - 1) * 3 + 1;
  const from = `${year}-${pad(firstMonth)}-01`;
  const nextFrom = index === 4 ? `${year + 1}-01-01` : `${year}-${pad(firstMonth + 3)}-01`;
  return { year, index, period: `${year}Q${index}`, from, till: addDays(nextFrom, -1) };
}

export function quarterOf(date: string): Quarter {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return quarterIn(year, Math.floor((month - 1) / 3) + 1);
}

/** The quarter `count` quarters after `quarter` (negative: before). */
export function quarterAfter(quarter: Quarter, count: number): Quarter {
  const position = quarter.year * 4 + (quarter.index - 1) + count;
  return quarterIn(Math.floor(position / 4), (position % 4) + 1);
}

/** The first day of each month of the quarter. */
export function monthsOf(quarter: Quarter): string[] {
  const firstMonth = (quarter.index - 1) * 3 + 1;
  return [0, 1, 2].map((month) => `${quarter.year}-${pad(firstMonth + month)}-01`);
}

/** The holidays on fixed dates (New Year, King's Day, Christmas), as `MM-DD`. */
const HOLIDAYS = new Set(["01-01", "04-27", "12-25", "12-26"]);

/** Monday to Friday but holidays, from `from` to `till`, both included; none when `till` is before `from`. */
export function workdaysOf(from: string, till: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= till; day = addDays(day, 1)) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !HOLIDAYS.has(day.slice(5))) days.push(day);
  }
  return days;
}

export interface Random {
  /** a whole number from `least` to `most`, both included */
  integer(least: number, most: number): number;
  /** true with probability `probability` */
  chance(probability: number): boolean;
}

/** mulberry32: small, fast and good enough to make up a year; the same seed, the same draws. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
  return {
    integer: (least, most) => least + Math.floor(next() * (most - least + 1)),
    chance: (probability) => next() < probability,
  };
}

export function randomFrom<Item>(random: Random, items: readonly Item[]): Item {
  const item = items[random.integer(0, items.length - 1)];
  if (item === undefined) throw new Error("nothing to pick from");
  return item;
}
