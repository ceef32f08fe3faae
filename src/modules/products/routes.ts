import type { FastifyInstance } from "fastify";
import { access, requireCompany } from "../../platform/access.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { listQuery } from "../../platform/list-query.js";
import { setPagingHeaders } from "../../platform/paging.js";
import { idParams, pathId } from "../../platform/params.js";
import type { Query } from "../../platform/query-string.js";
import { payloadBody } from "../../platform/route-docs.js";
import { PRODUCT_SELECTIONS, ProductListResponse, ProductPayload, ProductResponse } from "./schemas.js";
import {
  createProduct,
  deleteCompanyProduct,
  listCompanyProducts,
  showProduct,
  updateCompanyProduct,
} from "./service.js";

const PRODUCT_ID = idParams({ id: "product" });

const products = access("manage:products", "company_id");

const PRODUCT_QUERY = listQuery({
  selections: PRODUCT_SELECTIONS,
  search: {
    q: { kind: "text", description: "Text in the description or product code" },
    product_codes: { kind: "text-list", description: "Only these product codes" },
  },
});

export function registerProductRoutes(app: FastifyInstance, deps: ServiceDeps): void {
  app.get(
    "/api/v1/companies/:company_id/products",
    {
      config: products,
      schema: {
        querystring: PRODUCT_QUERY.schema,
        response: { 200: ProductListResponse },
      },
    },
    async (request, reply) => {
      const { search, paging } = PRODUCT_QUERY.read(request.query as Query);
      const filter = { query: search.q, productCodes: search.product_codes };
      const page = await listCompanyProducts(deps, requireCompany(request), filter, paging);
      setPagingHeaders(reply, page);
      return { products: page.items };
    },
  );

  app.post(
    "/api/v1/companies/:company_id/products",
    {
      config: products,
      schema: {
        errors: ["client.subscription_limit_reached"],
        body: payloadBody(ProductPayload, {
          has_stock: false,
          invoice_line: { description: "Advies per uur", price_per_unit: "95.00", product_code: "ADVIES-UUR" },
        }),
        response: { 201: ProductResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ product: await createProduct(deps, requireCompany(request), request.body) }),
  );

  app.get(
    "/api/v1/companies/:company_id/products/:id",
    { config: products, schema: { params: PRODUCT_ID, response: { 200: ProductResponse } } },
    async (request) => ({
      product: await showProduct(deps, requireCompany(request), pathId(request)),
    }),
  );

  app.patch(
    "/api/v1/companies/:company_id/products/:id",
    {
      config: products,
      schema: { params: PRODUCT_ID, body: payloadBody(ProductPayload), response: { 200: ProductResponse } },
    },
    async (request) => ({
      product: await updateCompanyProduct(deps, requireCompany(request), pathId(request), request.body),
    }),
  );

  app.delete(
    "/api/v1/companies/:company_id/products/:id",
    { config: products, schema: { params: PRODUCT_ID } },
    async (request, reply) => {
      await deleteCompanyProduct(deps, requireCompany(request), pathId(request));
      return reply.code(204).send();
    },
  );
}
