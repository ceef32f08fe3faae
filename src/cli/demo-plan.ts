/**
 * The demo company's year as plain data: what happened on which day, decided by a seeded random
 * generator from `today` and `seed` alone, so one seed and one day always give the same year
 * (tests rely on it) and the year always ends today (a demo never looks stale).
 *
 * The year: the four completed quarters before today's, and today's quarter up to yesterday.
 * About fourteen invoices a completed quarter, at 21 % and 9 %, to Dutch customers and one in
 * Belgium (reverse charged); most paid some weeks later, the recent ones and a few late payers
 * not, so some are overdue; one credit note. Expenses with a receipt each, monthly and quarterly.
 * The three oldest quarters' VAT returns are filed and paid; the last completed quarter is left
 * open, to be filed by whoever tries the demo (the README does).
 *
 * Pure: no database, no clock; amounts are decimal strings the services read, never floats.
 */
import { addDays } from "../platform/dates.js";
import {
  monthsOf,
  type Quarter,
  quarterAfter,
  quarterOf,
  type Random,
  randomFrom,
  workdaysOf,
} from "./demo-calendar.js";
import { DEMO_CUSTOMERS, type DemoCustomer } from "./demo-cast.js";
import {
  customersOf,
  type DemoPlan,
  HOURLY,
  type PlannedEvent,
  type PlannedLine,
  someHours,
  weighted,
} from "./demo-events.js";
import { plannedExpenses, plannedLastWeeks, plannedTimeAndTravel } from "./demo-plan-daily.js";

const INVOICES_PER_QUARTER = 14;

function invoiceFor(random: Random, customer: DemoCustomer): { description: string; lines: PlannedLine[] } {
  const project = randomFrom(random, customer.projects);
  switch (customer.kind) {
    case "design": {
      const lines: PlannedLine[] = [HOURLY(someHours(random))];
      if (random.chance(0.3))
        lines.push({ description: "Drukwerkbegeleiding", quantity: "1", price_per_unit: "150.0" });
      if (random.chance(0.15)) lines.push({ product: "hosting", quantity: "1" });
      return { description: `${project} — ${customer.contact.company_name}`, lines };
    }
    case "bookshop": {
      // books at 9 %, shipping at 21 %: one invoice, two rates
      const books: PlannedLine = { product: "bookWholesale", quantity: String(random.integer(2, 8) * 5) };
      return {
        description: `Levering ${project}`,
        lines: [books, { description: "Verzendkosten", quantity: "1", price_per_unit: "12.5" }],
      };
    }
    case "reader":
      return { description: `Bestelling ${project}`, lines: [{ product: "bookRetail", quantity: "2" }] };
    case "abroad":
      return {
        description: project,
        lines: [
          {
            description: "Ontwerp (per uur)",
            quantity: someHours(random),
            price_per_unit: "85.0",
            vat: "vat_reverse_charged",
          },
        ],
      };
  }
}

/** The sales of one quarter: invoices on workdays, each paid `delay` days later unless still owed. */
function plannedSales(random: Random, quarter: Quarter, count: number, today: string, events: PlannedEvent[]) {
  const days = workdaysOf(quarter.from, quarter.till < today ? quarter.till : addDays(today, -1));
  const dates = Array.from({ length: count }, () => randomFrom(random, days)).sort();
  const abroad = customersOf("abroad");
  const others = DEMO_CUSTOMERS.filter((customer) => customer.kind !== "abroad");
  dates.forEach((date, index) => {
    // the Belgian customer once in most quarters
    const customer = index === 3 && quarter.index % 4 !== 1 ? weighted(random, abroad) : weighted(random, others);
    const invoice = events.length;
    const reference = customer.kind === "reader" ? `webshop-${date.replaceAll("-", "")}` : undefined;
    events.push({
      kind: "invoice",
      date,
      customer: customer.key,
      ...invoiceFor(random, customer),
      ...(reference ? { reference } : {}),
    });
    const paidOn = addDays(date, random.integer(4, 40));
    // the dentist pays late, if at all, sometimes a part; of the last three months a few are still owed
    const latePayer = customer.key === "dentist" && random.chance(0.6);
    const stillOwed = date >= addDays(today, -90) && random.chance(0.25);
    if (latePayer && random.chance(0.5)) events.push({ kind: "payment", date: paidOn, invoice, amount: "250.0" });
    else if (!latePayer && !stillOwed && paidOn < today) events.push({ kind: "payment", date: paidOn, invoice });
  });
}

/** Which event comes first on one day: a document before what pays or files it. */
const DAY_ORDER: Record<PlannedEvent["kind"], number> = {
  opening: 0,
  withdrawal: 4,
  invoice: 1,
  concept: 1,
  credit: 2,
  quotation: 2,
  expense: 3,
  payment: 4,
  receipt: 4,
  bank: 4,
  hour: 5,
  ride: 5,
  filing: 6,
  vatPayment: 7,
};

export function planDemoYear(today: string, random: Random): DemoPlan {
  const current = quarterOf(today);
  const quarters = [4, 3, 2, 1].map((back) => quarterAfter(current, -back));
  const [oldest] = quarters;
  if (oldest === undefined) throw new Error("no quarters planned");
  const events: PlannedEvent[] = [{ kind: "opening", date: oldest.from, amount: "8000.0" }];
  for (const quarter of [...quarters, current]) {
    const elapsed = workdaysOf(quarter.from, addDays(today, -1)).length;
    const count =
      quarter === current ? Math.min(INVOICES_PER_QUARTER, Math.max(3, Math.round(elapsed / 5))) : INVOICES_PER_QUARTER;
    if (elapsed > 0) plannedSales(random, quarter, count, today, events);
    plannedExpenses(random, quarter, today, events);
  }
  // a credit note: two hours too many on an early invoice for hours, corrected a week later
  const credited = events.findIndex(
    (event) => event.kind === "invoice" && event.lines.some((line) => line.product === "designHour"),
  );
  const original = events[credited];
  if (original !== undefined) {
    const date = addDays(original.date, 7);
    const lines: PlannedLine[] = [{ product: "designHour", quantity: "-2" }];
    const credit = events.length;
    events.push({
      kind: "credit",
      date,
      invoice: credited,
      description: "Correctie: twee uur te veel gerekend",
      lines,
    });
    // the difference paid back two weeks later
    events.push({ kind: "payment", date: addDays(date, 14), invoice: credit });
  }
  // a laptop, an investment on the balance sheet
  const laptop = [{ description: "Laptop 14 inch", quantity: "1", price_per_unit: "1499.0", vat: "vat_high" as const }];
  events.push({
    kind: "expense",
    date: addDays(oldest.from, 45),
    supplier: "computers",
    account: "activa.fixed_assets.computers",
    lines: laptop,
    receipt: "pdf",
  });
  plannedTimeAndTravel(random, oldest.from, today, events);
  for (const month of [...quarters, current].flatMap(monthsOf)) {
    const date = addDays(month, 24);
    if (date < today) events.push({ kind: "withdrawal", date, amount: "3500.0" });
  }
  for (const quarter of quarters.slice(0, 3)) {
    const next = quarterAfter(quarter, 1);
    events.push({ kind: "filing", date: addDays(next.from, 20), period: quarter.period });
    events.push({ kind: "vatPayment", date: addDays(next.from, 27), period: quarter.period });
  }
  plannedLastWeeks(today, events);
  const ordered = events
    .map((event, index) => ({ event, index }))
    .sort(
      (a, b) =>
        a.event.date.localeCompare(b.event.date) ||
        DAY_ORDER[a.event.kind] - DAY_ORDER[b.event.kind] ||
        a.index - b.index,
    );
  // payments and credits name invoices by their place in `events`; renumber them for the new order
  const placeOf = new Map(ordered.map(({ index }, place) => [index, place]));
  const renumbered = ordered.map(({ event }) =>
    "invoice" in event
      ? { ...event, invoice: placeOf.get(event.invoice) ?? -1 }
      : "expense" in event
        ? { ...event, expense: placeOf.get(event.expense) ?? -1 }
        : event,
  );
  const lastCompleted = quarters.at(-1);
  return { events: renumbered, quarterToFile: lastCompleted?.period ?? current.period, firstDay: oldest.from };
}
