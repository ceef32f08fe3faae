/**
 * Recording a payment on a published invoice (amount, date, the account it arrived on), as a
 * PATCH with `payments`; the invoice's open amount and payment status then come back from the
 * server with it.
 */
import { unwrap } from "@kasboek/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { api } from "../api/client.js";
import { type ShownError, shownError } from "../api/errors.js";
import { usePaymentAccounts } from "../app/queries.js";
import { decimalForInput, formatDate, parseDateInput, parseDecimalInput, todayIso } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { FormError } from "../ui/Banner.js";
import { DateInput } from "../ui/DateInput.js";
import { Field } from "../ui/Field.js";
import type { Invoice } from "./status.js";

interface PaymentFormProps {
  companyId: number;
  invoice: Invoice;
  /** told after the server took the payment (the invoice may now be paid, and this form gone) */
  onRecorded: () => void;
}

export function PaymentForm({ companyId, invoice, onRecorded }: PaymentFormProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const accounts = usePaymentAccounts(companyId);
  const [amount, setAmount] = useState(() => decimalForInput(invoice.open_amount, 2));
  const [date, setDate] = useState(() => formatDate(todayIso()));
  const [accountId, setAccountId] = useState("");
  const [error, setError] = useState<ShownError | null>(null);
  const bank = accounts.data?.find((account) => account.path === "activa.current_assets.liquid_assets.bank");
  const chosenAccount = accountId === "" ? (bank?.id ?? accounts.data?.[0]?.id ?? null) : Number(accountId);

  const record = useMutation({
    mutationFn: async () =>
      (
        await unwrap(
          api.PATCH("/api/v1/companies/{company_id}/sales_invoices/{id}", {
            params: { path: { company_id: companyId, id: invoice.id ?? 0 } },
            body: {
              sales_invoice: {
                payments: [
                  {
                    amount: parseDecimalInput(amount) ?? amount,
                    paid_at: parseDateInput(date) ?? date,
                    ...(chosenAccount === null ? {} : { account_id: chosenAccount }),
                  },
                ],
              },
            },
          }),
        )
      ).sales_invoice,
    onMutate: () => setError(null),
    onSuccess: (answer) => {
      queryClient.setQueryData(["sales_invoice", companyId, answer.id], answer);
      void queryClient.invalidateQueries({ queryKey: ["sales_invoices", companyId] });
      setAmount(decimalForInput(answer.open_amount, 2));
      onRecorded();
    },
    onError: (failure) => setError(shownError(failure)),
  });
  const problem = (name: string) => error?.fields[`payments[0].${name}`];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    record.mutate();
  };

  return (
    <form className="payment" onSubmit={submit} aria-labelledby="payment-heading" noValidate>
      <h2 id="payment-heading">{t("payment.title")}</h2>
      <FormError error={error} retry={() => record.mutate()} />
      <div className="row">
        <Field label={t("payment.amount")} problem={problem("amount")}>
          <input type="text" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
        </Field>
        <Field label={t("payment.date")} problem={problem("paid_at")}>
          <DateInput value={date} onChange={setDate} />
        </Field>
        <Field label={t("payment.account")} problem={problem("account_id")}>
          <select value={chosenAccount ?? ""} onChange={(event) => setAccountId(event.target.value)}>
            {accounts.data?.map((account) => (
              <option key={account.id} value={account.id ?? ""}>
                {account.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <button type="submit" disabled={record.isPending}>
        {record.isPending ? t("action.saving") : t("payment.record")}
      </button>
    </form>
  );
}
