/**
 * Bank statement files as Dutch banks write them, for the tests: CAMT.053 in the layouts of the
 * banks' format descriptions (ING and Rabobank: version 001.02 with `AmtDtls/TxAmt`, ABN AMRO:
 * 001.02 with `BookgDt/DtTm`, any bank at 001.04+ with `TxDtls/Amt` and 001.08's `Sts/Cd` and
 * `Pty/Nm`), and MT940 in ING's, Rabobank's and ABN AMRO's (structured and older free `:86:`).
 * Amounts are decimal strings, money out negative; the closing balance is computed unless given.
 */
import Big from "big.js";

export type Bank = "ing" | "rabobank" | "abnamro";

export interface BankTransaction {
  amount: string;
  bookingDate: string;
  valueDate?: string;
  name?: string;
  iban?: string;
  endToEnd?: string;
  reference?: string;
  remittance?: string;
  bankReference?: string;
  /** CAMT: one entry holding these transactions (a batch); `amount` is then ignored */
  batch?: BankTransaction[];
}

export interface BankStatement {
  iban: string;
  from: string;
  till: string;
  opening: string;
  transactions: BankTransaction[];
  closing?: string;
  currency?: string;
}

export function closingOf(statement: BankStatement): string {
  if (statement.closing !== undefined) return statement.closing;
  const amounts = statement.transactions.flatMap((transaction) =>
    transaction.batch === undefined ? [transaction.amount] : transaction.batch.map((part) => part.amount),
  );
  return amounts.reduce((sum, amount) => sum.plus(amount), new Big(statement.opening)).toFixed(2);
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const magnitude = (amount: string) => new Big(amount).abs().toFixed(2);
const indicator = (amount: string) => (new Big(amount).lt(0) ? "DBIT" : "CRDT");

function camtBalance(code: string, amount: string, date: string, currency: string): string {
  return `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="${currency}">${magnitude(amount)}</Amt><CdtDbtInd>${indicator(amount)}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;
}

function camtDetails(transaction: BankTransaction, version: number, currency: string, inBatch: boolean): string {
  const incoming = !new Big(transaction.amount).lt(0);
  const [party, account] = incoming ? ["Dbtr", "DbtrAcct"] : ["Cdtr", "CdtrAcct"];
  const name =
    transaction.name === undefined
      ? ""
      : version >= 8
        ? `<Pty><Nm>${escapeXml(transaction.name)}</Nm></Pty>`
        : `<Nm>${escapeXml(transaction.name)}</Nm>`;
  const amount =
    version >= 4
      ? `<Amt Ccy="${currency}">${magnitude(transaction.amount)}</Amt><CdtDbtInd>${indicator(transaction.amount)}</CdtDbtInd>`
      : `<AmtDtls><TxAmt><Amt Ccy="${currency}">${magnitude(transaction.amount)}</Amt></TxAmt></AmtDtls>`;
  const ownReference =
    inBatch && transaction.bankReference !== undefined ? `<AcctSvcrRef>${transaction.bankReference}</AcctSvcrRef>` : "";
  const references = `${ownReference}<EndToEndId>${escapeXml(transaction.endToEnd ?? "NOTPROVIDED")}</EndToEndId>`;
  const structured =
    transaction.reference === undefined
      ? ""
      : `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>ISO</Issr></Tp><Ref>${transaction.reference}</Ref></CdtrRefInf></Strd>`;
  const unstructured =
    transaction.remittance === undefined ? "" : `<Ustrd>${escapeXml(transaction.remittance)}</Ustrd>`;
  return [
    "<TxDtls>",
    `<Refs>${references}</Refs>`,
    amount,
    "<RltdPties>",
    `<${party}>${name}</${party}>`,
    transaction.iban === undefined ? "" : `<${account}><Id><IBAN>${transaction.iban}</IBAN></Id></${account}>`,
    "</RltdPties>",
    `<RmtInf>${unstructured}${structured}</RmtInf>`,
    "</TxDtls>",
  ].join("");
}

function camtEntry(transaction: BankTransaction, bank: Bank, version: number, currency: string): string {
  const parts = transaction.batch ?? [transaction];
  const total = parts.reduce((sum, part) => sum.plus(part.amount), new Big(0)).toFixed(2);
  const booking =
    bank === "abnamro"
      ? `<DtTm>${transaction.bookingDate}T00:00:00.000+01:00</DtTm>`
      : `<Dt>${transaction.bookingDate}</Dt>`;
  return [
    "<Ntry>",
    `<Amt Ccy="${currency}">${magnitude(total)}</Amt><CdtDbtInd>${indicator(total)}</CdtDbtInd>`,
    version >= 8 ? "<Sts><Cd>BOOK</Cd></Sts>" : "<Sts>BOOK</Sts>",
    `<BookgDt>${booking}</BookgDt>`,
    `<ValDt><Dt>${transaction.valueDate ?? transaction.bookingDate}</Dt></ValDt>`,
    transaction.bankReference === undefined ? "" : `<AcctSvcrRef>${transaction.bankReference}</AcctSvcrRef>`,
    "<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>",
    transaction.batch === undefined ? "" : `<NtryDtls><Btch><NbOfTxs>${parts.length}</NbOfTxs></Btch></NtryDtls>`,
    `<NtryDtls>${parts.map((part) => camtDetails(part, version, currency, transaction.batch !== undefined)).join("")}</NtryDtls>`,
    "</Ntry>",
  ].join("");
}

/** A CAMT.053 file of one or more statements, as `bank` writes it, at `version` (2 to 8). */
export function camt053(statements: BankStatement[], options: { bank?: Bank; version?: number } = {}): string {
  const bank = options.bank ?? "ing";
  const version = options.version ?? 2;
  const body = statements
    .map((statement, index) => {
      const currency = statement.currency ?? "EUR";
      return [
        "<Stmt>",
        `<Id>${bank.toUpperCase()}-${index + 1}</Id><ElctrncSeqNb>${index + 1}</ElctrncSeqNb>`,
        `<CreDtTm>${statement.till}T23:00:00</CreDtTm>`,
        `<FrToDt><FrDtTm>${statement.from}T00:00:00</FrDtTm><ToDtTm>${statement.till}T23:59:59</ToDtTm></FrToDt>`,
        `<Acct><Id><IBAN>${statement.iban}</IBAN></Id><Ccy>${currency}</Ccy></Acct>`,
        camtBalance("OPBD", statement.opening, statement.from, currency),
        camtBalance("CLBD", closingOf(statement), statement.till, currency),
        ...statement.transactions.map((transaction) => camtEntry(transaction, bank, version, currency)),
        "</Stmt>",
      ].join("\n");
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.0${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<BkToCstmrStmt><GrpHdr><MsgId>MSG-1</MsgId><CreDtTm>2026-11-26T08:00:00</CreDtTm></GrpHdr>
${body}
</BkToCstmrStmt></Document>
`;
}

const swiftDate = (date: string) => date.slice(2).replace(/-/g, "");
const swiftAmount = (amount: string) => magnitude(amount).replace(".", ",");
const mark = (amount: string) => (new Big(amount).lt(0) ? "D" : "C");

function mt940Description(transaction: BankTransaction, bank: Bank): string {
  const remittance =
    transaction.reference === undefined ? `USTD//${transaction.remittance ?? ""}` : `STRD/CUR/${transaction.reference}`;
  if (bank === "rabobank") {
    const party = new Big(transaction.amount).lt(0) ? "BENM" : "ORDP";
    return `/EREF/${transaction.endToEnd ?? "NOTPROVIDED"}/${party}//NAME/${transaction.name ?? ""}/REMI/${remittance}/ISDT/${transaction.bookingDate}`;
  }
  if (bank === "abnamro") {
    return `/TRTP/SEPA OVERBOEKING/IBAN/${transaction.iban ?? ""}/BIC/ABNANL2A/NAME/${transaction.name ?? ""}/REMI/${transaction.remittance ?? ""}/EREF/${transaction.endToEnd ?? "NOTPROVIDED"}`;
  }
  return `/EREF/${transaction.endToEnd ?? "NOTPROVIDED"}//CNTP/${transaction.iban ?? ""}/INGBNL2A/${transaction.name ?? ""}/Utrecht/REMI/${remittance}/`;
}

/** SWIFT wraps `:86:` at 65 characters a line. */
const wrapped = (text: string) => (text.match(/.{1,65}/g) ?? [""]).join("\n");

/** An MT940 file of one or more statements as `bank` writes it (`free`: ABN AMRO's older `:86:`). */
export function mt940(statements: BankStatement[], options: { bank?: Bank; free?: boolean } = {}): string {
  const bank = options.bank ?? "ing";
  const head =
    bank === "ing"
      ? "{1:F01INGBNL2ABXXX0000000000}{2:I940INGBNL2AXXXN}{4:"
      : bank === "rabobank"
        ? ":940:"
        : "ABNANL2A\n940\nABNANL2A";
  const body = statements.map((statement, index) => {
    const currency = statement.currency ?? "EUR";
    const lines = [
      `:20:${bank === "ing" ? "P" : ""}${statement.till.replace(/-/g, "")}`,
      `:25:${bank === "rabobank" ? `${statement.iban} ${currency}` : bank === "ing" ? `${statement.iban}${currency}` : statement.iban}`,
      `:28C:${String(index + 1).padStart(5, "0")}`,
      `:60F:${mark(statement.opening)}${swiftDate(statement.from)}${currency}${swiftAmount(statement.opening)}`,
    ];
    for (const transaction of statement.transactions) {
      const entryDate = transaction.bookingDate.slice(5).replace("-", "");
      const valueDate = swiftDate(transaction.valueDate ?? transaction.bookingDate);
      const reference = bank === "rabobank" ? "EREF" : (transaction.endToEnd ?? "NONREF");
      const bankReference = transaction.bankReference === undefined ? "" : `//${transaction.bankReference}`;
      const amount =
        bank === "rabobank" ? swiftAmount(transaction.amount).padStart(15, "0") : swiftAmount(transaction.amount);
      lines.push(
        `:61:${valueDate}${entryDate}${mark(transaction.amount)}${amount}N${bank === "rabobank" ? "541" : "TRF"}${reference}${bankReference}`,
      );
      if (bank === "rabobank" && transaction.iban !== undefined) lines.push(transaction.iban);
      const free = `SEPA OVERBOEKING                 IBAN: ${transaction.iban ?? ""}        BIC: ABNANL2A    NAAM: ${transaction.name ?? ""}   OMSCHRIJVING: ${transaction.remittance ?? ""}`;
      lines.push(`:86:${wrapped(options.free === true ? free : mt940Description(transaction, bank))}`);
    }
    lines.push(
      `:62F:${mark(closingOf(statement))}${swiftDate(statement.till)}${currency}${swiftAmount(closingOf(statement))}`,
    );
    return lines.join("\r\n");
  });
  const tail = bank === "ing" ? "-}" : "-";
  return `${head}\r\n${body.join(`\r\n${tail}\r\n`)}\r\n${tail}\r\n`;
}
