/** Saving what the app made or fetched (a CSV, the auditfile) as a file, through the browser's download. */
import { type Cell, toCsv } from "./csv.js";

/** Saves `content` as a file called `name` through the browser's download. */
export function saveFile(name: string, content: Blob): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // the download has taken the data by the time the click returns; the URL can go a moment later
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function downloadCsv(name: string, rows: readonly (readonly Cell[])[]): void {
  saveFile(name, new Blob([toCsv(rows)], { type: "text/csv;charset=utf-8" }));
}
