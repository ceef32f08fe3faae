/**
 * One page of a list: the rows plus the total, and the `X-Page` / `X-Per-Page` / `X-Total`
 * headers every list response carries.
 */
import type { FastifyReply } from "fastify";
import type { Paging } from "./params.js";

export interface Page<Item> {
  items: Item[];
  total: number;
  paging: Paging;
}

export function pageOffset(paging: Paging): number {
  return (paging.page - 1) * paging.perPage;
}

export const PAGING_HEADERS = ["x-page", "x-per-page", "x-total"] as const;

export function setPagingHeaders(reply: FastifyReply, page: Page<unknown>): void {
  const [pageHeader, perPageHeader, totalHeader] = PAGING_HEADERS;
  reply.header(pageHeader, String(page.paging.page));
  reply.header(perPageHeader, String(page.paging.perPage));
  reply.header(totalHeader, String(page.total));
}
