/**
 * Test harness for the attachment endpoints: the real app plus attachment routes hung off rides
 * and hours, so the registration is tested on its own, exactly as every parent document uses it.
 * Hours play a parent that refuses changes while its description is "locked". Test code only.
 */
import type { FastifyInstance } from "fastify";
import { expect, inject } from "vitest";
import { buildApp } from "../../src/app.js";
import { openDatabase } from "../../src/db/connection.js";
import { registerAttachmentRoutes } from "../../src/modules/attachments/routes.js";
import { showHour } from "../../src/modules/hours/service.js";
import { showRide } from "../../src/modules/rides/service.js";
import type { ServiceDeps } from "../../src/platform/deps.js";
import { invalid } from "../../src/platform/errors.js";
import { json, newCompany, request, type TestCompany } from "./app.js";

export type AttachmentObject = {
  id: number;
  attachment: string;
  attachment_file_name: string;
  attachment_content_type: string;
  attachment_file_size: number;
};

export interface AttachmentTestApp {
  app: FastifyInstance;
  deps: ServiceDeps;
  /** owns `rideId` */
  company: TestCompany;
  rideId: number;
  newRide: (owner: TestCompany) => Promise<number>;
  filesUrl: (owner: TestCompany, ride: number, suffix?: string) => string;
  /** POSTs a file (bytes, or a string sent as the base64 text itself) */
  upload: (bytes: Buffer | string, fileName: unknown, ride?: number, owner?: TestCompany) => ReturnType<typeof request>;
  /** uploads and expects 200 */
  uploaded: (bytes: Buffer, fileName: string, ride?: number, owner?: TestCompany) => Promise<AttachmentObject>;
  close: () => Promise<void>;
}

export async function buildAttachmentTestApp(): Promise<AttachmentTestApp> {
  const handle = openDatabase(inject("databaseUrl"));
  const deps: ServiceDeps = { db: handle.db, now: () => new Date("2024-03-02T10:00:00Z") };
  const app = buildApp(deps, { logger: false });
  registerAttachmentRoutes(app, deps, {
    pathSegment: "rides",
    idParam: "ride_id",
    documentType: "ride",
    resource: "ride",
    scope: "manage:rides",
    findParent: async (parentDeps, owner, id) => {
      await showRide(parentDeps, owner, id);
    },
  });
  registerAttachmentRoutes(app, deps, {
    pathSegment: "hours",
    idParam: "hour_id",
    documentType: "hour",
    resource: "hour",
    scope: "manage:hours",
    findParent: async (parentDeps, owner, id, purpose) => {
      const hour = await showHour(parentDeps, owner, id);
      if (purpose === "change" && hour.description === "locked") {
        throw invalid("hour", [{ problem: { key: "alreadyPublished" } }]);
      }
    },
  });
  await app.ready();

  const newRide = async (owner: TestCompany): Promise<number> => {
    const response = await request(app, "POST", `/api/v1/companies/${owner.companyId}/rides`, owner.token, {
      ride: { km_start: 0, km_end: 10, date: "2024-03-02" },
    });
    expect(response.statusCode).toBe(201);
    return json<{ ride: { id: number } }>(response).ride.id;
  };
  const company = await newCompany(deps);
  const rideId = await newRide(company);
  const filesUrl = (owner: TestCompany, ride: number, suffix = "") =>
    `/api/v1/companies/${owner.companyId}/rides/${ride}/attachments${suffix}`;
  const upload = (bytes: Buffer | string, fileName: unknown, ride = rideId, owner = company) =>
    request(app, "POST", filesUrl(owner, ride), owner.token, {
      attachment_object: {
        attachment: typeof bytes === "string" ? bytes : bytes.toString("base64"),
        attachment_file_name: fileName,
      },
    });
  const uploaded = async (bytes: Buffer, fileName: string, ride = rideId, owner = company) => {
    const response = await upload(bytes, fileName, ride, owner);
    expect(response.statusCode, response.body).toBe(200);
    return json<{ attachment_object: AttachmentObject }>(response).attachment_object;
  };
  const close = async () => {
    await app.close();
    await handle.close();
  };
  return { app, deps, company, rideId, newRide, filesUrl, upload, uploaded, close };
}
