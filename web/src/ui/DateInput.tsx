/**
 * A date typed the Dutch way (`26-11-2026`) in a plain text field, whatever language the browser
 * speaks: a browser's own date field shows its locale's order (11/26/2026 in an English one),
 * which an invoice date must never be mistaken in. Holds the text as typed; the format module
 * reads it when the form is sent.
 */
import type { InputHTMLAttributes } from "react";
import { useT } from "../i18n/i18n.js";

type DateInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "onChange"> & {
  value: string;
  onChange: (text: string) => void;
};

export function DateInput({ value, onChange, ...rest }: DateInputProps) {
  const t = useT();
  return (
    <input
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={t("date.placeholder")}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
