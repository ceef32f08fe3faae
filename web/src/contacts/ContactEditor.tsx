/**
 * Creating and editing a contact, the server's problems shown at their fields; an existing
 * contact's page also lists its invoices with what it still owes, and deletes it (the server
 * refuses while a published document points to it, and says so).
 */
import { type Schema, unwrap } from "@kasboek/client";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useParams } from "react-router";
import { api } from "../api/client.js";
import { useCompanyId } from "../app/queries.js";
import type { MessageKey } from "../i18n/en.js";
import { useT } from "../i18n/i18n.js";
import { Banner, FormError, QueryPending } from "../ui/Banner.js";
import { ConfirmDelete } from "../ui/ConfirmDelete.js";
import { Field } from "../ui/Field.js";
import { useArrival } from "../ui/useArrival.js";
import { useSaveForm } from "../ui/useSaveForm.js";
import { ContactInvoices } from "./ContactInvoices.js";

type Contact = Schema<"Contact">;
type TextField =
  | "company_name"
  | "contact_person_name"
  | "contact_person_email_address"
  | "phone"
  | "address"
  | "zipcode"
  | "city"
  | "country_code"
  | "kvk_number"
  | "vat_number"
  | "iban";

const TEXT_FIELDS: ReadonlyArray<[TextField, MessageKey, string, string]> = [
  ["company_name", "contact.companyName", "text", "organization"],
  ["contact_person_name", "contact.personName", "text", "name"],
  ["contact_person_email_address", "contact.email", "email", "email"],
  ["phone", "contact.phone", "tel", "tel"],
  ["address", "contact.address", "text", "street-address"],
  ["zipcode", "contact.zipcode", "text", "postal-code"],
  ["city", "contact.city", "text", "address-level2"],
  ["country_code", "contact.country", "text", "country"],
  ["kvk_number", "contact.kvk", "text", "off"],
  ["vat_number", "contact.vatNumber", "text", "off"],
  // bank payments from it are matched to the contact's documents (learned from a confirmed match)
  ["iban", "contact.iban", "text", "off"],
];

type Draft = Record<TextField, string> & { is_individual: boolean; is_supplier: boolean };

function draftOf(contact: Contact | null): Draft {
  const text = Object.fromEntries(TEXT_FIELDS.map(([name]) => [name, contact?.[name] ?? ""])) as Record<
    TextField,
    string
  >;
  return { ...text, is_individual: contact?.is_individual ?? false, is_supplier: contact?.is_supplier ?? false };
}

export function ContactEditor() {
  const t = useT();
  const companyId = useCompanyId();
  const contactId = Number(useParams().contactId ?? "");
  const creating = !(contactId > 0);
  const contact = useQuery({
    queryKey: ["contact", companyId, contactId],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/contacts/{id}", {
            params: { path: { company_id: companyId, id: contactId } },
          }),
        )
      ).contact,
    enabled: !creating,
  });
  if (creating) return <ContactForm key="new" companyId={companyId} contact={null} />;
  if (contact.isError || contact.data === undefined) return <QueryPending query={contact} />;
  return (
    <>
      <ContactForm key={contactId} companyId={companyId} contact={contact.data} />
      <ContactInvoices companyId={companyId} contactId={contactId} />
      <ConfirmDelete
        label={t("contactPage.delete")}
        question={t("contactPage.deleteConfirm", { name: contact.data.name ?? "" })}
        remove={() =>
          unwrap(
            api.DELETE("/api/v1/companies/{company_id}/contacts/{id}", {
              params: { path: { company_id: companyId, id: contactId } },
            }),
          )
        }
        recordKey={["contact", companyId, contactId]}
        listKey={["contacts", companyId]}
        listPath={`/${companyId}/contacts`}
      />
    </>
  );
}

function ContactForm({ companyId, contact }: { companyId: number; contact: Contact | null }) {
  const t = useT();
  const arrival = useArrival();
  const [draft, setDraft] = useState(() => draftOf(contact));
  const { mutation, error } = useSaveForm({
    resource: "contact",
    companyId,
    itemId: contact?.id ?? null,
    path: "contacts",
    save: async () => {
      const body = { contact: draft };
      const answer =
        contact?.id == null
          ? await unwrap(
              api.POST("/api/v1/companies/{company_id}/contacts", {
                params: { path: { company_id: companyId } },
                body,
              }),
            )
          : await unwrap(
              api.PATCH("/api/v1/companies/{company_id}/contacts/{id}", {
                params: { path: { company_id: companyId, id: contact.id } },
                body,
              }),
            );
      return answer.contact;
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate();
  };
  const saved = mutation.isSuccess || (arrival === "saved" && mutation.isIdle);
  return (
    <form className="resource-form" onSubmit={submit} noValidate>
      <h1>{contact === null ? t("contact.newTitle") : t("contact.title", { name: contact.name ?? "" })}</h1>
      {saved && <Banner kind="ok">{t("saved")}</Banner>}
      <FormError error={error} retry={() => mutation.mutate()} />
      <div className="checks">
        <label className="check">
          <input
            type="checkbox"
            checked={draft.is_individual}
            onChange={(event) => setDraft({ ...draft, is_individual: event.target.checked })}
          />
          {t("contact.individual")}
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.is_supplier}
            onChange={(event) => setDraft({ ...draft, is_supplier: event.target.checked })}
          />
          {t("contact.supplier")}
        </label>
      </div>
      <div className="grid">
        {TEXT_FIELDS.map(([name, label, type, autoComplete]) => (
          <Field key={name} label={t(label)} problem={error?.fields[name]}>
            <input
              type={type}
              autoComplete={autoComplete}
              value={draft[name]}
              onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
            />
          </Field>
        ))}
      </div>
      <div className="actions">
        <button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? t("action.saving") : t("action.save")}
        </button>
      </div>
    </form>
  );
}
