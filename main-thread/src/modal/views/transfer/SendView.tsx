import { useId, useMemo, useState, type ReactNode } from 'react'
import { DISPLAY_DECIMALS } from '@portico/shared-types/constants'
import { shortenAddress, splitCaipAddress, type CaipAddress } from '@portico/shared-types/light'
import type { TokenBalance } from '@portico/shared-types'
import type { ResolvedReceiver, SendToken, SimulatedCall, WriteCheck, WriteError } from '@portico/shared-types/write'
import { checkWrite, write } from '../../../actions/write.ts'
import { usePorticoClient, usePorticoUi, useSnapshot } from '../../../context.ts'
import { useAccount, useConnectedConnector, useNetwork } from '../../../hooks/index.ts'
import { useResolvedReceiver } from '../../../hooks/queries/useResolvedReceiver.ts'
import { useSendEstimate } from '../../../hooks/queries/useSendEstimate.ts'
import { useDebounced } from '../../../hooks/useDebounced.ts'
import { useIntlLocale } from '../../../i18n/useT.ts'
import { useMessages, type FeatureTranslate } from '../../../i18n/useMessages.ts'
import { formatAmount, formatUsd } from '../../format.ts'
import { FeatureNotice } from '../shared/FeatureNotice.tsx'
import { FormShell, InputField, Summary } from '../shared/FormParts.tsx'
import { ReviewActions } from '../transactions/ReviewActions.tsx'
import { reviewShown } from '../transactions/reviewShown.ts'
import { useWritePreview } from '../transactions/WritePreview.tsx'
import { TokenPicker, type TokenChoice } from '../shared/TokenPicker.tsx'
import { useWriteErrors, WriteErrorText } from '../transactions/useWriteErrors.tsx'
import { TRANSFER_MESSAGES, type TransferKey } from './transfer.messages.ts'
import '../../../styles/transfer.css'
import { SafeImage } from '../../../components/SafeImage.tsx'

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
type Receiver =
  | { state: 'idle' }
  | { state: 'resolving'; name: string }
  | { state: 'resolved'; receiver: ResolvedReceiver }
  | { state: 'notFound'; name: string }
  | { state: 'failed' }
  | { state: 'evmOnly' }

function useReceiver(caipAddress: CaipAddress | undefined, text: string): Receiver {
  // Names are eip155's (SPEC.md §9): on another namespace a typed name is not looked up, the line says why.
  const evm = caipAddress?.startsWith('eip155:') ?? false
  const { name, status, data } = useResolvedReceiver({ caipAddress: evm ? caipAddress : undefined, text })
  if (!name) return { state: 'idle' }
  if (!evm) return { state: 'evmOnly' }
  if (status === 'error') return { state: 'failed' }
  if (status !== 'success' || data === undefined) return { state: 'resolving', name }
  return data ? { state: 'resolved', receiver: data } : { state: 'notFound', name }
}

/**
 * The review keeps what it reviewed: the token (what is sent, even while the network's balances
 * reload), the network, and the calls the core built, for its simulated preview.
 */
type Reviewed = { option: SendOption | null; caipNetworkId: string; calls: SimulatedCall[]; transaction?: string | undefined }
type ReviewPhase = ({ step: 'review' } & Reviewed) | ({ step: 'sending'; wallet: string } & Reviewed)
type Phase = { step: 'form' } | ReviewPhase

/** A Solana address as SPEC.md §5 reads one: base58 of 32 to 44 characters. */
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** What the visitor typed and chose, and the two steps: review (the core checks) and send (the wallet signs). */
function useSendFlow(initialToken: string | undefined) {
  const client = usePorticoClient()
  const ui = usePorticoUi()
  const t = useMessages(TRANSFER_MESSAGES)
  const locale = useIntlLocale()
  const { core } = useSnapshot()
  const { caipAddress } = useAccount()
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
  const writeErrors = useWriteErrors((error) => ui.emit({ type: 'SEND_ERROR', code: error.code }))
  const { setErrors, fail } = writeErrors
  const receiver = useReceiver(caipAddress, receiverText)
  const solana = caipAddress?.startsWith('solana:') ?? false
  // An SPL token's receiver without a token account gets one with the transfer: the estimate says its rent once the address is typed.
  const typedReceiver = receiverText.trim()
  const rentReceiver = useDebounced(solana && option?.token.address && SOLANA_ADDRESS.test(typedReceiver) ? typedReceiver : undefined, { initial: undefined })
  const { data: estimate = null } = useSendEstimate({ caipAddress: online ? caipAddress : undefined, token: option?.token ?? null, receiver: rentReceiver })
  const intent = (caipAddress: CaipAddress, chosen: SendOption | null) => ({ kind: 'send' as const, caipAddress, token: chosen?.token ?? null, amount, receiver: receiverText })

  /** Review: the core validates everything and builds the transaction; nothing reaches the wallet yet. */
  const review = async (caipAddress: CaipAddress) => {
    setErrors({})
    const chosen = option
    const caipNetworkId = core?.activeCaipNetworkId ?? ''
    const checked = await checkWrite(client, intent(caipAddress, chosen)).catch((): WriteCheck => ({ status: 'error', error: { code: 'SOMETHING_WENT_WRONG' } }))
    if (checked.status === 'error') return fail(checked.error, 'check')
    setPhase({ step: 'review', option: chosen, caipNetworkId, calls: checked.calls, transaction: checked.transaction })
  }

  /** Send: the token reviewed goes to the wallet; the review stays on screen until the wallet answers. */
  const send = async (caipAddress: CaipAddress, reviewed: Reviewed) => {
    if (!connector) return fail({ code: 'NOT_CONNECTED' }, 'send')
    const { caipNetworkId } = reviewed
    setErrors({})
    setPhase({ ...reviewed, step: 'sending', wallet: connector.name })
    ui.emit({ type: 'SEND_INITIATED', caipNetworkId, token: reviewed.option?.token.symbol ?? '', amount })
    const outcome = await write(client, { intent: intent(caipAddress, reviewed.option), connector }).catch((): { status: 'error'; error: WriteError } => ({
      status: 'error',
      error: { code: 'SOMETHING_WENT_WRONG' },
    }))
    if (outcome.status === 'done') {
      ui.emit({ type: 'SEND_SUCCESS', caipNetworkId, hash: outcome.hash ?? '' })
      ui.notify('success', t('transactionStarted'))
      setAmount('')
      setReceiverText('')
      client.navigate({ type: 'reset', view: { name: 'Account' } })
      return
    }
    setPhase({ step: 'form' })
    fail(outcome.error, 'send')
  }

  const fee = estimate?.sponsored ? (
    <span data-testid="send-fee-sponsored">{t('gasSponsored')}</span>
  ) : estimate ? (
    <>
      {formatAmount(estimate.fee, 6, locale)} {estimate.nativeSymbol}
      {estimate.feeUsd !== null ? ` (${formatUsd(estimate.feeUsd, locale)})` : ''}
    </>
  ) : (
    t('feeUnknown')
  )
  // Shown only for the receiver now typed (the estimate of an earlier one may still be on screen).
  const rent =
    estimate?.rent && rentReceiver === typedReceiver ? (
      <>
        {formatAmount(estimate.rent, 6, locale)} {estimate.nativeSymbol}
        {estimate.rentUsd != null ? ` (${formatUsd(estimate.rentUsd, locale)})` : ''}
      </>
    ) : null
  return {
    t,
    locale,
    core,
    caipAddress,
    solana,
    online,
    option,
    choices,
    setTokenKey,
    amount,
    setAmount,
    receiverText,
    setReceiverText,
    phase,
    setPhase,
    writeErrors,
    receiver,
    estimate,
    fee,
    rent,
    review,
    send,
  }
}

type SendFlow = ReturnType<typeof useSendFlow>

/**
 * Send (SPEC.md §4 send flow): token, amount, receiver, fee; a review; then the wallet signs through
 * the one write path. The core validates (SPEC.md §5) and follows the transaction; this view keeps
 * only what the visitor typed, which survives a failure.
 */
export default function SendView({ token }: { token?: string | undefined }) {
  // SPEC.md §4: switching namespace resets the send state (what was typed was for another kind of account).
  const namespace = useSnapshot().core?.activeNamespace ?? null
  return <SendFlowView key={namespace ?? ''} token={token} />
}

function SendFlowView({ token: initialToken }: { token?: string | undefined }) {
  const flow = useSendFlow(initialToken)
  const { core, caipAddress, online, phase, t } = flow
  if (!caipAddress || !core) return null
  if (!online) return <FeatureNotice className="portico-send">{t('needsNetwork')}</FeatureNotice>
  if (reviewShown(phase, core.activeCaipNetworkId)) return <SendReview flow={flow} reviewed={phase} onConfirm={() => void flow.send(caipAddress, phase)} />
  return <SendForm flow={flow} onSubmit={() => void flow.review(caipAddress)} />
}

/** The review: what goes where, on which network, for what fee; then the wallet is asked. */
function SendReview({ flow, reviewed, onConfirm }: { flow: SendFlow; reviewed: ReviewPhase; onConfirm(): void }) {
  const { t, receiver, receiverText, amount, fee, rent, setPhase, caipAddress, estimate } = flow
  const { networks } = useNetwork()
  const network = networks.find((n) => n.caipNetworkId === reviewed.caipNetworkId)
  const preview = useWritePreview(caipAddress, reviewed.calls, reviewed.transaction)
  const shownReceiver = receiver.state === 'resolved' ? receiver.receiver.address : receiverText.trim()
  return (
    <div className="portico-send" aria-busy={reviewed.step === 'sending'}>
      <h3 className="portico-subtitle">{t('reviewTitle')}</h3>
      <Summary
        rows={[
          {
            term: t('youSend'),
            testId: 'review-amount',
            value: (
              <>
                {amount} {reviewed.option?.token.symbol ?? estimate?.nativeSymbol ?? ''}
              </>
            ),
          },
          {
            term: t('to'),
            testId: 'review-receiver',
            title: shownReceiver,
            value: receiver.state === 'resolved' ? `${receiver.receiver.name} (${shortenAddress(receiver.receiver.address)})` : shortenAddress(shownReceiver),
          },
          { term: t('network'), value: network?.name },
          { term: t('networkFee'), value: fee },
          ...(rent ? [{ term: t('tokenAccountRent'), testId: 'review-rent', value: rent }] : []),
        ]}
      />
      {rent ? <RentNote flow={flow} /> : null}
      {preview.section}
      {reviewed.step === 'sending' ? (
        <p className="portico-notice portico-pending-text" role="status">
          {t('approveInWallet', { wallet: reviewed.wallet })}
        </p>
      ) : null}
      <ReviewActions
        editLabel={t('edit')}
        confirmLabel={reviewed.step === 'sending' ? t('sending') : t('confirmSend')}
        busy={reviewed.step === 'sending'}
        blocked={preview.blocked}
        onEdit={() => setPhase({ step: 'form' })}
        onConfirm={onConfirm}
      />
    </div>
  )
}

/** The form: token, amount (with Max), receiver (an address or a name, looked up as it is typed), the fee and the network's balance. */
function SendForm({ flow, onSubmit }: { flow: SendFlow; onSubmit(): void }) {
  const { t, locale, solana, option, choices, setTokenKey, amount, setAmount, receiverText, setReceiverText, writeErrors, receiver, estimate, fee, rent } = flow
  const { errors, setErrors, message } = writeErrors
  const ids = { amount: useId(), receiver: useId(), amountError: useId(), receiverError: useId(), tokenError: useId() }
  const fieldError = (error: WriteError | undefined) => (error ? message(error) : null)
  const networkBalance =
    estimate?.networkBalanceUsd != null ? formatUsd(estimate.networkBalanceUsd, locale) : estimate ? `${formatAmount(estimate.nativeBalance, 4, locale)} ${estimate.nativeSymbol}` : '—'
  return (
    <FormShell className="portico-send" onSubmit={onSubmit} submitLabel={t('review')} notice={<WriteErrorText error={errors.form} message={message} />}>
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
      <WriteErrorText id={ids.tokenError} error={errors.token} message={message} />
      <InputField
        id={ids.amount}
        label={
          <>
            {t('amount')} {option ? `(${option.token.symbol})` : ''}
          </>
        }
        inputMode="decimal"
        placeholder="0.0"
        value={amount}
        error={fieldError(errors.amount)}
        errorId={ids.amountError}
        onChange={(value) => {
          setAmount(value)
          if (errors.amount) setErrors({})
        }}
        action={
          <button type="button" className="portico-button portico-secondary portico-max" disabled={!estimate} onClick={() => estimate && setAmount(estimate.max)}>
            {t('max')}
          </button>
        }
      />
      <InputField
        id={ids.receiver}
        label={t('receiver')}
        spellCheck={false}
        placeholder={solana ? t('receiverPlaceholderSolana') : t('receiverPlaceholder')}
        value={receiverText}
        error={fieldError(errors.receiver)}
        errorId={ids.receiverError}
        onChange={(value) => {
          setReceiverText(value)
          if (errors.receiver) setErrors({})
        }}
      >
        <ReceiverLine receiver={receiver} t={t} />
      </InputField>
      <Summary
        rows={[
          { term: t('networkFee'), testId: 'send-fee', value: fee },
          ...(rent ? [{ term: t('tokenAccountRent'), testId: 'send-rent', value: rent }] : []),
          { term: t('networkBalance'), testId: 'send-network-balance', value: networkBalance },
        ]}
      />
      {rent ? <RentNote flow={flow} /> : null}
    </FormShell>
  )
}

/** Why the rent is there: the receiver has no account for the token yet, and the transfer makes one. */
function RentNote({ flow }: { flow: SendFlow }) {
  const { t, receiverText, option } = flow
  return (
    <p className="portico-muted" data-testid="send-rent-note">
      {t('tokenAccountRentNote', { address: shortenAddress(receiverText.trim()), symbol: option?.token.symbol ?? '' })}
    </p>
  )
}

function ReceiverLine({ receiver, t }: { receiver: Receiver; t: FeatureTranslate<TransferKey> }): ReactNode {
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
    case 'evmOnly':
      return (
        <p className="portico-field-error" role="status" data-testid="receiver-evm-only">
          {t('namesEvmOnly')}
        </p>
      )
    case 'failed':
      return (
        <p className="portico-field-error" role="status">
          {t('errorResolvingName')}
        </p>
      )
    default:
      return null
  }
}
