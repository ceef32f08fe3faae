/**
 * Creating, editing and deleting a product (a priced invoice line kept for reuse; an invoice
 * copies the line, so deleting the product changes no invoice).
 */
import { type Schema, unwrap } from "@kasboek/client";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useParams } from "react-router";
import { api } from "../api/client.js";
import { useCompanyId, useVatTypes } from "../app/queries.js";
import { decimalForInput, formatAmount, parseDecimalInput } from "../format.js";
import { useT } from "../i18n/i18n.js";
import { Banner, FormError, QueryPending } from "../ui/Banner.js";
import { ConfirmDelete } from "../ui/ConfirmDelete.js";
import { Field } from "../ui/Field.js";
import { useArrival } from "../ui/useArrival.js";
import { useSaveForm } from "../ui/useSaveForm.js";

type Product = Schema<"Product">;

export function ProductEditor() {
  const t = useT();
  const companyId = useCompanyId();
  const productId = Number(useParams().productId ?? "");
  const creating = !(productId > 0);
  const product = useQuery({
    queryKey: ["product", companyId, productId],
    queryFn: async () =>
      (
        await unwrap(
          api.GET("/api/v1/companies/{company_id}/products/{id}", {
            params: { path: { company_id: companyId, id: productId } },
          }),
        )
      ).product,
    enabled: !creating,
  });
  if (creating) return <ProductForm key="new" companyId={companyId} product={null} />;
  if (product.isError || product.data === undefined) return <QueryPending query={product} />;
  return (
    <>
      <ProductForm key={productId} companyId={companyId} product={product.data} />
      <ConfirmDelete
        label={t("productPage.delete")}
        question={t("productPage.deleteConfirm", { name: product.data.invoice_line.description ?? "" })}
        remove={() =>
          unwrap(
            api.DELETE("/api/v1/companies/{company_id}/products/{id}", {
              params: { path: { company_id: companyId, id: productId } },
            }),
          )
        }
        recordKey={["product", companyId, productId]}
        listKey={["products", companyId]}
        listPath={`/${companyId}/products`}
      />
    </>
  );
}

function ProductForm({ companyId, product }: { companyId: number; product: Product | null }) {
  const t = useT();
  const arrival = useArrival();
  const vatTypes = useVatTypes(companyId);
  const line = product?.invoice_line;
  const [code, setCode] = useState(line?.product_code ?? "");
  const [description, setDescription] = useState(line?.description ?? "");
  const [price, setPrice] = useState(decimalForInput(line?.price_per_unit, 2));
  const [vatTypeId, setVatTypeId] = useState<number | null>(line?.vat_type_id ?? null);
  const { mutation, error } = useSaveForm({
    resource: "product",
    companyId,
    itemId: product?.id ?? null,
    path: "products",
    save: async () => {
      const body = {
        product: {
          invoice_line: {
            product_code: code,
            description,
            price_per_unit: price.trim() === "" ? null : (parseDecimalInput(price) ?? price),
            ...(vatTypeId === null ? {} : { vat_type_id: vatTypeId }),
          },
        },
      };
      const answer =
        product?.id == null
          ? await unwrap(
              api.POST("/api/v1/companies/{company_id}/products", {
                params: { path: { company_id: companyId } },
                body,
              }),
            )
          : await unwrap(
              api.PATCH("/api/v1/companies/{company_id}/products/{id}", {
                params: { path: { company_id: companyId, id: product.id } },
                body,
              }),
            );
      return answer.product;
    },
  });
  const problem = (name: string) => error?.fields[`invoice_line.${name}`] ?? error?.fields[name];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate();
  };
  const saved = mutation.isSuccess || (arrival === "saved" && mutation.isIdle);
  return (
    <form className="resource-form" onSubmit={submit} noValidate>
      <h1>{product === null ? t("product.newTitle") : t("product.title", { name: line?.description ?? "" })}</h1>
      {saved && <Banner kind="ok">{t("saved")}</Banner>}
      <FormError error={error} retry={() => mutation.mutate()} />
      <div className="grid">
        <Field label={t("product.description")} problem={problem("description")}>
          <input type="text" value={description} onChange={(event) => setDescription(event.target.value)} />
        </Field>
        <Field label={t("product.code")} problem={problem("product_code")}>
          <input type="text" value={code} onChange={(event) => setCode(event.target.value)} />
        </Field>
        <Field label={t("product.price")} problem={problem("price_per_unit")}>
          <input type="text" inputMode="decimal" value={price} onChange={(event) => setPrice(event.target.value)} />
        </Field>
        <Field label={t("product.vatType")} problem={problem("vat_type_id")}>
          <select
            value={vatTypeId ?? vatTypes.data?.find((vatType) => vatType.name === "vat_high")?.id ?? ""}
            onChange={(event) => setVatTypeId(Number(event.target.value))}
          >
            {vatTypes.data
              ?.filter((vatType) => vatType.name !== "vat_custom" || vatType.id === vatTypeId)
              .map((vatType) => (
                <option key={vatType.id} value={vatType.id ?? ""}>
                  {vatType.name === null ? vatType.friendly_name : t(`vat.${vatType.name}`)}
                </option>
              ))}
          </select>
        </Field>
      </div>
      {line !== undefined && (
        <p>
          {t("product.priceWithVat")}: <strong>{formatAmount(line.price_with_vat)}</strong>
        </p>
      )}
      <div className="actions">
        <button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? t("action.saving") : t("action.save")}
        </button>
      </div>
    </form>
  );
}
