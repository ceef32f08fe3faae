/** Shows its children once the app holds an access token; otherwise starts the sign-in. */
import { type ReactNode, useEffect } from "react";
import { accessToken, signIn } from "../auth/session.js";
import { useT } from "../i18n/i18n.js";

export function Authenticated({ children }: { children: ReactNode }) {
  const t = useT();
  const signedIn = accessToken() !== null;
  useEffect(() => {
    if (!signedIn) void signIn();
  }, [signedIn]);
  if (!signedIn) return <p className="loading">{t("app.signingIn")}</p>;
  return children;
}
