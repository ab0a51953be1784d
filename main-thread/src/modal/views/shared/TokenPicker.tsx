import { useId, useState } from 'react'
import { Icon } from '../../icons.tsx'
import { SafeImage } from '../../../components/SafeImage.tsx'

/** A token a picker offers: what identifies it, what it shows. */
export type TokenChoice = { key: string; symbol: string; name: string; iconUrl: string | null /** Formatted, with its symbol. */; balance: string | null }

export type TokenPickerProps = {
  /** The field's visible label ("Token", "You pay"). */
  label: string
  /** Hidden words before the chosen token in the button's name ("Choose token:"). */
  chooseLabel: string
  choices: readonly TokenChoice[]
  selected: TokenChoice | null
  onSelect(key: string): void
  /** Shows a search field over the list (for long lists). */
  searchLabel?: string | undefined
  /** The id of the field's error, when there is one. */
  errorId?: string | undefined
}

/**
 * The token field of Send and Swap: a button showing the chosen token (and its balance), which opens
 * a list of buttons, optionally with a search. The visible text is part of every accessible name.
 */
export function TokenPicker({ label, chooseLabel, choices, selected, onSelect, searchLabel, errorId }: TokenPickerProps) {
  const ids = { label: useId(), list: useId(), search: useId() }
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const text = query.trim().toLowerCase()
  const shown = text ? choices.filter((c) => c.symbol.toLowerCase().includes(text) || c.name.toLowerCase().includes(text)) : choices
  return (
    <div className="portico-field">
      <span className="portico-label" id={ids.label}>
        {label}
      </span>
      <button type="button" className="portico-token-choice" aria-expanded={open} aria-controls={open ? ids.list : undefined} aria-describedby={errorId} onClick={() => setOpen((o) => !o)}>
        <span className="portico-visually-hidden">{chooseLabel} </span>
        <SafeImage src={selected?.iconUrl} alt="" width={24} height={24} />
        <span>{selected?.symbol ?? '—'}</span>
        {selected?.balance ? <span className="portico-muted">{selected.balance}</span> : null}
        <Icon name="chevron" />
      </button>
      {open ? (
        <>
          {searchLabel ? (
            <input id={ids.search} className="portico-input" type="search" aria-label={searchLabel} placeholder={searchLabel} value={query} onChange={(e) => setQuery(e.target.value)} />
          ) : null}
          <ul className="portico-token-picker" id={ids.list} aria-labelledby={ids.label}>
            {shown.map((c) => (
              <li key={c.key}>
                <button
                  type="button"
                  className="portico-token-option"
                  aria-current={c.key === selected?.key ? 'true' : undefined}
                  onClick={() => {
                    onSelect(c.key)
                    setOpen(false)
                    setQuery('')
                  }}
                >
                  <SafeImage src={c.iconUrl} alt="" width={24} height={24} />
                  <span>{c.name}</span>
                  {c.balance ? <span className="portico-muted">{c.balance}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  )
}
