/**
 * What the contact and product lists share: a heading with a "new" link, a search box (the API's
 * search[q], kept in the URL with the page), the rows a page at a time by X-Total.
 */
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { Field } from "./Field.js";

export const LIST_PER_PAGE = 25;

/** The search text and page in the URL, and a way to change either. */
export function useListParameters() {
  const [search, setSearch] = useSearchParams();
  const text = search.get("q") ?? "";
  const page = Math.max(1, Number(search.get("page") ?? "1") || 1);
  const change = (name: "q" | "page", value: string) => {
    const next = new URLSearchParams(search);
    if (value === "" || (name === "page" && value === "1")) next.delete(name);
    else next.set(name, value);
    if (name === "q") next.delete("page");
    setSearch(next, { replace: name === "q" });
  };
  return { text, page, change };
}

interface ListHeadProps {
  title: string;
  newLabel: string;
  newPath: string;
  searchLabel: string;
  text: string;
  onText: (text: string) => void;
}

export function ListHead({ title, newLabel, newPath, searchLabel, text, onText }: ListHeadProps): ReactNode {
  return (
    <>
      <div className="page-head">
        <h1>{title}</h1>
        <Link className="button" to={newPath}>
          {newLabel}
        </Link>
      </div>
      <search className="filters">
        <Field label={searchLabel}>
          <input type="search" value={text} onChange={(event) => onText(event.target.value)} />
        </Field>
      </search>
    </>
  );
}
