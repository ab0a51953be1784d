/** The prompt's CSS, adopted into its shadow root as a constructable sheet (CSP-safe). */
export const PROMPT_CSS = `
.panel {
  box-sizing: border-box;
  width: min(360px, calc(100vw - 24px));
  max-height: calc(100vh - 24px);
  overflow: auto;
  padding: 14px 16px 16px;
  border: 1px solid #d4d4d8;
  border-radius: 14px;
  background: #ffffff;
  color: #18181b;
  box-shadow: 0 12px 32px rgb(0 0 0 / 0.18), 0 2px 6px rgb(0 0 0 / 0.08);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  text-align: left;
  animation: enter 140ms ease-out;
}
.badge {
  display: flex; align-items: center; gap: 8px;
  margin: 0 0 12px;
  font-size: 12px; font-weight: 600; letter-spacing: 0.01em;
  color: #92400e;
}
.badge svg { width: 22px; height: 22px; flex: none; }
.badge .tag {
  padding: 2px 8px; border-radius: 999px;
  background: #fef3c7; border: 1px solid #fcd34d;
}
.title { margin: 0 0 10px; font-size: 15px; font-weight: 650; overflow-wrap: anywhere; }
.rows { margin: 0 0 14px; }
.rows dt { color: #52525b; font-size: 12px; margin: 8px 0 2px; }
.rows dt:first-child { margin-top: 0; }
.rows dd { margin: 0; overflow-wrap: anywhere; }
.rows dd.mono { font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.rows dd.block {
  max-height: 160px; overflow: auto;
  padding: 8px 10px; border-radius: 8px;
  background: #f4f4f5; border: 1px solid #e4e4e7;
  white-space: pre-wrap;
}
.queue { margin: 0 0 10px; font-size: 12px; color: #52525b; }
.actions { display: grid; grid-template-columns: 1fr 1fr; gap: 10px; }
button {
  font: inherit; font-weight: 600;
  padding: 9px 12px; border-radius: 10px; cursor: pointer;
  border: 1px solid #d4d4d8; background: #ffffff; color: #18181b;
}
button:hover { background: #f4f4f5; }
button.approve { background: #0f766e; border-color: #0f766e; color: #ffffff; }
button.approve:hover { background: #115e59; }
button:focus-visible { outline: 2px solid #2563eb; outline-offset: 2px; }
@media (prefers-color-scheme: dark) {
  .panel { background: #18181b; color: #f4f4f5; border-color: #3f3f46; }
  .rows dt, .queue { color: #a1a1aa; }
  .rows dd.block { background: #27272a; border-color: #3f3f46; }
  .badge { color: #fcd34d; }
  .badge .tag { background: #451a03; border-color: #92400e; }
  button { background: #27272a; color: #f4f4f5; border-color: #52525b; }
  button:hover { background: #3f3f46; }
  button.approve { background: #14b8a6; border-color: #14b8a6; color: #042f2e; }
  button.approve:hover { background: #2dd4bf; }
}
@keyframes enter { from { opacity: 0; transform: translateY(-6px); } to { opacity: 1; transform: none; } }
@media (prefers-reduced-motion: reduce) { .panel { animation: none; } }
`
