import { useId, useState } from 'react'
import { DEFAULT_NAME_SUFFIX, parseAccountNameInput } from '@portico/shared-types/names'
import type { WriteError } from '@portico/shared-types/write'
import { write } from '../../../actions/write.ts'
import { usePorticoClient, usePorticoUi, useSnapshot } from '../../../context.ts'
import { useAccount, useConnectedConnector } from '../../../hooks/index.ts'
import { useAccountName } from '../../../hooks/queries/useAccountName.ts'
import { useDebounced } from '../../../hooks/useDebounced.ts'
import { useNameSuggestions } from '../../../hooks/queries/useNameSuggestions.ts'
import { useMessages } from '../../../i18n/useMessages.ts'
import { WRITE_ERROR_MESSAGES, writeErrorMessage } from '../../../i18n/writeErrors.ts'
import { FeatureNotice } from '../shared/FeatureNotice.tsx'
import { NAMES_MESSAGES } from './names.messages.ts'
import '../../../styles/names.css'

/**
 * RegisterAccountName (SPEC.md §2, §5): a name checked as it is typed (letters, digits and hyphens,
 * at least 4, under `.reown.id`), whether it is free, names close to it; registering signs a message
 * through the one write path and the names API verifies it before it stores the name.
 */
export default function RegisterAccountNameView({ typed = '' }: { typed?: string | undefined }) {
  const client = usePorticoClient()
  const ui = usePorticoUi()
  const t = useMessages(NAMES_MESSAGES)
  const te = useMessages(WRITE_ERROR_MESSAGES)
  const { core } = useSnapshot()
  const { caipAddress } = useAccount()
  const connector = useConnectedConnector()
  const online = core?.online ?? true
  const [text, setText] = useState(typed)
  const [error, setError] = useState<WriteError | null>(null)
  const [signing, setSigning] = useState<string | null>(null)
  const ids = { input: useId(), hint: useId(), status: useId() }

  const parsed = parseAccountNameInput(text)
  const valid = typeof parsed === 'string' ? null : parsed
  const validName = valid?.name ?? null
  const settled = useDebounced(validName, { initial: validName })
  const checked = valid && settled === valid.name ? valid : null
  const holder = useAccountName({ name: online ? (checked?.name ?? null) : null })
  const suggestions = useNameSuggestions({ name: online ? (checked?.label ?? null) : null })

  if (!caipAddress || !core) return null
  // SPEC.md §9: names are eip155's; a Solana account is told so rather than shown a form that cannot work.
  if (!caipAddress.startsWith('eip155:'))
    return (
      <FeatureNotice className="portico-names" testId="names-evm-only">
        {t('evmOnly')}
      </FeatureNotice>
    )
  if (!online) {
    return <FeatureNotice className="portico-names">{t('needsNetwork')}</FeatureNotice>
  }

  // Live validation (SPEC.md §5): the rule shows as soon as the text breaks it; an empty field waits.
  const shownError: WriteError | null = error ?? (parsed === 'NAME_INVALID' ? { code: 'NAME_INVALID', field: 'name' } : null)
  const taken = checked !== null && holder.status === 'success' && holder.data !== null
  const free = checked !== null && holder.status === 'success' && holder.data === null
  const offered = (suggestions.data ?? []).filter((s) => !s.registered && s.name !== checked?.name).slice(0, 4)

  const register = async () => {
    if (!valid || signing) return
    if (!connector) return setError({ code: 'NOT_CONNECTED' })
    setError(null)
    setSigning(valid.name)
    const outcome = await write(client, { intent: { kind: 'registerName', caipAddress, name: valid.name }, connector }).catch((): { status: 'error'; error: WriteError } => ({
      status: 'error',
      error: { code: 'SOMETHING_WENT_WRONG' },
    }))
    setSigning(null)
    if (outcome.status === 'done') {
      client.navigate({ type: 'replace', view: { name: 'RegisterAccountNameSuccess', accountName: typeof outcome.result === 'string' ? outcome.result : valid.name } })
      return
    }
    if (outcome.error.field === 'name') return setError(outcome.error)
    // SPEC.md §8: 'Error registering name {name}', and the view stays with what was typed.
    ui.notify('error', outcome.error.code === 'USER_REJECTED' ? writeErrorMessage(te, outcome.error) : t('errorRegisteringName', { name: valid.name }))
  }

  return (
    <form
      className="portico-names"
      aria-busy={signing !== null}
      onSubmit={(e) => {
        e.preventDefault()
        void register()
      }}
    >
      <p className="portico-muted">{t('intro')}</p>
      <div className="portico-field">
        <label className="portico-label" htmlFor={ids.input}>
          {t('nameLabel')}
        </label>
        <div className="portico-name-input">
          <input
            id={ids.input}
            className="portico-input"
            value={text}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            disabled={signing !== null}
            aria-invalid={shownError ? 'true' : undefined}
            aria-describedby={`${ids.hint} ${ids.status}`}
            onChange={(e) => {
              setError(null)
              setText(e.target.value)
            }}
          />
          <span className="portico-name-suffix" aria-hidden="true">
            {DEFAULT_NAME_SUFFIX}
          </span>
        </div>
        <p id={ids.hint} className="portico-muted portico-name-hint">
          {t('rules')}
        </p>
        <NameStatus id={ids.status} error={shownError} checked={checked} failed={holder.status === 'error'} taken={taken} free={free} />
      </div>
      {suggestions.status === 'error' ? <p className="portico-muted">{t('errorFetchingNameSuggestions')}</p> : null}
      {signing === null ? <NameSuggestions id={`${ids.input}-suggestions`} offered={offered} onUse={setText} /> : null}
      {signing ? (
        <p className="portico-notice" role="status">
          <span className="portico-spinner" aria-hidden="true" /> {t('approveInWallet', { wallet: connector?.name ?? '', name: signing })}
        </p>
      ) : null}
      <button type="submit" className="portico-button portico-primary" disabled={!valid || taken || signing !== null}>
        {signing ? t('registering') : t('register', { name: valid?.name ?? DEFAULT_NAME_SUFFIX })}
      </button>
    </form>
  )
}

/** Under the name: the rule it breaks, or whether it is free (checking, available, taken, or the check failed). */
function NameStatus({ id, error, checked, failed, taken, free }: { id: string; error: WriteError | null; checked: { name: string } | null; failed: boolean; taken: boolean; free: boolean }) {
  const t = useMessages(NAMES_MESSAGES)
  const te = useMessages(WRITE_ERROR_MESSAGES)
  return (
    <div id={id}>
      {error ? (
        <p className="portico-field-error" role="alert" data-testid="name-error">
          {writeErrorMessage(te, error)}
        </p>
      ) : checked ? (
        <p className="portico-name-status" role="status" data-testid="name-status" data-state={taken ? 'taken' : free ? 'free' : 'checking'}>
          {failed ? t('errorResolvingName') : taken ? t('taken', { name: checked.name }) : free ? t('available', { name: checked.name }) : t('checking', { name: checked.name })}
        </p>
      ) : null}
    </div>
  )
}

/** Names close to the one typed that are free: choosing one types it. Nothing when there are none. */
function NameSuggestions({ id, offered, onUse }: { id: string; offered: readonly { name: string }[]; onUse: (name: string) => void }) {
  const t = useMessages(NAMES_MESSAGES)
  if (offered.length === 0) return null
  return (
    <div className="portico-name-suggestions">
      <h3 className="portico-subtitle" id={id}>
        {t('suggestions')}
      </h3>
      <ul aria-labelledby={id}>
        {offered.map((s) => (
          <li key={s.name}>
            <button type="button" className="portico-chip" aria-label={t('useSuggestion', { name: s.name })} onClick={() => onUse(s.name)}>
              {s.name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
