/** The company's products, searched by the API's search[q], a page at a time. */
import { unwrap } from "@kasboek/client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { api, totalOf } from "../api/client.js";
import { shownError } from "../api/errors.js";
import { useCompanyId } from "../app/queries.js";
import { formatAmount } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { Banner, ErrorBanner } from "../ui/Banner.js";
import { LIST_PER_PAGE, ListHead, useListParameters } from "../ui/ListPage.js";
import { Pager } from "../ui/Pager.js";
import { useArrival } from "../ui/useArrival.js";

export function ProductList() {
  const t = useT();
  const companyId = useCompanyId();
  const { text, page, change } = useListParameters();
  const deleted = useArrival() === "deleted";
  const products = useQuery({
    queryKey: ["products", companyId, "list", text, page],
    queryFn: async () => {
      const result = await api.GET("/api/v1/companies/{company_id}/products", {
        params: {
          path: { company_id: companyId },
          query: { page, per_page: LIST_PER_PAGE, ...(text === "" ? {} : { "search[q]": text }) },
        },
      });
      const data = await unwrap(result);
      return { items: data.products, total: totalOf(result.response, data.products.length) };
    },
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <ListHead
        title={t("products.title")}
        newLabel={t("products.new")}
        newPath={`/${companyId}/products/new`}
        searchLabel={t("products.search")}
        text={text}
        onText={(value) => change("q", value)}
      />
      {deleted && <Banner kind="ok">{t("productPage.deleted")}</Banner>}
      {products.isError && <ErrorBanner error={shownError(products.error)} retry={() => void products.refetch()} />}
      {products.isPending && <p className="loading">{t("app.loading")}</p>}
      {products.data?.items.length === 0 && <p>{t("products.empty")}</p>}
      {products.data !== undefined && products.data.items.length > 0 && (
        <table className="list">
          <thead>
            <tr>
              <th scope="col" className="wide-only">
                {t("product.code")}
              </th>
              <th scope="col">{t("product.description")}</th>
              <th scope="col" className="amount">
                {t("product.price")}
              </th>
              <th scope="col" className="amount wide-only">
                {t("product.priceWithVat")}
              </th>
            </tr>
          </thead>
          <tbody>
            {products.data.items.map((product) => (
              <tr key={product.id}>
                <td className="wide-only">{product.invoice_line.product_code}</td>
                <td>
                  <Link to={`/${companyId}/products/${product.id}`}>{product.invoice_line.description}</Link>
                </td>
                <td className="amount">{formatAmount(product.invoice_line.price_per_unit)}</td>
                <td className="amount wide-only">{formatAmount(product.invoice_line.price_with_vat)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {products.data !== undefined && (
        <Pager
          page={page}
          perPage={LIST_PER_PAGE}
          total={products.data.total}
          onPage={(next) => change("page", String(next))}
        />
      )}
    </>
  );
}
