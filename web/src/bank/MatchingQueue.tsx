/**
 * The matching queue: the unbooked payments (the API's `selection=unbooked`), newest first as
 * the API lists them, each with its suggestions (QueueItem). Invariants: a payment leaves the
 * queue as soon as the server booked it, and the focus moves to the item that took its place
 * (the next, else the one before, else the queue's heading), so the owner works through it with
 * the keyboard alone; what was done is said in a status line; the count is the server's X-Total.
 */
import { useEffect, useRef, useState } from "react";
import { useT } from "../i18n/i18n.js";
import { QueryPending } from "../ui/Banner.js";
import { QueueItem } from "./QueueItem.js";
import { useQueue } from "./queries.js";

type FocusTarget = { paymentId: number } | "heading";

export function MatchingQueue({ companyId }: { companyId: number }) {
  const t = useT();
  const queue = useQueue(companyId);
  const items = queue.data?.items ?? [];
  const total = queue.data?.total ?? 0;
  const elements = useRef(new Map<number, HTMLElement>());
  const heading = useRef<HTMLHeadingElement>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const [said, setSaid] = useState("");

  const settled = (paymentId: number, message: string) => {
    const index = items.findIndex((item) => item.id === paymentId);
    const next = items[index + 1] ?? items[index - 1];
    setFocusTarget(next === undefined ? "heading" : { paymentId: next.id });
    setSaid(message);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the focus moves once the queue without the payment is drawn
  useEffect(() => {
    if (focusTarget === null) return;
    const element = focusTarget === "heading" ? heading.current : elements.current.get(focusTarget.paymentId);
    element?.focus();
    setFocusTarget(null);
  }, [focusTarget, items]);

  return (
    <section className="bank-queue" aria-labelledby="bank-queue-heading">
      <h2 id="bank-queue-heading" ref={heading} tabIndex={-1}>
        {t("bank.queue.title")}
      </h2>
      <p className="queue-done" role="status" data-testid="queue-done">
        {said}
      </p>
      {queue.data === undefined ? (
        <QueryPending query={queue} />
      ) : items.length === 0 ? (
        <p className="queue-empty">{t("bank.queue.empty")}</p>
      ) : (
        <>
          <p>
            {total === 1 ? t("bank.queue.countOne") : t("bank.queue.count", { count: total })}{" "}
            {total > items.length && t("bank.queue.shown", { shown: items.length })}
          </p>
          <p className="hint">{t("bank.queue.keys")}</p>
          <ul className="queue">
            {items.map((payment) => (
              <QueueItem
                key={payment.id}
                companyId={companyId}
                payment={payment}
                register={(element) => {
                  if (element === null) elements.current.delete(payment.id);
                  else elements.current.set(payment.id, element);
                }}
                onSettled={settled}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
