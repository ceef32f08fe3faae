/**
 * The everyday part of the demo's year (demo-plan.ts): expenses with their receipts, hours and
 * rides, and the open ends of the last weeks (quotations, a concept, bank lines to link). Pure and
 * seeded, as the rest of the plan.
 */
import { addDays } from "../platform/dates.js";
import { monthsOf, type Quarter, type Random, randomFrom, workdaysOf } from "./demo-calendar.js";
import { DEMO_CUSTOMERS } from "./demo-cast.js";
import { customersOf, HOURLY, type PlannedEvent, type PlannedLine, weighted } from "./demo-events.js";

function expense(
  date: string,
  supplier: string,
  account: string,
  line: PlannedLine,
  receipt: "pdf" | "png",
): PlannedEvent {
  return { kind: "expense", date, supplier, account, lines: [line], receipt };
}

/** Monthly phone bills and lunches, a print run, the software subscription and a train journey. */
export function plannedExpenses(random: Random, quarter: Quarter, today: string, events: PlannedEvent[]) {
  const planned: PlannedEvent[] = [];
  for (const month of monthsOf(quarter)) {
    const phone = {
      description: "Mobiel en internet",
      quantity: "1",
      price_per_unit: "45.0",
      vat: "vat_high",
    } as const;
    planned.push(expense(addDays(month, 4), "telecom", "profit.costs.other_costs.phone_internet", phone, "pdf"));
    const price = randomFrom(random, ["18.5", "24.75", "31.2", "42.0"]);
    const lunch = { description: "Lunch met klant", quantity: "1", price_per_unit: price, vat: "vat_low_new" } as const;
    const lunchDate = addDays(month, random.integer(9, 25));
    planned.push(expense(lunchDate, "lunchroom", "profit.costs.selling.representation", lunch, "png"));
  }
  const copies = String(random.integer(2, 5) * 100);
  const print = {
    description: "Drukwerk 'Utrecht in lijnen'",
    quantity: copies,
    price_per_unit: "4.8",
    vat: "vat_high",
  } as const;
  planned.push(
    expense(addDays(quarter.from, random.integer(10, 40)), "printer", "profit.costs.purchased_stock", print, "pdf"),
  );
  const software = {
    description: "Ontwerpsoftware, abonnement per maand",
    quantity: "3",
    price_per_unit: "59.99",
    vat: "vat_reverse_charged",
  } as const;
  planned.push(
    expense(addDays(quarter.from, 1), "software", "profit.costs.other_costs.subscriptions", software, "pdf"),
  );
  const train = {
    description: "Trein Utrecht–Gent v.v.",
    quantity: "1",
    price_per_unit: "96.4",
    vat: "vat_low_new",
  } as const;
  planned.push(expense(addDays(quarter.from, random.integer(20, 60)), "railway", "profit.costs.vehicle", train, "png"));
  events.push(...planned.filter((event) => event.date < today && event.date <= quarter.till));
}

export function plannedTimeAndTravel(random: Random, from: string, today: string, events: PlannedEvent[]) {
  const design = customersOf("design");
  for (const date of workdaysOf(from, addDays(today, -1))) {
    const recent = date >= addDays(today, -84);
    if (recent && random.chance(0.7)) {
      const customer = weighted(random, design);
      const description = `${randomFrom(random, customer.projects)}: ${randomFrom(random, ["schetsen", "uitwerking", "overleg", "correcties"])}`;
      events.push({
        kind: "hour",
        date,
        customer: customer.key,
        duration: String(random.integer(4, 14) / 2),
        description,
      });
    }
    if (random.chance(0.06)) {
      const customer = weighted(
        random,
        DEMO_CUSTOMERS.filter((candidate) => candidate.distanceKm >= 5),
      );
      events.push({
        kind: "ride",
        date,
        to: String(customer.contact.city),
        km: customer.distanceKm * 2,
        private: random.chance(0.1),
      });
    }
  }
}

/** The open ends of the last weeks: quotations, a concept, and bank lines still to be linked. */
export function plannedLastWeeks(today: string, events: PlannedEvent[]) {
  const day = (back: number) => addDays(today, -back);
  events.push({
    kind: "quotation",
    date: day(30),
    customer: "foundation",
    outcome: "invoiced",
    lines: [HOURLY("24"), { description: "Drukproeven", quantity: "1", price_per_unit: "95.0" }],
  });
  events.push({ kind: "quotation", date: day(9), customer: "roastery", outcome: "signing", lines: [HOURLY("16")] });
  events.push({ kind: "quotation", date: day(2), customer: "bicycles", outcome: "concept", lines: [HOURLY("6")] });
  events.push({
    kind: "concept",
    date: day(1),
    customer: "bakery",
    description: "Menukaart — Bakkerij Van Dam",
    lines: [HOURLY("5.5")],
  });
  const lastExpense = (supplier: string) =>
    events.findLastIndex((event) => event.kind === "expense" && event.supplier === supplier && event.date < day(4));
  const phone = lastExpense("telecom");
  if (phone !== -1) events.push({ kind: "bank", date: day(3), expense: phone, description: "Belnet BV incasso" });
  const lunch = lastExpense("lunchroom");
  if (lunch !== -1)
    events.push({ kind: "bank", date: day(2), expense: lunch, description: "Lunchroom De Tuin pinbetaling" });
  // the newest unpaid invoice's money arrived, not yet linked to it
  const unpaid = events.findLastIndex(
    (event, index) =>
      event.kind === "invoice" &&
      event.date < day(7) &&
      !events.some((other) => other.kind === "payment" && other.invoice === index),
  );
  if (unpaid !== -1) events.push({ kind: "receipt", date: day(2), invoice: unpaid });
}
