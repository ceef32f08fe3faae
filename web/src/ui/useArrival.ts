/**
 * What the page before said in passing (`navigate(to, { state: "saved" })`): read once, then
 * taken out of the browser's history entry, so a reload or a step back does not say it again.
 */
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";

export function useArrival(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [said] = useState(() => (typeof location.state === "string" ? location.state : null));
  useEffect(() => {
    if (typeof location.state === "string") {
      navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [location, navigate]);
  return said;
}
