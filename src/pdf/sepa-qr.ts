/**
 * The SEPA credit-transfer QR code of an invoice (EPC069-12 version 002, "GiroCode"), which Dutch
 * and other European banking apps scan to fill in a transfer. Pure code.
 *
 * Invariants: the payload is the standard's lines in order, separated by LF (service tag BCD,
 * version 002, character set 1 = UTF-8, SCT, BIC, name, IBAN, `EUR` amount, purpose, the
 * structured reference), and there is none — null — when the standard cannot carry the transfer:
 * no positive amount, more than 999,999,999.99 euros, or no IBAN. The name is cut at the
 * standard's 70 characters; the reference goes in the structured field only.
 */
import { centsToDecimal } from "../platform/money.js";

const MAX_AMOUNT_CENTS = 99_999_999_999;
const MAX_NAME_LENGTH = 70;

export interface TransferRequest {
  iban: string;
  bic: string | null;
  name: string;
  amountCents: number;
  /** an ISO 11649 RF reference */
  reference: string | null;
}

export function epcPayload(request: TransferRequest): string | null {
  const iban = request.iban.replace(/\s+/g, "").toUpperCase();
  if (iban === "" || request.amountCents <= 0 || request.amountCents > MAX_AMOUNT_CENTS) return null;
  const [whole, fraction = "0"] = centsToDecimal(request.amountCents).split(".");
  return [
    "BCD",
    "002",
    "1",
    "SCT",
    (request.bic ?? "").replace(/\s+/g, "").toUpperCase(),
    [...request.name.trim()].slice(0, MAX_NAME_LENGTH).join(""),
    iban,
    `EUR${whole}.${fraction.padEnd(2, "0")}`,
    "",
    request.reference ?? "",
  ].join("\n");
}
