/**
 * The save of a simple create-or-edit form (contacts, products): POST when new, PATCH when not,
 * the server's problems by field, the answer written into the query cache and the list marked
 * stale, and on a first save a move to the new item's own address. The typed calls themselves
 * are the caller's.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { type ShownError, shownError } from "../api/errors.js";

interface SaveFormOptions<Item extends { id: number | null }> {
  /** the query key of the item (its id appended) and of its lists */
  resource: string;
  companyId: number;
  itemId: number | null;
  /** where the item's page is, below /app/{company}/ */
  path: string;
  save: () => Promise<Item>;
}

export function useSaveForm<Item extends { id: number | null }>(options: SaveFormOptions<Item>) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<ShownError | null>(null);
  const mutation = useMutation({
    mutationFn: options.save,
    onMutate: () => setError(null),
    onSuccess: (item) => {
      queryClient.setQueryData([options.resource, options.companyId, item.id], item);
      void queryClient.invalidateQueries({ queryKey: [`${options.resource}s`, options.companyId] });
      if (options.itemId !== item.id) {
        navigate(`/${options.companyId}/${options.path}/${item.id}`, { replace: true, state: "saved" });
      }
    },
    onError: (failure) => setError(shownError(failure)),
  });
  return { mutation, error };
}
