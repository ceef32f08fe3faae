/**
 * A labelled form field with the server's problem beneath it: the label is tied to the control,
 * and a problem marks the control invalid and describes it, so a screen reader says both.
 */
import { cloneElement, type ReactElement, useId } from "react";

interface FieldProps {
  label: string;
  /** the server's words about this field, if it refused it */
  problem?: string | undefined;
  hint?: string;
  className?: string;
  children: ReactElement<Record<string, unknown>>;
}

export function Field({ label, problem, hint, className, children }: FieldProps) {
  const id = useId();
  const problemId = `${id}-problem`;
  const hintId = `${id}-hint`;
  const described = [hint === undefined ? null : hintId, problem === undefined ? null : problemId]
    .filter((part) => part !== null)
    .join(" ");
  const control = cloneElement(children, {
    id,
    ...(problem === undefined ? {} : { "aria-invalid": true }),
    ...(described === "" ? {} : { "aria-describedby": described }),
  });
  return (
    <div className={`field${problem === undefined ? "" : " invalid"}${className === undefined ? "" : ` ${className}`}`}>
      <label htmlFor={id}>{label}</label>
      {control}
      {hint !== undefined && (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      )}
      {problem !== undefined && (
        <p className="problem" id={problemId}>
          {problem}
        </p>
      )}
    </div>
  );
}
