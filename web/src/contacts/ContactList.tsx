/** The company's contacts, searched by the API's search[q], a page at a time. */
import { unwrap } from "@kasboek/client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { api, totalOf } from "../api/client.js";
import { shownError } from "../api/errors.js";
import { useCompanyId } from "../app/queries.js";
import { useT } from "../i18n/i18n.js";
import { Banner, ErrorBanner } from "../ui/Banner.js";
import { LIST_PER_PAGE, ListHead, useListParameters } from "../ui/ListPage.js";
import { Pager } from "../ui/Pager.js";
import { useArrival } from "../ui/useArrival.js";

export function ContactList() {
  const t = useT();
  const companyId = useCompanyId();
  const { text, page, change } = useListParameters();
  const deleted = useArrival() === "deleted";
  const contacts = useQuery({
    queryKey: ["contacts", companyId, "list", text, page],
    queryFn: async () => {
      const result = await api.GET("/api/v1/companies/{company_id}/contacts", {
        params: {
          path: { company_id: companyId },
          query: { page, per_page: LIST_PER_PAGE, ...(text === "" ? {} : { "search[q]": text }) },
        },
      });
      const data = await unwrap(result);
      return { items: data.contacts, total: totalOf(result.response, data.contacts.length) };
    },
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <ListHead
        title={t("contacts.title")}
        newLabel={t("contacts.new")}
        newPath={`/${companyId}/contacts/new`}
        searchLabel={t("contacts.search")}
        text={text}
        onText={(value) => change("q", value)}
      />
      {deleted && <Banner kind="ok">{t("contactPage.deleted")}</Banner>}
      {contacts.isError && <ErrorBanner error={shownError(contacts.error)} retry={() => void contacts.refetch()} />}
      {contacts.isPending && <p className="loading">{t("app.loading")}</p>}
      {contacts.data?.items.length === 0 && <p>{t("contacts.empty")}</p>}
      {contacts.data !== undefined && contacts.data.items.length > 0 && (
        <table className="list">
          <thead>
            <tr>
              <th scope="col">{t("contact.name")}</th>
              <th scope="col" className="wide-only">
                {t("contact.number")}
              </th>
              <th scope="col">{t("contact.city")}</th>
              <th scope="col" className="wide-only">
                {t("contact.email")}
              </th>
            </tr>
          </thead>
          <tbody>
            {contacts.data.items.map((contact) => (
              <tr key={contact.id}>
                <td>
                  <Link to={`/${companyId}/contacts/${contact.id}`}>{contact.name}</Link>
                </td>
                <td className="wide-only">{contact.contact_number}</td>
                <td>{contact.city}</td>
                <td className="wide-only">{contact.contact_person_email_address}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {contacts.data !== undefined && (
        <Pager
          page={page}
          perPage={LIST_PER_PAGE}
          total={contacts.data.total}
          onPage={(next) => change("page", String(next))}
        />
      )}
    </>
  );
}
