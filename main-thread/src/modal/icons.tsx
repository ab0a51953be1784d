/** Small stroke icons; decorative, so hidden from assistive technology (buttons carry the names). */
const paths = {
  back: 'M10 3 5 8l5 5',
  close: 'm4 4 8 8M12 4l-8 8',
  copy: 'M5.5 5.5h7v7h-7zM3.5 10.5v-7h7',
  chevron: 'm6 3 5 5-5 5',
  check: 'm3.5 8.5 3 3 6-7',
  mail: 'M2.5 4.5h11v7h-11zM2.5 4.5 8 9l5.5-4.5',
  people: 'M6 7.5a2.25 2.25 0 1 0 0-4.5 2.25 2.25 0 0 0 0 4.5ZM2 13c0-2.2 1.8-3.5 4-3.5s4 1.3 4 3.5M11 7a2 2 0 1 0 0-4M12 9.5c1.3.4 2 1.6 2 3.5',
  qr: 'M2.5 2.5h4v4h-4zM9.5 2.5h4v4h-4zM2.5 9.5h4v4h-4zM9.5 9.5h1.5v1.5M12 12h1.5v1.5M9.5 13.5h1',
  grid: 'M2.5 2.5h4v4h-4zM9.5 2.5h4v4h-4zM2.5 9.5h4v4h-4zM9.5 9.5h4v4h-4z',
  card: 'M2 4.5h12v7H2zM2 7h12',
  swap: 'M3 5.5h9l-2.5-2.5M13 10.5H4l2.5 2.5',
  receive: 'M8 2.5v8M4.5 7 8 10.5 11.5 7M3 13.5h10',
  send: 'M8 13.5v-8M4.5 9 8 5.5 11.5 9M3 2.5h10',
  external: 'M9.5 2.5h4v4M13.5 2.5 7.5 8.5M11.5 9.5v4h-9v-9h4',
  network: 'M8 13.5A5.5 5.5 0 1 0 8 2.5a5.5 5.5 0 0 0 0 11ZM2.5 8h11M8 2.5c1.5 1.6 2.2 3.4 2.2 5.5S9.5 11.9 8 13.5C6.5 11.9 5.8 10.1 5.8 8S6.5 4.1 8 2.5Z',
  alert: 'M8 5v3.5M8 11h.01M8 13.5A5.5 5.5 0 1 0 8 2.5a5.5 5.5 0 0 0 0 11Z',
} as const

export type IconName = keyof typeof paths

/** Icons that point along the line of text: mirrored when the modal is written right to left. */
const DIRECTIONAL: ReadonlySet<IconName> = new Set(['back', 'chevron'])

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" className={className ?? 'portico-icon'} data-directional={DIRECTIONAL.has(name) || undefined}>
      <path d={paths[name]} />
    </svg>
  )
}

/**
 * A brand's mark from simple-icons (CC0-1.0 SVG data; the brand's own guidelines apply to its use),
 * drawn from its path alone in the text colour; decorative, so the control beside it carries the name.
 */
export function Mark({ path, className }: { path: string; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className ?? 'portico-mark'}>
      <path d={path} />
    </svg>
  )
}
