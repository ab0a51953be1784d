/**
 * The small interface the engine specs are written against, once for every engine: Firefox (WebDriver
 * BiDi through puppeteer-core, firefox.ts) and WebKit (classic WebDriver through webdriverio,
 * webkit.ts). Selectors are CSS, optionally narrowed to the elements whose text contains `text`, and
 * looked up in the top document or inside one iframe (`frame`: the iframe's CSS in the top document).
 * Clicks, key presses and pointer moves go through the engine's own input (trusted events, as a
 * visitor's), never through a script of the page.
 */

export type EngineName = 'firefox' | 'webkit'

/** An element: its CSS, the text it must contain, and the iframe (CSS in the top document) it is in. */
export type Target = string | { css: string; text?: string | RegExp; frame?: string }

export type Rect = { x: number; y: number; width: number; height: number }

export type WaitOptions = {
  /** Waits for the element's text to contain this (a string) or match it (a RegExp). */
  text?: string | RegExp
  /** 'visible' (default): in the layout with a non-empty box; 'attached': in the document; 'hidden': gone or not visible; 'detached': gone. */
  state?: 'visible' | 'attached' | 'hidden' | 'detached'
  timeout?: number
}

export interface EnginePage {
  readonly engine: EngineName
  goto(url: string): Promise<void>
  url(): Promise<string>
  /** A real click at the element's centre (scrolled into view first), through the engine's input. */
  click(target: Target): Promise<void>
  /** Focuses the element with a real click, empties it and types `value` key by key. */
  fill(target: Target, value: string): Promise<void>
  /** Presses a key where the focus is ('Enter', 'Escape', 'Tab', ' ' or one character). */
  press(key: string): Promise<void>
  /** Waits for the element (see WaitOptions); throws with what was last seen when the time is up. */
  waitFor(target: Target, options?: WaitOptions): Promise<void>
  /** The element's text (whitespace collapsed), once it is there. */
  text(target: Target): Promise<string>
  /** One attribute of the element (null when absent), once the element is there. */
  attribute(target: Target, name: string): Promise<string | null>
  /** How many elements match (no waiting). */
  count(target: Target): Promise<number>
  /** Runs `fn(arg)` in the top document (async allowed); the answer must be JSON. */
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>
  /** Runs `fn(arg)` inside the document of the iframe `frame` (CSS in the top document). */
  evaluateInFrame<R, A = undefined>(frame: string, fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>
  /** The text of the iframe's document (whitespace collapsed), or of one element of it. */
  frameText(frame: string, css?: string): Promise<string>
  /** The element's box in the top window's viewport (an element in a frame: offset by the iframe's box). */
  rect(target: Target): Promise<Rect>
  /** Pointer input at viewport coordinates of the top window, as a mouse does. */
  mouse: {
    move(x: number, y: number): Promise<void>
    down(): Promise<void>
    up(): Promise<void>
    click(x: number, y: number): Promise<void>
  }
  /** A PNG of the viewport. */
  screenshot(path: string): Promise<void>
  /**
   * A window this page's browser opened (window.open, a link) whose URL starts with `urlPrefix`, and
   * one not returned before: a window that is closing (an approval window after its decision) is
   * never taken for the next one at the same address.
   */
  waitForWindow(urlPrefix: string, timeout?: number): Promise<EnginePage>
  close(): Promise<void>
}

export interface Engine {
  readonly name: EngineName
  /** The browser's product and version as it reports it. */
  readonly version: string
  /** A new page with empty storage (a new browser context or session). */
  newPage(): Promise<EnginePage>
  close(): Promise<void>
}

export const DEFAULT_TIMEOUT = 15_000

/** The parts of a Target, a plain string being CSS in the top document. */
export function parseTarget(target: Target): { css: string; text?: string | RegExp; frame?: string } {
  return typeof target === 'string' ? { css: target } : target
}

/** A Target's text filter in a form that crosses into the page: a string, or a RegExp's source and flags. */
export type TextFilter = { kind: 'none' } | { kind: 'text'; value: string } | { kind: 're'; source: string; flags: string }

export function textFilter(text: string | RegExp | undefined): TextFilter {
  if (text === undefined) return { kind: 'none' }
  return typeof text === 'string' ? { kind: 'text', value: text } : { kind: 're', source: text.source, flags: text.flags }
}

export function describeTarget(target: Target): string {
  const { css, text, frame } = parseTarget(target)
  return `${frame ? `${frame} >> ` : ''}${css}${text !== undefined ? ` with text ${String(text)}` : ''}`
}

/**
 * The in-page search both engines run (as its source): the first element matching `css` whose
 * collapsed text passes `filter`, and whether it is visible. Answers `{ found, visible, text, count }`
 * and keeps the element in `window.__porticoFound` for the engine to pick up.
 */
export const FIND_SOURCE = `function (css, filter) {
  const collapse = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const passes = (el) => {
    if (filter.kind === 'none') return true;
    const t = collapse(el.textContent);
    if (filter.kind === 'text') return t.includes(filter.value);
    return new RegExp(filter.source, filter.flags).test(t);
  };
  const all = Array.from(document.querySelectorAll(css));
  const matching = all.filter(passes);
  const el = matching[0] || null;
  let visible = false;
  if (el) {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    visible = r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  }
  return { el, found: !!el, visible, count: matching.length, text: el ? collapse(el.textContent) : (all[0] ? collapse(all[0].textContent) : null) };
}`

/** Whether a find answer satisfies the wait. */
export function satisfied(state: WaitOptions['state'], found: { found: boolean; visible: boolean }): boolean {
  if (state === 'detached') return !found.found
  if (state === 'hidden') return !found.found || !found.visible
  if (state === 'attached') return found.found
  return found.found && found.visible
}

/** `fn(arg)` as a script both engines can run: esbuild's `__name` (tsx keeps function names) defined first. */
export function scriptOf(fn: (arg: never) => unknown, arg: unknown): string {
  return `const __name = (f) => f; return (${fn.toString()})(${arg === undefined ? '' : JSON.stringify(arg)})`
}

export async function poll<T>(what: () => string, timeout: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeout
  let lastError: unknown
  for (;;) {
    try {
      const value = await probe()
      if (value !== undefined) return value
    } catch (err) {
      lastError = err
    }
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeout} ms waiting for ${what()}${lastError ? ` (last error: ${String(lastError)})` : ''}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
