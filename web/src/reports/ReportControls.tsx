/**
 * What a report is asked for, kept in the URL so a report can be bookmarked and shared: a period
 * (from, till) or a date, and whether to compare with the period (or date) before. Dates are
 * typed the Dutch way and read by format.ts; one that is no date is refused at its field, in the
 * reader's language, before anything is asked. Presets give the usual periods in one click.
 */
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { formatDate, parseDateInput, todayIso } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { DateInput } from "../ui/DateInput.js";
import { Field } from "../ui/Field.js";
import { type Period, quarterOf, quarterPeriod, yearPeriod } from "./periods.js";

/** `?name=` when it is a date, else `fallback`. */
function dateParam(search: URLSearchParams, name: string, fallback: string): string {
  const value = search.get(name) ?? "";
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : fallback;
}

/** The report's period and comparison from the URL (this calendar year unless it says otherwise). */
export function usePeriodParams() {
  const [search, setSearch] = useSearchParams();
  const year = yearPeriod(Number(todayIso().slice(0, 4)));
  const period = { from: dateParam(search, "from", year.from), till: dateParam(search, "till", year.till) };
  const compare = search.get("compare") === "1";
  const apply = (next: Period & { compare: boolean }) => {
    const params = new URLSearchParams(search);
    params.set("from", next.from);
    params.set("till", next.till);
    if (next.compare) params.set("compare", "1");
    else params.delete("compare");
    params.delete("page");
    setSearch(params);
  };
  return { period, compare, apply };
}

/** The report's date and comparison from the URL (today unless it says otherwise). */
export function useDateParams() {
  const [search, setSearch] = useSearchParams();
  const date = dateParam(search, "date", todayIso());
  const compare = search.get("compare") === "1";
  const apply = (next: { date: string; compare: boolean }) => {
    const params = new URLSearchParams(search);
    params.set("date", next.date);
    if (next.compare) params.set("compare", "1");
    else params.delete("compare");
    setSearch(params);
  };
  return { date, compare, apply };
}

function usePresets(): Array<{ label: string; period: Period }> {
  const t = useT();
  const today = todayIso();
  const { year, quarter } = quarterOf(today);
  const last = quarter === 1 ? { year: year - 1, quarter: 4 } : { year, quarter: quarter - 1 };
  return [
    { label: t("reports.preset.thisYear"), period: yearPeriod(year) },
    { label: t("reports.preset.lastYear"), period: yearPeriod(year - 1) },
    { label: t("reports.preset.thisQuarter"), period: quarterPeriod(year, quarter) },
    { label: t("reports.preset.lastQuarter"), period: quarterPeriod(last.year, last.quarter) },
  ];
}

interface PeriodFormProps {
  period: Period;
  compare?: boolean;
  /** the words of the comparison's checkbox; no checkbox without them */
  compareLabel?: string;
  onApply: (next: Period & { compare: boolean }) => void;
}

export function PeriodForm(props: PeriodFormProps) {
  // typed texts start again from the URL whenever the period changes there (a preset, a link)
  return <PeriodFields key={`${props.period.from}/${props.period.till}`} {...props} />;
}

function PeriodFields({ period, compare = false, compareLabel, onApply }: PeriodFormProps) {
  const t = useT();
  const presets = usePresets();
  const [fromText, setFromText] = useState(formatDate(period.from));
  const [tillText, setTillText] = useState(formatDate(period.till));
  const [problems, setProblems] = useState<{ from?: string; till?: string }>({});
  const submit = () => {
    const from = parseDateInput(fromText);
    const till = parseDateInput(tillText);
    const found = {
      ...(from === null ? { from: t("reports.badDate") } : {}),
      ...(till === null ? { till: t("reports.badDate") } : {}),
    };
    setProblems(found);
    if (from !== null && till !== null) onApply({ from, till, compare });
  };
  return (
    <form
      className="filters report-controls"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Field label={t("reports.from")} problem={problems.from}>
        <DateInput value={fromText} onChange={setFromText} />
      </Field>
      <Field label={t("reports.till")} problem={problems.till}>
        <DateInput value={tillText} onChange={setTillText} />
      </Field>
      <div className="report-apply">
        <button type="submit">{t("reports.show")}</button>
      </div>
      {compareLabel !== undefined && (
        <CompareBox
          label={compareLabel}
          compare={compare}
          onChange={(checked) => onApply({ ...period, compare: checked })}
        />
      )}
      <fieldset className="presets">
        <legend className="visually-hidden">{t("reports.presets")}</legend>
        {presets.map((preset) => (
          <button
            key={preset.label}
            type="button"
            className="secondary small"
            aria-pressed={preset.period.from === period.from && preset.period.till === period.till}
            onClick={() => onApply({ ...preset.period, compare })}
          >
            {preset.label}
          </button>
        ))}
      </fieldset>
    </form>
  );
}

interface DateFormProps {
  date: string;
  compare?: boolean;
  compareLabel?: string;
  onApply: (next: { date: string; compare: boolean }) => void;
}

export function DateForm(props: DateFormProps) {
  return <DateFields key={props.date} {...props} />;
}

function DateFields({ date, compare = false, compareLabel, onApply }: DateFormProps) {
  const t = useT();
  const [text, setText] = useState(formatDate(date));
  const [problem, setProblem] = useState<string | undefined>(undefined);
  return (
    <form
      className="filters report-controls"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = parseDateInput(text);
        setProblem(parsed === null ? t("reports.badDate") : undefined);
        if (parsed !== null) onApply({ date: parsed, compare });
      }}
    >
      <Field label={t("reports.date")} problem={problem}>
        <DateInput value={text} onChange={setText} />
      </Field>
      <div className="report-apply">
        <button type="submit">{t("reports.show")}</button>
      </div>
      {compareLabel !== undefined && (
        <CompareBox
          label={compareLabel}
          compare={compare}
          onChange={(checked) => onApply({ date, compare: checked })}
        />
      )}
    </form>
  );
}

/**
 * The comparison's checkbox: ticked at once, while the address (which the router changes in a
 * transition) catches up, and in step with the address whenever that changes otherwise.
 */
function CompareBox({
  label,
  compare,
  onChange,
}: {
  label: string;
  compare: boolean;
  onChange: (checked: boolean) => void;
}) {
  const [checked, setChecked] = useState(compare);
  useEffect(() => setChecked(compare), [compare]);
  return (
    <label className="check report-compare">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => {
          setChecked(event.target.checked);
          onChange(event.target.checked);
        }}
      />
      {label}
    </label>
  );
}
