/** The reader's language, chosen from the ones the app speaks: in the frame and in the settings. */
import { LANGUAGES, type Language, useLanguage } from "../i18n/i18n.js";
import { Field } from "../ui/Field.js";

export function LanguageChoice() {
  const { t, language, setLanguage } = useLanguage();
  return (
    <Field label={t("nav.language")}>
      <select value={language} onChange={(event) => setLanguage(event.target.value as Language)}>
        {LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option}>
            {t(`language.${option}`)}
          </option>
        ))}
      </select>
    </Field>
  );
}
