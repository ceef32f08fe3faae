/**
 * One registration of the attachment endpoints for any parent document, so sales invoices and
 * expenses behave identically; app.ts registers them once per parent (its `AttachmentParent`).
 * Every route first asks the parent whether the document is the company's (404 otherwise), before
 * the attachment is looked up or the upload read, so nothing about another company's files leaks;
 * ids that are no ids and a body of the wrong shape are refused before that, by the schemas. Uploads get their own body limit: a 10 MiB file is ~13.4 MiB of
 * base64, and the size rule must be answered by our 422, with the platform's 413 only beyond it.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { access, requireCompany } from "../../platform/access.js";
import { RESOURCE_NAMES } from "../../platform/catalogue/en.js";
import type { Resource } from "../../platform/catalogue/keys.js";
import type { ServiceDeps } from "../../platform/deps.js";
import { PAGED_LIST } from "../../platform/list-query.js";
import { setPagingHeaders } from "../../platform/paging.js";
import { idParams, pathId } from "../../platform/params.js";
import type { Query } from "../../platform/query-string.js";
import { payloadBody } from "../../platform/route-docs.js";
import { contentDisposition, uploadBodyLimit } from "./rules.js";
import { AttachmentObjectListResponse, AttachmentObjectResponse, AttachmentPayload } from "./schemas.js";
import {
  type AttachedDocument,
  type AttachmentParent,
  deleteAttachment,
  downloadAttachment,
  listAttachments,
  type ParentPurpose,
  uploadAttachment,
} from "./service.js";

const ATTACHMENT = "attachment";

/** "salesInvoice" → "a sales invoice", "expense" → "an expense" (for the reference's summaries) */
function article(resource: Resource): string {
  const name = RESOURCE_NAMES[resource];
  return `${/^[aeiou]/i.test(name) ? "an" : "a"} ${name.toLowerCase()}`;
}

export function registerAttachmentRoutes(app: FastifyInstance, deps: ServiceDeps, parent: AttachmentParent): void {
  const config = access(parent.scope, "company_id");
  const collection = `/api/v1/companies/:company_id/${parent.pathSegment}/:${parent.idParam}/attachments`;
  const parentIds = idParams({ [parent.idParam]: parent.resource });
  const attachmentIds = idParams({ [parent.idParam]: parent.resource, id: ATTACHMENT });

  /** The company and its parent document, checked for `purpose`. */
  async function documentOf(request: FastifyRequest, purpose: ParentPurpose) {
    const company = requireCompany(request);
    const parentId = pathId(request, parent.idParam);
    await parent.findParent(deps, company, parentId, purpose);
    const document: AttachedDocument = {
      type: parent.documentType,
      id: parentId,
      path: `/api/v1/companies/${company.companyId}/${parent.pathSegment}/${parentId}`,
    };
    const guard = (transactionDeps: ServiceDeps) => parent.findParent(transactionDeps, company, parentId, purpose);
    return { company, document, guard };
  }

  app.post(
    collection,
    {
      config,
      bodyLimit: uploadBodyLimit(),
      schema: {
        params: parentIds,
        summary: `Upload an attachment to ${article(parent.resource)}`,
        body: payloadBody(AttachmentPayload),
        response: { 200: AttachmentObjectResponse },
      },
    },
    async (request) => {
      const { company, document, guard } = await documentOf(request, "change");
      return { attachment_object: await uploadAttachment(deps, company, document, request.body, guard) };
    },
  );

  app.get(
    collection,
    {
      config,
      schema: { params: parentIds, querystring: PAGED_LIST.schema, response: { 200: AttachmentObjectListResponse } },
    },
    async (request, reply) => {
      const { company, document } = await documentOf(request, "read");
      const page = await listAttachments(deps, company, document, PAGED_LIST.read(request.query as Query).paging);
      setPagingHeaders(reply, page);
      return { attachment_objects: page.items };
    },
  );

  app.get(
    `${collection}/:id`,
    {
      config,
      schema: {
        params: attachmentIds,
        summary: `Download an attachment of ${article(parent.resource)}`,
        file: { contentType: "*/*", description: "The file, with the Content-Type it was uploaded with" },
      },
    },
    async (request, reply) => {
      const { company, document } = await documentOf(request, "read");
      const file = await downloadAttachment(deps, company, document, pathId(request));
      return reply
        .header("content-type", file.content_type)
        .header("content-disposition", contentDisposition(file.file_name))
        .header("content-length", String(file.content.length))
        .header("x-content-type-options", "nosniff")
        .send(file.content);
    },
  );

  app.delete(`${collection}/:id`, { config, schema: { params: attachmentIds } }, async (request, reply) => {
    const { company, document, guard } = await documentOf(request, "change");
    await deleteAttachment(deps, company, document, pathId(request), guard);
    return reply.code(204).send();
  });
}
