/**
 * The contact of a document: found by typing (the API's search), chosen from a list, or — where
 * the API takes a new contact with the document, as a sales invoice or an expense does — entered
 * in place as a new contact, which the server creates with it. A customer by default; an
 * expense's supplier uses the same picker with its own words (`labels`).
 */
import { useId, useState } from "react";
import { useContactOptions } from "../contacts/queries.js";
import type { MessageKey } from "../i18n/en.js";
import { useT } from "../i18n/i18n.js";
import { Field } from "../ui/Field.js";
import { EMPTY_CONTACT, type NewContactDraft } from "./draft.js";

const NEW = "new";

interface ContactPickerProps {
  companyId: number;
  contactId: number | null;
  /** the chosen contact's name as the invoice knows it, shown even when a search leaves it out */
  contactName: string | null;
  newContact: NewContactDraft | null;
  onChange: (contactId: number | null, newContact: NewContactDraft | null) => void;
  problems: Record<string, string>;
  /** whether "new customer" is offered (a quotation takes only an existing contact) */
  allowNew?: boolean;
  /** the words of the picker, when the contact is no customer */
  labels?: ContactPickerLabels;
}

export interface ContactPickerLabels {
  legend: MessageKey;
  find: MessageKey;
  choose: MessageKey;
  none: MessageKey;
  new: MessageKey;
  newName: MessageKey;
}

const CUSTOMER_LABELS: ContactPickerLabels = {
  legend: "invoice.customer",
  find: "invoice.findContact",
  choose: "invoice.chooseContact",
  none: "invoice.noContact",
  new: "invoice.newContact",
  newName: "invoice.newContactName",
};

const NEW_CONTACT_FIELDS = [
  ["company_name", "invoice.newContactName", "text", "organization"],
  ["contact_person_email_address", "invoice.newContactEmail", "email", "email"],
  ["address", "invoice.newContactAddress", "text", "street-address"],
  ["zipcode", "invoice.newContactZipcode", "text", "postal-code"],
  ["city", "invoice.newContactCity", "text", "address-level2"],
] as const;

export function ContactPicker({
  companyId,
  contactId,
  contactName,
  newContact,
  onChange,
  problems,
  allowNew = true,
  labels = CUSTOMER_LABELS,
}: ContactPickerProps) {
  const t = useT();
  const [text, setText] = useState("");
  const options = useContactOptions(companyId, text.trim());
  const groupId = useId();
  const listed = options.data ?? [];
  const chosenMissing = contactId !== null && !listed.some((contact) => contact.id === contactId);
  const value = newContact !== null ? NEW : contactId === null ? "" : String(contactId);

  return (
    <fieldset className="contact-picker" aria-describedby={groupId}>
      <legend>{t(labels.legend)}</legend>
      <div className="row">
        <Field label={t(labels.find)}>
          <input type="search" value={text} onChange={(event) => setText(event.target.value)} autoComplete="off" />
        </Field>
        <Field label={t(labels.choose)} problem={problems.contact_id}>
          <select
            value={value}
            onChange={(event) => {
              const chosen = event.target.value;
              if (chosen === NEW) onChange(null, newContact ?? EMPTY_CONTACT);
              else onChange(chosen === "" ? null : Number(chosen), null);
            }}
          >
            <option value="">{t(labels.none)}</option>
            {chosenMissing && <option value={contactId}>{contactName ?? contactId}</option>}
            {listed.map((contact) => (
              <option key={contact.id} value={contact.id ?? ""}>
                {contact.name}
                {contact.city === null ? "" : ` (${contact.city})`}
              </option>
            ))}
            {allowNew && <option value={NEW}>{t(labels.new)}</option>}
          </select>
        </Field>
      </div>
      <div id={groupId}>
        {newContact !== null && (
          <div className="new-contact">
            {NEW_CONTACT_FIELDS.map(([name, label, type, autoComplete]) => (
              <Field
                key={name}
                label={t(name === "company_name" ? labels.newName : label)}
                problem={problems[`contact.${name}`]}
              >
                <input
                  type={type}
                  autoComplete={autoComplete}
                  value={newContact[name]}
                  onChange={(event) => onChange(null, { ...newContact, [name]: event.target.value })}
                />
              </Field>
            ))}
          </div>
        )}
      </div>
    </fieldset>
  );
}
