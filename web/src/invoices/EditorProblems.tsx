/**
 * The banner above a document editor after the server refused a save: when it named fields, a
 * pointer to them (each is shown at its field), the company's missing details together, and the
 * problems no field of the editor can show listed by attribute; otherwise the server's message.
 */
import type { ShownError } from "../api/errors.js";
import type { MessageKey } from "../i18n/en.js";
import { useT } from "../i18n/i18n.js";
import { FormError } from "../ui/Banner.js";

interface EditorProblemsProps {
  error: ShownError;
  /** whether the editor shows a problem of this attribute at a field of its own */
  isField: (attribute: string) => boolean;
  /** sends the failed save again; offered only when it got no answer the server stands by */
  retry: () => void;
}

export function EditorProblems({ error, isField, retry }: EditorProblemsProps) {
  const t = useT();
  const problems = Object.entries(error.fields);
  const companyProblems = problems.filter(([attribute]) => attribute.startsWith("company."));
  const otherProblems = problems.filter(([attribute]) => !attribute.startsWith("company.") && !isField(attribute));
  return (
    <FormError
      error={error}
      retry={retry}
      extra={
        companyProblems.length + otherProblems.length > 0 ? (
          <>
            {companyProblems.length > 0 && <p>{t("error.company")}</p>}
            <ul>
              {[...companyProblems, ...otherProblems].map(([attribute, problem]) => (
                <li key={attribute}>
                  <strong>
                    {attribute.startsWith("company.") ? t(`field.${attribute}` as MessageKey) : attribute}
                  </strong>{" "}
                  {problem}
                </li>
              ))}
            </ul>
          </>
        ) : undefined
      }
    />
  );
}
