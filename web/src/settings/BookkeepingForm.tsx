/**
 * The company's bookkeeping settings as the API keeps them: how often it files its VAT return
 * and how the return rounds to whole euros. The small-business scheme (KOR), the third setting,
 * is the company's VAT liability, which the company details ask for: one switch for one flag.
 * Saved by PATCH; the server's problems at their fields, its answer shown as stored.
 */
import { type Schema, unwrap } from "@kasboek/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { api } from "../api/client.js";
import { type ShownError, shownError } from "../api/errors.js";
import { useT } from "../i18n/i18n.js";
import { Banner, ErrorBanner, QueryPending } from "../ui/Banner.js";
import { Field } from "../ui/Field.js";

type Settings = Schema<"BookkeepingSettings">;
const VAT_PERIODS = ["quarter", "month", "year"] as const;
const ROUNDINGS = ["favour", "arithmetic"] as const;

export function BookkeepingSettings({ companyId }: { companyId: number }) {
  const settings = useQuery({
    queryKey: ["bookkeeping_settings", companyId],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/bookkeeping_settings", {
            params: { path: { company_id: companyId } },
          }),
        )
      ).bookkeeping_settings,
  });
  if (settings.data === undefined) return <QueryPending query={settings} />;
  return <BookkeepingForm companyId={companyId} settings={settings.data} />;
}

function BookkeepingForm({ companyId, settings }: { companyId: number; settings: Settings }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState(settings.vat_period);
  const [rounding, setRounding] = useState(settings.vat_return_rounding);
  const [error, setError] = useState<ShownError | null>(null);
  const mutation = useMutation({
    mutationFn: async () =>
      (
        await unwrap(
          api.PATCH("/api/v1/companies/{company_id}/bookkeeping_settings", {
            params: { path: { company_id: companyId } },
            body: { bookkeeping_settings: { vat_period: period, vat_return_rounding: rounding } },
          }),
        )
      ).bookkeeping_settings,
    onMutate: () => setError(null),
    onSuccess: (answer) => queryClient.setQueryData(["bookkeeping_settings", companyId], answer),
    onError: (failure) => setError(shownError(failure)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate();
  };
  const named = error !== null && Object.keys(error.fields).length > 0;
  return (
    <form className="resource-form" onSubmit={submit} noValidate>
      {mutation.isSuccess && <Banner kind="ok">{t("saved")}</Banner>}
      {error !== null && <ErrorBanner error={named ? { fields: {}, banner: { key: "error.fieldsBelow" } } : error} />}
      <div className="grid">
        <Field label={t("bookkeeping.vatPeriod")} problem={error?.fields.vat_period}>
          <select value={period} onChange={(event) => setPeriod(event.target.value as Settings["vat_period"])}>
            {VAT_PERIODS.map((option) => (
              <option key={option} value={option}>
                {t(`bookkeeping.vatPeriod.${option}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={t("bookkeeping.rounding")}
          problem={error?.fields.vat_return_rounding}
          hint={t("bookkeeping.roundingHint")}
        >
          <select
            value={rounding}
            onChange={(event) => setRounding(event.target.value as Settings["vat_return_rounding"])}
          >
            {ROUNDINGS.map((option) => (
              <option key={option} value={option}>
                {t(`bookkeeping.rounding.${option}`)}
              </option>
            ))}
          </select>
        </Field>
        <p className="wide">
          {t(settings.kor ? "bookkeeping.korOn" : "bookkeeping.korOff")} {t("bookkeeping.korWhere")}
        </p>
      </div>
      <div className="actions">
        <button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? t("action.saving") : t("action.save")}
        </button>
      </div>
    </form>
  );
}
