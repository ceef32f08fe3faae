/**
 * Receipts on an expense: the shared attachment routes under `/expenses/{expense_id}/attachments`,
 * on concepts and published expenses alike, and never on another company's expense.
 */
import { describe, expect, it } from "vitest";
import { errorOf, json, newCompany, request } from "../../../test/support/app.js";
import { useExpenseTests } from "../../../test/support/expenses.js";

const tests = useExpenseTests();
/** the start of a PNG: the content type comes from the bytes, not from the name */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);

type AttachmentObject = Record<string, unknown> & { id: number; attachment: string };

const attachmentsUrl = (expenseId: number, suffix = "") =>
  tests.url(tests.company, `/${expenseId}/attachments${suffix}`);

async function upload(expenseId: number, bytes: Buffer, fileName: string) {
  return request(tests.harness.app, "POST", attachmentsUrl(expenseId), tests.company.token, {
    attachment_object: { attachment: bytes.toString("base64"), attachment_file_name: fileName },
  });
}

describe("attachments of an expense", () => {
  it("uploads, lists, downloads and deletes a receipt", async () => {
    const expense = await tests.create({ invoice_lines: [{ price_per_unit: 10 }] });
    const uploaded = await upload(expense.id, PNG, "bon.png");
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const attachment = json<{ attachment_object: AttachmentObject }>(uploaded).attachment_object;
    expect(attachment).toEqual({
      id: expect.any(Number),
      attachment: attachmentsUrl(expense.id, `/${attachment.id}`),
      attachment_file_name: "bon.png",
      attachment_content_type: "image/png",
      attachment_file_size: PNG.length,
    });

    const listed = await request(tests.harness.app, "GET", attachmentsUrl(expense.id), tests.company.token);
    expect(listed.statusCode).toBe(200);
    expect(listed.headers["x-total"]).toBe("1");
    expect(json<{ attachment_objects: AttachmentObject[] }>(listed).attachment_objects).toEqual([attachment]);

    const download = await request(tests.harness.app, "GET", attachment.attachment, tests.company.token);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("image/png");
    expect(Buffer.compare(download.rawPayload, PNG)).toBe(0);

    const deleted = await request(tests.harness.app, "DELETE", attachment.attachment, tests.company.token);
    expect(deleted.statusCode).toBe(204);
    const gone = await request(tests.harness.app, "GET", attachment.attachment, tests.company.token);
    expect(errorOf(gone).type).toBe("client.not_found.resource");
  });

  it("takes receipts on a published expense too, and leaves the expense unchanged", async () => {
    const expense = await tests.create({ state: "published", invoice_lines: [{ price_per_unit: 10 }] });
    const uploaded = await upload(expense.id, Buffer.from("%PDF-1.4\n%%EOF\n"), "factuur.pdf");
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(json<{ attachment_object: AttachmentObject }>(uploaded).attachment_object.attachment_content_type).toBe(
      "application/pdf",
    );
    expect(await tests.show(expense.id)).toEqual(expense);
  });

  it("answers 404 for another company's expense and for an attachment of another expense", async () => {
    const other = await newCompany(tests.harness.deps);
    const theirs = await tests.create({}, other);
    const refused = await upload(theirs.id, PNG, "x.png");
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused)).toEqual({ type: "client.not_found.resource", message: "Expense not found" });

    const first = await tests.create({});
    const second = await tests.create({});
    const attachment = json<{ attachment_object: AttachmentObject }>(
      await upload(first.id, PNG, "a.png"),
    ).attachment_object;
    const elsewhere = await request(
      tests.harness.app,
      "GET",
      attachmentsUrl(second.id, `/${attachment.id}`),
      tests.company.token,
    );
    expect(elsewhere.statusCode).toBe(404);
  });
});
