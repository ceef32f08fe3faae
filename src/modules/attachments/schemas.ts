/**
 * Wire shapes of an attachment, field order as the reference. `attachment` is write
 * only as base64 on input; on output the same key carries the download path, as the reference
 * server answers.
 */
import { Type } from "@sinclair/typebox";
import { Filled, Nullable, ResponseObject } from "../../platform/fields.js";

export const AttachmentObjectSchema = ResponseObject({
  id: Filled.integer(),
  attachment: Filled.string({ description: "Where to download the file: a path on this server" }),
  attachment_file_name: Filled.string(),
  attachment_content_type: Filled.string(),
  attachment_file_size: Filled.integer(),
});

export const AttachmentObjectResponse = Type.Object({ attachment_object: AttachmentObjectSchema });
export const AttachmentObjectListResponse = Type.Object({ attachment_objects: Type.Array(AttachmentObjectSchema) });

// No maxLength here: the name is measured after its directories are stripped (rules.ts).
export const AttachmentAttributes = Type.Object({
  attachment: Nullable.string(),
  attachment_file_name: Nullable.string(),
});

export const AttachmentPayload = {
  wrapper: "attachment_object",
  schema: AttachmentAttributes,
  readOnly: ["id", "attachment_content_type", "attachment_file_size"],
} as const;
