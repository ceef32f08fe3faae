import { Link } from "react-router";
import { useT } from "../i18n/i18n.js";

export function NotFound() {
  const t = useT();
  return (
    <div className="narrow">
      <h1>{t("app.notFound")}</h1>
      <p>
        <Link to="/">{t("app.toStart")}</Link>
      </p>
    </div>
  );
}
