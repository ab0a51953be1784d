import { useId, useMemo, useState } from 'react'
import { DISPLAY_DECIMALS } from '@portico/shared-types/constants'
import { shortenAddress, splitCaipAddress, type CaipAddress } from '@portico/shared-types/light'
import type { TokenBalance } from '@portico/shared-types'
import type { ResolvedReceiver, SendToken, WriteError, WriteField } from '@portico/shared-types/write'
import { checkWrite, write } from '../../actions/write.ts'
import { usePorticoClient, usePorticoUi, useSnapshot } from '../../context.ts'
import { useAccount, useConnectedConnector, useNetwork } from '../../hooks/index.ts'
import { useResolvedReceiver } from '../../hooks/queries/useResolvedReceiver.ts'
import { useSendEstimate } from '../../hooks/queries/useSendEstimate.ts'
import { useIntlLocale } from '../../i18n/useT.ts'
import { useMessages, type FeatureTranslate } from '../../i18n/useMessages.ts'
import { formatAmount, formatUsd } from '../format.ts'
import { FeatureNotice } from './FeatureNotice.tsx'
import { ReviewActions } from './ReviewActions.tsx'
import { TokenPicker, type TokenChoice } from './TokenPicker.tsx'
import { useWriteErrors, WriteErrorText } from './useWriteErrors.tsx'
import { TRANSFER_MESSAGES, type TransferKey } from './transfer.messages.ts'
import '../../styles/transfer.css'
import { SafeImage } from '../../components/SafeImage.tsx'

/** A token the account can send, from its balances: the native one first. */
type SendOption = { key: string; token: SendToken; balance: string; iconUrl: string | null; name: string }

function sendOptions(balances: readonly TokenBalance[] | null, chainId: string | undefined): SendOption[] {
  const rows = (balances ?? []).filter((b) => b.chainId === chainId)
  return rows
    .map((b) => ({
      key: b.address ?? 'native',
      token: { ...(b.address ? { address: splitCaipAddress(b.address).address } : {}), symbol: b.symbol, decimals: Number(b.quantity.decimals) },
      balance: b.quantity.numeric,
      iconUrl: b.iconUrl || null,
      name: b.name,
    }))
    .sort((a, b) => (a.key === 'native' ? -1 : b.key === 'native' ? 1 : 0))
}

/** What the receiver line shows: a name being looked up, found, not found, or a failed look-up. */
type Receiver = { state: 'idle' } | { state: 'resolving'; name: string } | { state: 'resolved'; receiver: ResolvedReceiver } | { state: 'notFound'; name: string } | { state: 'failed' }

function useReceiver(caipAddress: CaipAddress | undefined, text: string): Receiver {
  const { name, status, data } = useResolvedReceiver({ caipAddress, text })
  if (!name) return { state: 'idle' }
  if (status === 'error') return { state: 'failed' }
  if (status !== 'success' || data === undefined) return { state: 'resolving', name }
  return data ? { state: 'resolved', receiver: data } : { state: 'notFound', name }
}

type Phase = { step: 'form' } | { step: 'review' } | { step: 'sending'; wallet: string }

/**
 * Send (SPEC.md §4 send flow): token, amount, receiver, fee; a review; then the wallet signs through
 * the one write path. The core validates (SPEC.md §5) and follows the transaction; this view keeps
 * only what the visitor typed, which survives a failure.
 */
export default function SendView({ token: initialToken }: { token?: string | undefined }) {
  const client = usePorticoClient()
  const ui = usePorticoUi()
  const t = useMessages(TRANSFER_MESSAGES)
  const locale = useIntlLocale()
  const { core } = useSnapshot()
  const { caipAddress } = useAccount()
  const { network } = useNetwork()
  const connector = useConnectedConnector()
  const online = core?.online ?? true
  const options = useMemo(() => sendOptions(core?.balances.data ?? null, core?.activeCaipNetworkId ?? undefined), [core?.balances.data, core?.activeCaipNetworkId])
  const [tokenKey, setTokenKey] = useState(initialToken ?? 'native')
  const option = options.find((o) => o.key === tokenKey) ?? options[0] ?? null
  const choices: TokenChoice[] = options.map((o) => ({
    key: o.key,
    symbol: o.token.symbol,
    name: o.name,
    iconUrl: o.iconUrl,
    balance: t('tokenBalance', { balance: formatAmount(o.balance, DISPLAY_DECIMALS.tokenValue, locale), symbol: o.token.symbol }),
  }))
  const [amount, setAmount] = useState('')
  const [receiverText, setReceiverText] = useState('')
  const [phase, setPhase] = useState<Phase>({ step: 'form' })
  const { errors, setErrors, fail, message } = useWriteErrors((error) => ui.emit({ type: 'SEND_ERROR', code: error.code }))
  const receiver = useReceiver(caipAddress, receiverText)
  const { data: estimate = null } = useSendEstimate({ caipAddress: online ? caipAddress : undefined, token: option?.token ?? null })
  const ids = { amount: useId(), receiver: useId(), amountError: useId(), receiverError: useId(), tokenError: useId() }

  if (!caipAddress || !core) return null
  const intent = () => ({ kind: 'send' as const, caipAddress, token: option?.token ?? null, amount, receiver: receiverText })

  /** Review: the core validates everything and builds the transaction; nothing reaches the wallet yet. */
  const review = async () => {
    setErrors({})
    const error = await checkWrite(client, intent()).catch((): WriteError => ({ code: 'SOMETHING_WENT_WRONG' }))
    if (error) return fail(error, 'check')
    setPhase({ step: 'review' })
  }

  const send = async () => {
    if (!connector) return fail({ code: 'NOT_CONNECTED' }, 'send')
    setErrors({})
    setPhase({ step: 'sending', wallet: connector.name })
    ui.emit({ type: 'SEND_INITIATED', caipNetworkId: core.activeCaipNetworkId ?? '', token: option?.token.symbol ?? '', amount })
    const outcome = await write(client, { intent: intent(), connector }).catch((): { status: 'error'; error: WriteError } => ({ status: 'error', error: { code: 'SOMETHING_WENT_WRONG' } }))
    if (outcome.status === 'done') {
      ui.emit({ type: 'SEND_SUCCESS', caipNetworkId: core.activeCaipNetworkId ?? '', hash: outcome.hash ?? '' })
      ui.notify('success', t('transactionStarted'))
      setAmount('')
      setReceiverText('')
      client.navigate({ type: 'reset', view: { name: 'Account' } })
      return
    }
    setPhase({ step: 'form' })
    fail(outcome.error, 'send')
  }

  const fieldError = (field: WriteField, id: string) => <WriteErrorText id={id} error={errors[field]} message={message} />

  if (!online) {
    return (
      <FeatureNotice className="portico-send">
        {t('needsNetwork')}
      </FeatureNotice>
    )
  }

  const shownReceiver = receiver.state === 'resolved' ? receiver.receiver.address : receiverText.trim()
  const fee = estimate ? (
    <>
      {formatAmount(estimate.fee, 6, locale)} {estimate.nativeSymbol}
      {estimate.feeUsd !== null ? ` (${formatUsd(estimate.feeUsd, locale)})` : ''}
    </>
  ) : (
    t('feeUnknown')
  )

  if (phase.step !== 'form' && option) {
    return (
      <div className="portico-send" aria-busy={phase.step === 'sending'}>
        <h3 className="portico-subtitle">{t('reviewTitle')}</h3>
        <dl className="portico-summary">
          <div>
            <dt>{t('youSend')}</dt>
            <dd data-testid="review-amount">
              {amount} {option.token.symbol}
            </dd>
          </div>
          <div>
            <dt>{t('to')}</dt>
            <dd data-testid="review-receiver" title={shownReceiver}>
              {receiver.state === 'resolved' ? `${receiver.receiver.name} (${shortenAddress(receiver.receiver.address)})` : shortenAddress(shownReceiver)}
            </dd>
          </div>
          <div>
            <dt>{t('network')}</dt>
            <dd>{network?.name}</dd>
          </div>
          <div>
            <dt>{t('networkFee')}</dt>
            <dd>{fee}</dd>
          </div>
        </dl>
        {phase.step === 'sending' ? (
          <p className="portico-notice portico-pending-text" role="status">
            {t('approveInWallet', { wallet: phase.wallet })}
          </p>
        ) : null}
        <ReviewActions
          editLabel={t('edit')}
          confirmLabel={phase.step === 'sending' ? t('sending') : t('confirmSend')}
          busy={phase.step === 'sending'}
          onEdit={() => setPhase({ step: 'form' })}
          onConfirm={() => void send()}
        />
      </div>
    )
  }

  return (
    <form
      className="portico-send"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void review()
      }}
    >
      <TokenPicker
        label={t('token')}
        chooseLabel={t('chooseToken')}
        choices={choices}
        selected={choices.find((c) => c.key === option?.key) ?? null}
        onSelect={(key) => {
          setTokenKey(key)
          setErrors({})
        }}
        errorId={errors.token ? ids.tokenError : undefined}
      />
      {fieldError('token', ids.tokenError)}

      <div className="portico-field">
        <label className="portico-label" htmlFor={ids.amount}>
          {t('amount')} {option ? `(${option.token.symbol})` : ''}
        </label>
        <div className="portico-input-row">
          <input
            id={ids.amount}
            className="portico-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.0"
            value={amount}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? ids.amountError : undefined}
            onChange={(e) => {
              setAmount(e.target.value)
              if (errors.amount) setErrors({})
            }}
          />
          <button type="button" className="portico-button portico-secondary portico-max" disabled={!estimate} onClick={() => estimate && setAmount(estimate.max)}>
            {t('max')}
          </button>
        </div>
        {fieldError('amount', ids.amountError)}
      </div>

      <div className="portico-field">
        <label className="portico-label" htmlFor={ids.receiver}>
          {t('receiver')}
        </label>
        <input
          id={ids.receiver}
          className="portico-input"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('receiverPlaceholder')}
          value={receiverText}
          aria-invalid={errors.receiver ? true : undefined}
          aria-describedby={errors.receiver ? ids.receiverError : undefined}
          onChange={(e) => {
            setReceiverText(e.target.value)
            if (errors.receiver) setErrors({})
          }}
        />
        <ReceiverLine receiver={receiver} t={t} />
        {fieldError('receiver', ids.receiverError)}
      </div>

      <dl className="portico-summary">
        <div>
          <dt>{t('networkFee')}</dt>
          <dd data-testid="send-fee">{fee}</dd>
        </div>
        <div>
          <dt>{t('networkBalance')}</dt>
          <dd data-testid="send-network-balance">{estimate?.networkBalanceUsd != null ? formatUsd(estimate.networkBalanceUsd, locale) : estimate ? `${formatAmount(estimate.nativeBalance, 4, locale)} ${estimate.nativeSymbol}` : '—'}</dd>
        </div>
      </dl>
      <WriteErrorText error={errors.form} message={message} />
      <button type="submit" className="portico-button">
        {t('review')}
      </button>
    </form>
  )
}

function ReceiverLine({ receiver, t }: { receiver: Receiver; t: FeatureTranslate<TransferKey> }) {
  switch (receiver.state) {
    case 'resolving':
      return (
        <p className="portico-muted" role="status">
          {t('resolving', { name: receiver.name })}
        </p>
      )
    case 'resolved':
      return (
        <p className="portico-resolved" role="status" data-testid="receiver-resolved">
          <SafeImage src={receiver.receiver.avatar} alt="" width={20} height={20} />
          {t('resolvedTo', { name: receiver.receiver.name, address: shortenAddress(receiver.receiver.address) })}
        </p>
      )
    case 'notFound':
      return (
        <p className="portico-field-error" role="status">
          {t('nameNotFound', { name: receiver.name })}
        </p>
      )
    case 'failed':
      return (
        <p className="portico-field-error" role="status">
          {t('resolveFailed')}
        </p>
      )
    default:
      return null
  }
}
