/**
 * The company's details, one form for the first run (only what an invoice legally needs) and for
 * the settings (every detail). Invariants: the checks are the server's — a PATCH of what changed
 * (so an old value stored before its rule existed never blocks a change of something else), its
 * problems shown at the field they name, in the reader's language, nothing typed lost; the only
 * check of our own is that what an invoice needs is not left blank (requirements.ts, the API's
 * publication rule), said at each such field. The answer goes into the companies cache, so the
 * first-run gate sees the company complete at once.
 */
import { unwrap } from "@kasboek/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { api } from "../api/client.js";
import { type ShownError, shownError } from "../api/errors.js";
import type { MessageKey } from "../i18n/en.js";
import { useT } from "../i18n/i18n.js";
import { Banner, ErrorBanner } from "../ui/Banner.js";
import { Field } from "../ui/Field.js";
import { type Company, LEGAL_FIELDS, missingForInvoices } from "./requirements.js";

const COMPANY_TYPES = ["eenmanszaak", "vof", "bv", "vereniging", "stichting", "other"] as const;
type CompanyType = (typeof COMPANY_TYPES)[number];

type TextField =
  | "name"
  | "owner_name"
  | "address"
  | "zipcode"
  | "city"
  | "country_code"
  | "kvk_number"
  | "email"
  | "website"
  | "vat_number"
  | "iban"
  | "bic";
type FieldName = TextField | "type" | "vat_liable";

/** Each text field: its label, input type and autocomplete token. */
const TEXT_FIELDS: Record<TextField, [MessageKey, string, string]> = {
  name: ["field.company.name", "text", "organization"],
  owner_name: ["company.ownerName", "text", "name"],
  address: ["field.company.address", "text", "street-address"],
  zipcode: ["field.company.zipcode", "text", "postal-code"],
  city: ["field.company.city", "text", "address-level2"],
  country_code: ["company.countryCode", "text", "country"],
  kvk_number: ["field.company.kvk_number", "text", "off"],
  email: ["company.email", "email", "email"],
  website: ["company.website", "url", "url"],
  vat_number: ["field.company.vat_number", "text", "off"],
  iban: ["field.company.iban", "text", "off"],
  bic: ["company.bic", "text", "off"],
};

/** The settings' order: who, where, how to reach, then tax and bank. */
const ALL_FIELDS: readonly FieldName[] = [
  "name",
  "owner_name",
  "type",
  "address",
  "zipcode",
  "city",
  "country_code",
  "kvk_number",
  "email",
  "website",
  "vat_liable",
  "vat_number",
  "iban",
  "bic",
];

type Draft = Record<TextField, string> & { type: CompanyType | ""; vat_liable: boolean };

function draftOf(company: Company): Draft {
  const text = Object.fromEntries(
    (Object.keys(TEXT_FIELDS) as TextField[]).map((name) => [name, company[name] ?? ""]),
  ) as Record<TextField, string>;
  return { ...text, type: company.type ?? "", vat_liable: company.vat_liable !== false };
}

/** What the reader changed, as the API takes it: a field emptied is null. */
function changesOf(draft: Draft, company: Company): Record<string, string | boolean | null> {
  const before = draftOf(company);
  const changes: Record<string, string | boolean | null> = {};
  for (const name of Object.keys(draft) as Array<keyof Draft>) {
    const value = draft[name];
    if (value === before[name]) continue;
    changes[name] = typeof value === "string" && value.trim() === "" ? null : value;
  }
  return changes;
}

/**
 * The banner over the form: the server's problems at fields the form shows are pointed to; one
 * about a detail the form does not show (the first run shows only some) is said in full.
 */
function bannerOf(error: ShownError | null, shown: readonly FieldName[]): ShownError | null {
  if (error === null) return null;
  const named = Object.entries(error.fields);
  if (named.length === 0) return error;
  const elsewhere = named.filter(([name]) => !shown.includes(name as FieldName));
  if (elsewhere.length === 0) return { fields: {}, banner: { key: "error.fieldsBelow" } };
  return { fields: {}, banner: { text: elsewhere.map(([name, problem]) => `${name} ${problem}`).join("; ") } };
}

interface CompanyDetailsFormProps {
  company: Company;
  /** "legal": what an invoice needs (the first run); "all": every detail (the settings) */
  fields: "legal" | "all";
  submitLabel: string;
}

export function CompanyDetailsForm({ company, fields, submitLabel }: CompanyDetailsFormProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const vatLiableHintId = useId();
  const [draft, setDraft] = useState(() => draftOf(company));
  const [saved, setSaved] = useState<Company>(company);
  const [error, setError] = useState<ShownError | null>(null);
  const [blanks, setBlanks] = useState<readonly string[]>([]);
  const shown: readonly FieldName[] = fields === "legal" ? LEGAL_FIELDS : ALL_FIELDS;

  // the first problem takes the focus once it is on the page: after the render that marks it
  const [focusRequests, setFocusRequests] = useState(0);
  useEffect(() => {
    if (focusRequests > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequests]);
  const focusFirstProblem = () => setFocusRequests((count) => count + 1);

  const mutation = useMutation({
    mutationFn: async (changes: Record<string, string | boolean | null>) =>
      (
        await unwrap(
          api.PATCH("/api/v1/companies/{id}", {
            params: { path: { id: saved.id } },
            body: { company: changes },
          }),
        )
      ).company,
    onMutate: () => setError(null),
    onSuccess: (answer) => {
      setSaved(answer);
      // as stored: the server writes an IBAN without spaces, a KvK number without groups
      setDraft(draftOf(answer));
      queryClient.setQueryData<Company[]>(["companies"], (list) =>
        list?.map((candidate) => (candidate.id === answer.id ? answer : candidate)),
      );
      // the KOR of the bookkeeping settings is this company's VAT liability
      void queryClient.invalidateQueries({ queryKey: ["bookkeeping_settings", answer.id] });
      // complete, the first-run gate shows the page asked for; else what is still blank is said
      const missing = missingForInvoices(answer);
      setBlanks(missing);
      if (missing.length > 0) focusFirstProblem();
    },
    onError: (failure) => {
      setError(shownError(failure));
      setBlanks(missingForInvoices(draft));
      focusFirstProblem();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes = changesOf(draft, saved);
    if (Object.keys(changes).length > 0) {
      mutation.mutate(changes);
      return;
    }
    const missing = missingForInvoices(draft);
    setError(null);
    setBlanks(missing);
    if (missing.length > 0) focusFirstProblem();
  };

  const problem = (name: FieldName): string | undefined =>
    error?.fields[name] ?? (blanks.includes(name) ? t("company.neededOnInvoice") : undefined);
  const text = (name: TextField) => {
    const [label, type, autoComplete] = TEXT_FIELDS[name];
    return (
      <Field key={name} label={t(label)} problem={problem(name)}>
        <input
          type={type}
          autoComplete={autoComplete}
          value={draft[name]}
          onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
        />
      </Field>
    );
  };
  const banner = bannerOf(error, shown);

  return (
    <form ref={formRef} className="resource-form" onSubmit={submit} noValidate>
      {mutation.isSuccess && fields === "all" && <Banner kind="ok">{t("saved")}</Banner>}
      {banner !== null && <ErrorBanner error={banner} />}
      <div className="grid">
        {shown.map((name) => {
          if (name === "vat_liable") {
            return (
              <div key={name} className="field wide">
                <label className="check">
                  <input
                    type="checkbox"
                    checked={draft.vat_liable}
                    aria-describedby={vatLiableHintId}
                    onChange={(event) => setDraft({ ...draft, vat_liable: event.target.checked })}
                  />
                  {t("company.vatLiable")}
                </label>
                <p className="hint" id={vatLiableHintId}>
                  {t("company.vatLiableHint")}
                </p>
              </div>
            );
          }
          if (name === "type") {
            return (
              <Field key={name} label={t("company.type")} problem={problem("type")}>
                <select
                  value={draft.type}
                  onChange={(event) => setDraft({ ...draft, type: event.target.value as CompanyType | "" })}
                >
                  <option value="">{t("company.typeNone")}</option>
                  {COMPANY_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`company.type.${type}`)}
                    </option>
                  ))}
                </select>
              </Field>
            );
          }
          return text(name);
        })}
      </div>
      <div className="actions">
        <button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? t("action.saving") : submitLabel}
        </button>
      </div>
    </form>
  );
}
