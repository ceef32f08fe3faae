/**
 * The login page. Pure: view in, document out; every value goes through `html`, so it is
 * escaped. The markup stays plain (labels tied to inputs, a real button, the message in a
 * role="alert" region) so it works by keyboard and a browser test can drive it by label text.
 */
import { html, page } from "../../platform/pages/html.js";

export interface LoginForm {
  csrfToken: string;
  returnTo: string;
  /** what was typed, kept when the page is shown again */
  email: string;
  /** why the last attempt was refused */
  error: string | null;
}

export function loginPage(form: LoginForm): string {
  const invalid = form.error !== null;
  const described = invalid ? html` aria-invalid="true" aria-describedby="login_error"` : null;
  return page({
    title: "Sign in · Kasboek",
    body: html`<h1>Sign in to Kasboek</h1>
${invalid ? html`<p id="login_error" class="notice error" role="alert">${form.error}</p>` : null}
<form method="post" action="/login">
<input type="hidden" name="csrf_token" value="${form.csrfToken}">
<input type="hidden" name="return_to" value="${form.returnTo}">
<div class="field">
<label for="email">E-mail address</label>
<input type="email" id="email" name="email" required maxlength="320" autocomplete="username" value="${form.email}"${described}>
</div>
<div class="field">
<label for="password">Password</label>
<input type="password" id="password" name="password" required maxlength="1024" autocomplete="current-password"${described}>
</div>
<button type="submit">Sign in</button>
</form>
<p class="muted">No password yet? The operator of this installation sets one with <code>kasboek users set-password</code>.</p>`,
  });
}
