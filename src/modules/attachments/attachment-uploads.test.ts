/**
 * Uploads the attachment endpoints refuse: 400 for the payload's shape, 422 naming every
 * invalid attribute, the 10 MiB file limit answered by our 422, and 413 only beyond the
 * upload route's own body limit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorOf, request, type TestCompany } from "../../../test/support/app.js";
import { type AttachmentTestApp, buildAttachmentTestApp } from "../../../test/support/attachments.js";
import { ATTACHMENT_MAX_BYTES, uploadBodyLimit } from "./rules.js";

let harness: AttachmentTestApp;
let app: AttachmentTestApp["app"];
let company: TestCompany;
let rideId: number;
const filesUrl = (owner: TestCompany, ride: number, suffix = "") => harness.filesUrl(owner, ride, suffix);
const upload = (...args: Parameters<AttachmentTestApp["upload"]>) => harness.upload(...args);
const uploaded = (...args: Parameters<AttachmentTestApp["uploaded"]>) => harness.uploaded(...args);

beforeAll(async () => {
  harness = await buildAttachmentTestApp();
  ({ app, company, rideId } = harness);
});
afterAll(() => harness.close());

describe("refused uploads", () => {
  it("answers 400 when the wrapper is missing or empty", async () => {
    for (const body of [{}, { attachment: "eA==" }, { attachment_object: {} }, { attachment_object: null }]) {
      const response = await request(app, "POST", filesUrl(company, rideId), company.token, body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).type).toBe("client.parameters.missing_parameter");
    }
    const noBody = await request(app, "POST", filesUrl(company, rideId), company.token);
    expect(errorOf(noBody).type).toBe("client.parameters.missing_parameter");
  });

  it("answers 400 naming each unpermitted key", async () => {
    const response = await request(app, "POST", filesUrl(company, rideId), company.token, {
      attachment_object: { attachment: "eA==", attachment_file_name: "x.txt", content: "y", path: "/etc" },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      type: "client.parameters.unpermitted_parameters",
      message: expect.stringMatching(/content, path/),
    });
  });

  it.each([
    [
      "characters outside the base64 alphabet",
      { attachment: "aGVs*bG8=", attachment_file_name: "x.txt" },
      /attachment is not valid base64/,
    ],
    ["URL-safe base64", { attachment: "-_-_", attachment_file_name: "x.txt" }, /attachment is not valid base64/],
    ["no file", { attachment_file_name: "x.txt" }, /attachment can't be blank/],
    ["an empty file", { attachment: "", attachment_file_name: "x.txt" }, /attachment is an empty file/],
    ["an object as the file", { attachment: { a: 1 }, attachment_file_name: "x.txt" }, /attachment must be a string/],
    ["no file name", { attachment: "eA==" }, /attachment_file_name can't be blank/],
    ["a blank file name", { attachment: "eA==", attachment_file_name: "  " }, /attachment_file_name can't be blank/],
    [
      "a long file name",
      { attachment: "eA==", attachment_file_name: `${"x".repeat(252)}.pdf` },
      /attachment_file_name is too long/,
    ],
  ])("answers 422 for %s", async (_case, fields, message) => {
    const response = await request(app, "POST", filesUrl(company, rideId), company.token, {
      attachment_object: fields,
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toEqual({
      type: "client.parameters.validation",
      message: expect.stringMatching(message),
    });
  });

  it("names every invalid attribute in one 422", async () => {
    const response = await upload("not base64!", null);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toMatch(/attachment is not valid base64; attachment_file_name can't be blank/);
  });

  // two 10 MiB bodies through JSON and base64: 5 s alone, and up to 40 s with the whole suite and
  // its browsers on two cores, past the default 30 s
  it("takes a file of exactly the limit and refuses one byte more with a 422", { timeout: 120_000 }, async () => {
    const atLimit = Buffer.alloc(ATTACHMENT_MAX_BYTES, 0x41);
    atLimit.write("%PDF-1.7\n");
    const object = await uploaded(atLimit, "groot.pdf");
    expect(object).toMatchObject({
      attachment_content_type: "application/pdf",
      attachment_file_size: ATTACHMENT_MAX_BYTES,
    });
    const download = await request(app, "GET", object.attachment, company.token);
    expect(Buffer.compare(download.rawPayload, atLimit)).toBe(0);

    const response = await upload(Buffer.alloc(ATTACHMENT_MAX_BYTES + 1), "te-groot.pdf");
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toEqual({
      type: "client.parameters.validation",
      message: expect.stringMatching(/attachment is too large .*at most 10485760 bytes, 10 MiB/),
    });
  });

  it("answers 413 beyond the upload body limit, and other routes keep the 1 MiB limit", async () => {
    const response = await upload("A".repeat(uploadBodyLimit()), "x.bin");
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).type).toBe("client.parameters.invalid_parameter_value");
    const ride = await request(app, "POST", `/api/v1/companies/${company.companyId}/rides`, company.token, {
      ride: { date: "2024-03-02", departure_address: "x".repeat(1024 * 1024) },
    });
    expect(ride.statusCode).toBe(413);
  });
});
