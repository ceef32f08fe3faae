/**
 * The login page, in Dutch or English. Pure: view in, document out; every value goes through
 * `html`, so it is escaped. The markup stays plain (labels tied to inputs, a real button, the
 * message in a role="alert" region) so it works by keyboard and a browser test can drive it by
 * label text. Every word a reader sees comes from TEXTS, so both languages say the same things.
 */
import type { Language } from "../../platform/language.js";
import { type HtmlDocument, html, page, type SafeHtml } from "../../platform/pages/html.js";
import type { PageMessage } from "../../platform/pages/respond.js";

/** Why a login attempt was refused. */
export type LoginProblem = "wrong" | "blocked" | "expired-form";

interface LoginTexts {
  title: string;
  heading: string;
  email: string;
  password: string;
  signIn: string;
  noPassword: SafeHtml;
  problems: Record<LoginProblem, string>;
  /** the logout form failed its CSRF check */
  refusedLogout: PageMessage;
}

const COMMAND = html`<code>kasboek users set-password</code>`;

const TEXTS: Record<Language, LoginTexts> = {
  nl: {
    title: "Inloggen · Kasboek",
    heading: "Inloggen bij Kasboek",
    email: "E-mailadres",
    password: "Wachtwoord",
    signIn: "Inloggen",
    noPassword: html`Nog geen wachtwoord? De beheerder van deze installatie stelt het in met ${COMMAND}.`,
    problems: {
      wrong: "E-mailadres of wachtwoord is onjuist",
      blocked: "Te veel pogingen, probeer het later opnieuw",
      "expired-form": "Het formulier was verlopen of kwam niet van deze pagina. Probeer het opnieuw.",
    },
    refusedLogout: {
      title: "Het formulier kon niet worden geaccepteerd",
      message: "Het formulier was verlopen of kwam niet van deze pagina. Probeer het opnieuw.",
    },
  },
  en: {
    title: "Sign in · Kasboek",
    heading: "Sign in to Kasboek",
    email: "E-mail address",
    password: "Password",
    signIn: "Sign in",
    noPassword: html`No password yet? The operator of this installation sets one with ${COMMAND}.`,
    problems: {
      wrong: "E-mail address or password is wrong",
      blocked: "Too many attempts, try again later",
      "expired-form": "The form had expired or did not come from this page. Please try again.",
    },
    refusedLogout: {
      title: "The form could not be accepted",
      message: "The form had expired or did not come from this page. Please try again.",
    },
  },
};

/** The error page for a logout form that failed its CSRF check. */
export function refusedLogoutText(language: Language): PageMessage {
  return TEXTS[language].refusedLogout;
}

export interface LoginForm {
  language: Language;
  csrfToken: string;
  returnTo: string;
  /** what was typed, kept when the page is shown again */
  email: string;
  /** why the last attempt was refused */
  problem: LoginProblem | null;
}

export function loginPage(form: LoginForm): HtmlDocument {
  const texts = TEXTS[form.language];
  const invalid = form.problem !== null;
  const described = invalid ? html` aria-invalid="true" aria-describedby="login_error"` : null;
  return page({
    language: form.language,
    title: texts.title,
    body: html`<h1>${texts.heading}</h1>
${form.problem === null ? null : html`<p id="login_error" class="notice error" role="alert">${texts.problems[form.problem]}</p>`}
<form method="post" action="/login">
<input type="hidden" name="csrf_token" value="${form.csrfToken}">
<input type="hidden" name="return_to" value="${form.returnTo}">
<div class="field">
<label for="email">${texts.email}</label>
<input type="email" id="email" name="email" required maxlength="320" autocomplete="username" value="${form.email}"${described}>
</div>
<div class="field">
<label for="password">${texts.password}</label>
<input type="password" id="password" name="password" required maxlength="1024" autocomplete="current-password"${described}>
</div>
<button type="submit">${texts.signIn}</button>
</form>
<p class="muted">${texts.noPassword}</p>`,
  });
}
