/**
 * The attachment endpoints through HTTP on the run's database: the round trip, sniffed types,
 * paging, deletion, and whose file it is. Refused uploads are in attachment-uploads.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorOf, json, newCompany, request, type TestCompany, tokenFor } from "../../../test/support/app.js";
import {
  type AttachmentObject,
  type AttachmentTestApp,
  buildAttachmentTestApp,
} from "../../../test/support/attachments.js";
import type { ServiceDeps } from "../../platform/deps.js";

let harness: AttachmentTestApp;
let app: AttachmentTestApp["app"];
let deps: ServiceDeps;
let company: TestCompany;
let rideId: number;
const newRide = (owner: TestCompany) => harness.newRide(owner);
const filesUrl = (owner: TestCompany, ride: number, suffix = "") => harness.filesUrl(owner, ride, suffix);
const upload = (...args: Parameters<AttachmentTestApp["upload"]>) => harness.upload(...args);
const uploaded = (...args: Parameters<AttachmentTestApp["uploaded"]>) => harness.uploaded(...args);

beforeAll(async () => {
  harness = await buildAttachmentTestApp();
  ({ app, deps, company, rideId } = harness);
});
afterAll(() => harness.close());

const pdfBytes = Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n", "latin1");

describe("uploading, listing, downloading and deleting", () => {
  it("stores a file, sniffing its type from the bytes, and answers in the reference's shape", async () => {
    const ride = await newRide(company);
    const response = await upload(pdfBytes, "bon.png", ride);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    const body = json<{ attachment_object: AttachmentObject }>(response);
    expect(Object.keys(body.attachment_object)).toEqual([
      "id",
      "attachment",
      "attachment_file_name",
      "attachment_content_type",
      "attachment_file_size",
    ]);
    const id = body.attachment_object.id;
    expect(body.attachment_object).toEqual({
      id,
      attachment: filesUrl(company, ride, `/${id}`),
      attachment_file_name: "bon.png",
      attachment_content_type: "application/pdf",
      attachment_file_size: pdfBytes.length,
    });

    const list = await request(app, "GET", filesUrl(company, ride), company.token);
    expect(list.statusCode).toBe(200);
    expect(json(list)).toEqual({ attachment_objects: [body.attachment_object] });
    expect(list.headers).toMatchObject({ "x-page": "1", "x-per-page": "40", "x-total": "1" });

    const download = await request(app, "GET", body.attachment_object.attachment, company.token);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-length"]).toBe(String(pdfBytes.length));
    expect(download.headers["content-disposition"]).toBe(`attachment; filename="bon.png"; filename*=UTF-8''bon.png`);
    expect(download.headers["x-content-type-options"]).toBe("nosniff");
    expect(Buffer.compare(download.rawPayload, pdfBytes)).toBe(0);
  });

  it("calls 7 unknown bytes named file_name.pdf application/octet-stream, as the reference does", async () => {
    const bytes = Buffer.from([0x00, 0xff, 0x10, 0xa3, 0xc4, 0xe5, 0xf6]);
    const object = await uploaded(bytes, "file_name.pdf");
    expect(object).toMatchObject({
      attachment_file_name: "file_name.pdf",
      attachment_content_type: "application/octet-stream",
      attachment_file_size: 7,
    });
    const download = await request(app, "GET", object.attachment, company.token);
    expect(download.headers["content-type"]).toBe("application/octet-stream");
    expect(Buffer.compare(download.rawPayload, bytes)).toBe(0);
  });

  it("round-trips every byte value and a UTF-8 name without its directories", async () => {
    const bytes = Buffer.from(Array.from({ length: 512 }, (_value, index) => index % 256));
    const object = await uploaded(bytes, "C:\\scans\\maart/bon €5 'één'.bin");
    expect(object.attachment_file_name).toBe("bon €5 'één'.bin");
    const download = await request(app, "GET", `${object.attachment}.json`, company.token);
    expect(Buffer.compare(download.rawPayload, bytes)).toBe(0);
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="bon _5 '__n'.bin"; filename*=UTF-8''bon%20%E2%82%AC5%20%27%C3%A9%C3%A9n%27.bin`,
    );
  });

  it("serves text as text/plain without adding a charset", async () => {
    const object = await uploaded(Buffer.from("datum;bedrag\n2024-03-01;12,50\n"), "export.csv");
    const download = await request(app, "GET", object.attachment, company.token);
    expect(download.headers["content-type"]).toBe("text/plain");
  });

  it("pages the list, oldest first, and ignores read-only keys sent back", async () => {
    const ride = await newRide(company);
    const first = await uploaded(Buffer.from("one"), "1.txt", ride);
    const echoed = await request(app, "POST", filesUrl(company, ride), company.token, {
      attachment_object: { ...first, attachment: Buffer.from("two").toString("base64"), attachment_file_name: "2.txt" },
    });
    expect(echoed.statusCode, echoed.body).toBe(200);
    const second = json<{ attachment_object: AttachmentObject }>(echoed).attachment_object;
    expect(second.id).not.toBe(first.id);
    const page = await request(app, "GET", filesUrl(company, ride, "?per_page=1&page=2"), company.token);
    expect(json(page)).toEqual({ attachment_objects: [second] });
    expect(page.headers).toMatchObject({ "x-page": "2", "x-per-page": "1", "x-total": "2" });
    const bad = await request(app, "GET", filesUrl(company, ride, "?per_page=101"), company.token);
    expect(errorOf(bad).type).toBe("client.parameters.invalid_parameter_value");
  });

  it("deletes with 204 and an empty body; the file is then gone", async () => {
    const object = await uploaded(Buffer.from("weg"), "weg.txt");
    const deleted = await request(app, "DELETE", object.attachment, company.token);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe("");
    for (const method of ["GET", "DELETE"] as const) {
      const again = await request(app, method, object.attachment, company.token);
      expect(again.statusCode).toBe(404);
      expect(errorOf(again).type).toBe("client.not_found.resource");
    }
  });
});

describe("whose file it is", () => {
  it("answers 404 for another company's document and file, and for a file of another document", async () => {
    const other = await newCompany(deps);
    const theirRide = await newRide(other);
    const theirs = await uploaded(Buffer.from("geheim"), "geheim.txt", theirRide, other);
    const ownRide = await newRide(company);
    const attempts = [
      request(app, "POST", filesUrl(company, theirRide), company.token, {
        attachment_object: { attachment: "eA==", attachment_file_name: "x.txt" },
      }),
      request(app, "GET", filesUrl(company, theirRide), company.token),
      request(app, "GET", filesUrl(company, theirRide, `/${theirs.id}`), company.token),
      request(app, "DELETE", filesUrl(company, theirRide, `/${theirs.id}`), company.token),
      request(app, "GET", filesUrl(company, ownRide, `/${theirs.id}`), company.token),
      request(app, "DELETE", filesUrl(company, rideId, `/${theirs.id}`), company.token),
      request(app, "GET", filesUrl(company, 999_999_999), company.token),
      request(app, "GET", `/api/v1/companies/${company.companyId}/rides/abc/attachments`, company.token),
      request(app, "GET", filesUrl(company, rideId, "/abc"), company.token),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(404);
      expect(errorOf(response).type).toBe("client.not_found.resource");
    }
    const stillThere = await request(app, "GET", theirs.attachment, other.token);
    expect(stillThere.statusCode).toBe(200);
  });

  it("answers 403 invalid_scope to a token without the parent's scope", async () => {
    const token = await tokenFor(deps, company.userId, ["manage:sales_invoices"]);
    const response = await request(app, "GET", filesUrl(company, rideId), token);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).type).toBe("client.authorization.invalid_scope");
  });

  it("lets a parent refuse changes while still showing its files", async () => {
    const hoursUrl = `/api/v1/companies/${company.companyId}/hours`;
    const created = await request(app, "POST", hoursUrl, company.token, {
      hour: { date: "2024-03-02", duration: 1, description: "open" },
    });
    const hourId = json<{ hour: { id: number } }>(created).hour.id;
    const filesOfHour = `${hoursUrl}/${hourId}/attachments`;
    const added = await request(app, "POST", filesOfHour, company.token, {
      attachment_object: { attachment: "eA==", attachment_file_name: "x.txt" },
    });
    expect(added.statusCode).toBe(200);
    const file = json<{ attachment_object: AttachmentObject }>(added).attachment_object;
    await request(app, "PATCH", `${hoursUrl}/${hourId}`, company.token, { hour: { description: "locked" } });
    const refused = [
      await request(app, "POST", filesOfHour, company.token, {
        attachment_object: { attachment: "eA==", attachment_file_name: "y.txt" },
      }),
      await request(app, "DELETE", file.attachment, company.token),
    ];
    for (const response of refused) expect(response.statusCode).toBe(422);
    expect(json(await request(app, "GET", filesOfHour, company.token))).toEqual({ attachment_objects: [file] });
    expect((await request(app, "GET", file.attachment, company.token)).statusCode).toBe(200);
  });
});
