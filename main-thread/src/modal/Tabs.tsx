import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

export type TabDefinition = { id: string; label: string; render: () => ReactNode }

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; one tab stop. */
export function Tabs({ tabs, label }: { tabs: readonly TabDefinition[]; label: string }) {
  const [active, setActive] = useState(tabs[0]?.id)
  const base = useId()
  const refs = useRef(new Map<string, HTMLButtonElement>())
  const current = tabs.find((tab) => tab.id === active) ?? tabs[0]
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === current?.id)
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1
    if (next < 0) return
    event.preventDefault()
    const tab = tabs[next]!
    setActive(tab.id)
    refs.current.get(tab.id)?.focus()
  }
  if (!current) return null
  return (
    <div className="portico-tabs">
      <div role="tablist" aria-label={label} className="portico-tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              if (el) refs.current.set(tab.id, el)
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={tab.id === current.id}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={tab.id === current.id ? 0 : -1}
            className="portico-tab"
            onClick={() => setActive(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel takes the focus after its tab (WAI-ARIA's tabs pattern), so a keyboard reaches panels with nothing focusable in them */}
      <div role="tabpanel" id={`${base}-panel-${current.id}`} aria-labelledby={`${base}-tab-${current.id}`} className="portico-tabpanel" tabIndex={0}>
        {current.render()}
      </div>
    </div>
  )
}
