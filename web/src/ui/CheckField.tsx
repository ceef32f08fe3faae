/**
 * A checkbox with its label beside it and, when the server refused it, the server's words beneath,
 * tied to the box (aria-invalid, aria-describedby) as Field does for the other controls.
 */
import { useId } from "react";

interface CheckFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  problem?: string | undefined;
  hint?: string;
  className?: string;
}

export function CheckField({ label, checked, onChange, problem, hint, className }: CheckFieldProps) {
  const id = useId();
  const described = [hint === undefined ? null : `${id}-hint`, problem === undefined ? null : `${id}-problem`]
    .filter((part) => part !== null)
    .join(" ");
  return (
    <div className={`field check-field${problem === undefined ? "" : " invalid"} ${className ?? ""}`.trim()}>
      <label className="check">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          {...(problem === undefined ? {} : { "aria-invalid": true })}
          {...(described === "" ? {} : { "aria-describedby": described })}
        />
        {label}
      </label>
      {hint !== undefined && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {problem !== undefined && (
        <p className="problem" id={`${id}-problem`}>
          {problem}
        </p>
      )}
    </div>
  );
}
