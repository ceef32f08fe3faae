/** /app/callback: where Kasboek's sign-in sends the browser back with a code. */
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { completeSignIn, signIn } from "../auth/session.js";
import { useT } from "../i18n/i18n.js";
import { Banner } from "../ui/Banner.js";

export function Callback() {
  const t = useT();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    completeSignIn(new URLSearchParams(window.location.search)).then(
      (returnTo) => navigate(returnTo.replace(/^\/app/, "") || "/", { replace: true }),
      (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
    );
  }, [navigate]);
  if (problem === null) return <p className="loading">{t("app.signingIn")}</p>;
  return (
    <main className="narrow">
      <Banner kind="error">
        <p>{t("auth.failed", { reason: problem })}</p>
        <button type="button" onClick={() => void signIn("/app/")}>
          {t("auth.retry")}
        </button>
      </Banner>
    </main>
  );
}
