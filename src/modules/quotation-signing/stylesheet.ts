/**
 * The signing pages' only stylesheet, served from this service (the CSP allows no other source).
 * System fonts only: no web fonts, no images, no external URLs. Kept in code rather than a .css
 * file so the TypeScript build carries it without a copy step.
 */

export const SIGNING_STYLESHEET = `:root {
  color-scheme: light;
  --text: #1f2933;
  --muted: #52606d;
  --line: #d9e2ec;
  --accent: #0b5cad;
  --ok: #1e6b32;
  --error: #a61b1b;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  line-height: 1.5;
  color: var(--text);
  background: #f5f7fa;
}
body { margin: 0; }
main { max-width: 48rem; margin: 0 auto; padding: 1rem; background: #fff; min-height: 100vh; box-sizing: border-box; }
h1 { font-size: 1.6rem; margin: 0.5rem 0 1rem; }
h2 { font-size: 1.15rem; margin: 1.5rem 0 0.5rem; }
.parties { display: flex; flex-wrap: wrap; gap: 1rem 3rem; }
.parties section { flex: 1 1 14rem; }
address { font-style: normal; }
dl.details { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0; }
dl.details dt { color: var(--muted); }
dl.details dd { margin: 0; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; min-width: 32rem; }
caption { text-align: left; color: var(--muted); padding-bottom: 0.25rem; }
th, td { padding: 0.4rem 0.5rem; border-bottom: 1px solid var(--line); text-align: left; vertical-align: top; }
.number { text-align: right; white-space: nowrap; }
tfoot th, tfoot td { border-bottom: none; }
tfoot tr.grand th, tfoot tr.grand td { font-weight: 700; border-top: 2px solid var(--text); }
.extra { display: block; color: var(--muted); font-size: 0.9em; white-space: pre-line; }
.notice { padding: 0.75rem 1rem; border-left: 4px solid var(--accent); background: #eef4fb; margin: 1rem 0; }
.notice.ok { border-color: var(--ok); background: #edf7ef; }
.notice.error { border-color: var(--error); background: #fbeeee; }
form { margin: 1rem 0; }
label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
input[type="text"] { font: inherit; width: 100%; max-width: 24rem; padding: 0.5rem; border: 1px solid var(--muted); border-radius: 4px; box-sizing: border-box; }
input[aria-invalid="true"] { border-color: var(--error); }
.buttons { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1rem; }
button { font: inherit; padding: 0.6rem 1.4rem; border-radius: 4px; border: 1px solid var(--accent); cursor: pointer; }
button.approve { background: var(--accent); color: #fff; }
button.deny { background: #fff; color: var(--accent); }
:focus-visible { outline: 3px solid #f0b429; outline-offset: 2px; }
a { color: var(--accent); }
.muted { color: var(--muted); }
`;
