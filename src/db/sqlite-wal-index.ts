/**
 * The commit count of a SQLite database in WAL mode, read from its wal-index header: what the
 * response cache asks before every cached GET. `PRAGMA data_version` answers the same question
 * by starting a read transaction, two fcntl lock calls and a statement step: 17 % of a cached GET's
 * CPU time on SQLite (issue 13), where reading the header is one pread.
 *
 * The wal-index (the `-shm` file beside the database, shared by every process that opens it) is
 * SQLite's documented file format (sqlite.org/walformat.html, "The WAL-Index Format"), the same
 * for every SQLite version since 3.7.0. It starts with two copies of a 48-byte header; a writer
 * that commits increases the header's change counter (`iChange`) and its last frame, writing the
 * second copy, then the first. Invariants:
 * - `version()` is a string that differs after every commit, by any connection or process, made
 *   visible since: a reader sees a commit only through this header;
 * - a torn or half-written header (the copies differ), an uninitialised one or a short file is no
 *   answer (null): the caller asks SQLite itself then, never assumes "unchanged";
 * - the path is the one SQLite uses: the database's real path (SQLite resolves symbolic links
 *   too) followed by `-shm`; when there is no such file, the watch is not made at all.
 * A change that is no commit (a checkpoint restarting the WAL) also changes the string: a cache
 * is emptied for nothing then, never kept too long.
 */
import { closeSync, openSync, readSync, realpathSync } from "node:fs";

const HEADER_BYTES = 48;
/** `isInit` in the header: 1 once a connection has built the wal-index */
const IS_INIT_OFFSET = 12;

export class WalIndexWatch {
  readonly #file: number;
  readonly #buffer = Buffer.alloc(2 * HEADER_BYTES);

  private constructor(file: number) {
    this.#file = file;
  }

  /** The watch of the database at `databasePath` (open, in WAL mode), or undefined without a wal-index file. */
  static open(databasePath: string): WalIndexWatch | undefined {
    try {
      return new WalIndexWatch(openSync(`${realpathSync(databasePath)}-shm`, "r"));
    } catch {
      return undefined;
    }
  }

  /** Changes with every commit; null when the header cannot be trusted at this moment. */
  version(): string | null {
    const buffer = this.#buffer;
    if (readSync(this.#file, buffer, 0, buffer.length, 0) !== buffer.length) return null;
    if (buffer[IS_INIT_OFFSET] !== 1) return null;
    if (buffer.compare(buffer, HEADER_BYTES, 2 * HEADER_BYTES, 0, HEADER_BYTES) !== 0) return null;
    return buffer.toString("latin1", 0, HEADER_BYTES);
  }

  close(): void {
    closeSync(this.#file);
  }
}
