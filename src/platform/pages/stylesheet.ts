/**
 * The one stylesheet of the server-rendered pages, served from this service (the CSP allows no
 * other source). System fonts, no images, no external URLs; colours keep at least 4.5:1 contrast
 * on their background and every focusable element shows a clear outline. Kept in code rather
 * than a .css file so the TypeScript build carries it without a copy step.
 */

export const PAGE_STYLESHEET = `:root {
  color-scheme: light;
  --text: #1f2933;
  --muted: #52606d;
  --line: #cbd2d9;
  --accent: #0b5cad;
  --accent-dark: #084785;
  --ok: #1e6b32;
  --error: #a61b1b;
  --focus: #f0b429;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  line-height: 1.5;
  color: var(--text);
  background: #f5f7fa;
}
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; }
main { max-width: 48rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; background: #fff; min-height: 100vh; }
h1 { font-size: 1.6rem; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 0.5rem; }
h3 { font-size: 1rem; margin: 1rem 0 0.25rem; }
p { margin: 0.5rem 0; }
a { color: var(--accent); }
a:hover { color: var(--accent-dark); }
.muted { color: var(--muted); }
.notice { padding: 0.75rem 1rem; border-left: 4px solid var(--accent); background: #eef4fb; margin: 1rem 0; }
.notice.ok { border-color: var(--ok); background: #edf7ef; }
.notice.error { border-color: var(--error); background: #fbeeee; }
form { margin: 1rem 0; }
form.inline { display: inline; margin: 0; }
.field { margin: 0 0 1rem; }
label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
fieldset { border: 1px solid var(--line); border-radius: 4px; margin: 0 0 1rem; padding: 0.5rem 1rem 1rem; }
legend { font-weight: 600; padding: 0 0.25rem; }
.choice { display: flex; gap: 0.5rem; align-items: flex-start; margin: 0.5rem 0; }
.choice input { margin-top: 0.3rem; flex: none; width: 1.1rem; height: 1.1rem; }
.choice label { font-weight: 400; margin: 0; }
.choice code { font-weight: 600; }
input[type="text"], input[type="email"], input[type="password"] {
  font: inherit; width: 100%; max-width: 24rem; padding: 0.5rem;
  border: 1px solid var(--muted); border-radius: 4px; background: #fff; color: var(--text);
}
input[aria-invalid="true"] { border-color: var(--error); }
.secret { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; max-width: 100%; }
button {
  font: inherit; padding: 0.5rem 1.25rem; border-radius: 4px; cursor: pointer;
  border: 1px solid var(--accent); background: var(--accent); color: #fff;
}
button:hover { background: var(--accent-dark); }
button.secondary { background: #fff; color: var(--accent); }
button.secondary:hover { background: #eef4fb; }
button.danger { background: #fff; color: var(--error); border-color: var(--error); }
button.danger:hover { background: #fbeeee; }
.buttons { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1rem; }
button.deny { background: #fff; color: var(--accent); }
button.deny:hover { background: #eef4fb; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; }
caption { text-align: left; color: var(--muted); padding-bottom: 0.25rem; }
th, td { padding: 0.4rem 0.5rem; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
.number { text-align: right; white-space: nowrap; }
tfoot th, tfoot td { border-bottom: none; }
tfoot tr.grand th, tfoot tr.grand td { font-weight: 700; border-top: 2px solid var(--text); }
.extra { display: block; color: var(--muted); font-size: 0.9em; white-space: pre-line; }
.parties { display: flex; flex-wrap: wrap; gap: 1rem 3rem; }
.parties section { flex: 1 1 14rem; }
address { font-style: normal; }
dl.details { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0; }
dl.details dt { color: var(--muted); }
dl.details dd { margin: 0; }
header.bar { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: 0.5rem; }
nav ul { list-style: none; display: flex; flex-wrap: wrap; gap: 1rem; padding: 0; margin: 0; }
@media (max-width: 32rem) {
  main { padding: 0.75rem; }
  th, td { padding: 0.3rem; }
}
@media (prefers-reduced-motion: reduce) {
  * { transition: none !important; }
}
`;
