import { useId, useMemo, useState } from 'react'
import { formatUnits } from 'viem'
import { DISPLAY_DECIMALS } from '@portico/shared-types/constants'
import type { CaipAddress } from '@portico/shared-types/light'
import type { SwapToken, TokenBalance } from '@portico/shared-types'
import type { SimulatedCall, SwapTokenRef, WriteCheck, WriteError, WriteStep } from '@portico/shared-types/write'
import { checkWrite, write } from '../../../actions/write.ts'
import { usePorticoClient, usePorticoUi, useSnapshot } from '../../../context.ts'
import { useAccount, useConnectedConnector, useNetwork } from '../../../hooks/index.ts'
import { useSwapQuote } from '../../../hooks/queries/useSwapQuote.ts'
import { useSwapTokens } from '../../../hooks/queries/useSwapTokens.ts'
import { useIntlLocale, useT } from '../../../i18n/useT.ts'
import { useMessages } from '../../../i18n/useMessages.ts'
import { formatAmount, formatUsd } from '../../format.ts'
import { FeatureNotice } from '../shared/FeatureNotice.tsx'
import { SWAP_MESSAGES } from './swap.messages.ts'
import { FormShell, InputField, Summary } from '../shared/FormParts.tsx'
import { ReviewActions } from '../transactions/ReviewActions.tsx'
import { reviewShown } from '../transactions/reviewShown.ts'
import { useWritePreview } from '../transactions/WritePreview.tsx'
import { TokenPicker, type TokenChoice } from '../shared/TokenPicker.tsx'
import { useWriteErrors, WriteErrorText } from '../transactions/useWriteErrors.tsx'
import '../../../styles/transfer.css'

/** The convert API's address of the native coin (CAIP-10). */
const NATIVE = /0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee$/i

/** The account's balance of a swap token (the native coin has no address in the portfolio). */
function balanceOf(balances: readonly TokenBalance[] | null, token: SwapToken): string | null {
  const native = NATIVE.test(token.address)
  const row = balances?.find((b) => b.chainId === token.chainId && (native ? b.address === undefined : b.address?.toLowerCase() === token.address.toLowerCase()))
  return row?.quantity.numeric ?? null
}

const refOf = (token: SwapToken): SwapTokenRef => ({ address: token.address, symbol: token.symbol, decimals: token.decimals })

/**
 * The review keeps what it reviewed: the two tokens and their network (what is swapped, whatever reloads
 * meanwhile), and the calls the core built (the approval and the swap), for its simulated preview.
 */
type Reviewed = { from: SwapToken; to: SwapToken; caipNetworkId: string; calls: SimulatedCall[] }
type ReviewPhase = ({ step: 'review' } & Reviewed) | ({ step: 'swapping'; progress: WriteStep | null } & Reviewed)
type Phase = { step: 'form' } | ReviewPhase

/** The tokens (the account's first), what the visitor chose and typed, the quote, and the two steps: review (the core checks) and swap (the wallet signs). */
function useSwapFlow() {
  const client = usePorticoClient()
  const ui = usePorticoUi()
  const t = useMessages(SWAP_MESSAGES)
  const locale = useIntlLocale()
  const { core } = useSnapshot()
  const { caipAddress } = useAccount()
  const connector = useConnectedConnector()
  const capabilities = core?.capabilities.networks[core.activeCaipNetworkId ?? '']
  const swapChain = core?.activeCaipNetworkId && (core.capabilities.swapChains.includes(core.activeCaipNetworkId) || capabilities?.swaps) ? core.activeCaipNetworkId : undefined
  const online = core?.online ?? true
  const { data: tokens = [] } = useSwapTokens({ caipNetworkId: online ? swapChain : undefined })
  const balances = core?.balances.data ?? null
  // The account's tokens first (by value), then the rest as the convert API lists them.
  const ordered = useMemo(() => {
    const held = (t: SwapToken) => Number(balanceOf(balances, t) ?? 0) > 0
    return [...tokens.filter(held), ...tokens.filter((t) => !held(t))]
  }, [tokens, balances])
  const [fromKey, setFromKey] = useState<string | null>(null)
  const [toKey, setToKey] = useState<string | null>(null)
  const from = ordered.find((t) => t.address === fromKey) ?? ordered[0] ?? null
  const to = ordered.find((t) => t.address === toKey) ?? ordered.find((t) => t.address !== from?.address) ?? null
  const [amount, setAmount] = useState('')
  const [phase, setPhase] = useState<Phase>({ step: 'form' })
  const writeErrors = useWriteErrors()
  const { setErrors, fail } = writeErrors
  const quote = useSwapQuote({ caipAddress, from: from && refOf(from), to: to && refOf(to), amount })
  const shown = quote.data && quote.settledAmount === amount.trim() ? quote.data : null
  const intent = (caipAddress: CaipAddress, expected: string | undefined, tokens: { from: SwapToken | null; to: SwapToken | null }) => ({
    kind: 'swap' as const,
    caipAddress,
    from: tokens.from ? refOf(tokens.from) : { address: caipAddress, symbol: '', decimals: 0 },
    to: tokens.to ? refOf(tokens.to) : { address: caipAddress, symbol: '', decimals: 0 },
    amount,
    ...(expected ? { expectedToAmount: expected } : {}),
  })

  const review = async (caipAddress: CaipAddress) => {
    setErrors({})
    const tokens = { from, to }
    const caipNetworkId = core?.activeCaipNetworkId ?? ''
    const checked = await checkWrite(client, intent(caipAddress, shown?.toAmount, tokens)).catch((): WriteCheck => ({ status: 'error', error: { code: 'SOMETHING_WENT_WRONG' } }))
    if (checked.status === 'error') {
      // The price moved: show the new quote and let the visitor decide again.
      if (checked.error.code === 'QUOTE_MOVED') quote.refetch()
      return fail(checked.error, 'check')
    }
    if (!tokens.from || !tokens.to) return
    setPhase({ step: 'review', from: tokens.from, to: tokens.to, caipNetworkId, calls: checked.calls })
  }

  /** The swap reviewed goes to the wallet; the review stays on screen until the wallet answers. */
  const swap = async (caipAddress: CaipAddress, reviewed: ReviewPhase) => {
    if (!connector) return fail({ code: 'NOT_CONNECTED' }, 'send')
    setErrors({})
    setPhase({ ...reviewed, step: 'swapping', progress: null })
    // A wallet that runs atomic batches (EIP-5792) gets the approval and the swap as one request: one approval.
    const atomic = !NATIVE.test(reviewed.from.address) ? await import('../../../connectors/calls.ts').then((m) => m.runsAtomicBatches(connector, caipAddress)).catch(() => false) : false
    const outcome = await write(client, {
      intent: { ...intent(caipAddress, shown?.toAmount, reviewed), ...(atomic ? { atomic } : {}) },
      connector,
      onStep: (progress) => setPhase({ ...reviewed, step: 'swapping', progress }),
    }).catch((): { status: 'error'; error: WriteError } => ({ status: 'error', error: { code: 'SOMETHING_WENT_WRONG' } }))
    if (outcome.status === 'done') {
      ui.notify('success', t('swapStarted'))
      setAmount('')
      client.navigate({ type: 'reset', view: { name: 'Account' } })
      return
    }
    setPhase({ step: 'form' })
    if (outcome.error.code === 'QUOTE_MOVED') quote.refetch()
    fail(outcome.error, outcome.error.code === 'QUOTE_MOVED' ? 'check' : 'send')
  }

  const choice = (token: SwapToken): TokenChoice => {
    const balance = balanceOf(balances, token)
    return {
      key: token.address,
      symbol: token.symbol,
      name: token.name,
      iconUrl: token.logoUri || null,
      balance: balance ? t('balance', { balance: formatAmount(balance, DISPLAY_DECIMALS.tokenValue, locale), symbol: token.symbol }) : null,
    }
  }
  const received = shown && to ? formatUnits(BigInt(shown.toAmount), to.decimals) : null
  return {
    t,
    locale,
    core,
    caipAddress,
    connector,
    online,
    swapChain,
    balances,
    ordered,
    from,
    to,
    setFromKey,
    setToKey,
    amount,
    setAmount,
    phase,
    setPhase,
    writeErrors,
    quote,
    shown,
    received,
    choice,
    review,
    swap,
  }
}

type SwapFlow = ReturnType<typeof useSwapFlow>

/**
 * Swap (SPEC.md §2): the token to pay and to receive (the account's balances first, with search),
 * the amount, the quote refreshed as it changes (500 ms) and while the view is open, rate, price
 * impact, network fee, 1 % slippage and the minimum received; a review; then, through the one write
 * path, an approval when the allowance is short and the swap, each shown as a step.
 */
export default function SwapView() {
  const flow = useSwapFlow()
  const { t, core, caipAddress, online, swapChain, phase } = flow
  const { network } = useNetwork()
  if (!caipAddress || !core) return null
  if (reviewShown(phase, core.activeCaipNetworkId)) return <SwapReview flow={flow} reviewed={phase} onConfirm={() => void flow.swap(caipAddress, phase)} />
  // SPEC.md §9: swaps are eip155's; on another namespace's account the view says so and offers the networks instead of a form.
  if (!caipAddress.startsWith('eip155:')) return <SwapEvmOnly message={t('evmOnly')} />
  if (!online) return <FeatureNotice className="portico-send">{t('needsNetwork')}</FeatureNotice>
  if (!swapChain) return <FeatureNotice className="portico-send">{t('unsupported', { network: network?.name ?? '' })}</FeatureNotice>
  return <SwapForm flow={flow} onSubmit={() => void flow.review(caipAddress)} />
}

/** What Swap shows on a Solana (or other non-EVM) account: why there is no form, and the way to an EVM network. */
function SwapEvmOnly({ message }: { message: string }) {
  const client = usePorticoClient()
  const tc = useT()
  return (
    <div className="portico-send" data-testid="swap-evm-only">
      <FeatureNotice className="portico-feature-notice">{message}</FeatureNotice>
      <button type="button" className="portico-button" onClick={() => client.navigate({ type: 'push', view: { name: 'Networks' } })}>
        {tc('chooseNetwork')}
      </button>
    </div>
  )
}

/** The quote's details: rate, price impact, network fee, slippage and the minimum received. */
function SwapDetails({ flow }: { flow: SwapFlow }) {
  const { t, locale, shown, from, to } = flow
  if (!shown || !from || !to) return null
  const minimum = formatUnits(BigInt(shown.minimumToAmount), to.decimals)
  return (
    <Summary
      testId="swap-details"
      rows={[
        {
          term: t('rate'),
          value: (
            <>
              1 {from.symbol} = {formatAmount(String(shown.rate), 4, locale)} {to.symbol}
            </>
          ),
        },
        { term: t('priceImpact'), value: shown.priceImpact === null ? '—' : `${formatAmount(String(shown.priceImpact), 2, locale)} %` },
        { term: t('networkFee'), value: shown.feeUsd === null ? '—' : formatUsd(shown.feeUsd, locale) },
        { term: t('slippage'), value: <>{shown.slippage} %</> },
        {
          term: t('minimumReceived'),
          testId: 'swap-minimum',
          value: (
            <>
              {formatAmount(minimum, 6, locale)} {to.symbol}
            </>
          ),
        },
      ]}
    />
  )
}

/** The review: what is paid and received, the details, each wallet step as it is asked. */
function SwapReview({ flow, reviewed, onConfirm }: { flow: SwapFlow; reviewed: ReviewPhase; onConfirm(): void }) {
  const { t, locale, amount, received, setPhase, connector, caipAddress } = flow
  const { from, to } = reviewed
  const progress = reviewed.step === 'swapping' ? reviewed.progress : null
  const preview = useWritePreview(caipAddress, reviewed.calls)
  return (
    <div className="portico-send" aria-busy={reviewed.step === 'swapping'}>
      <Summary
        rows={[
          {
            term: t('youPay'),
            testId: 'swap-review-pay',
            value: (
              <>
                {amount} {from.symbol}
              </>
            ),
          },
          {
            term: t('youReceive'),
            testId: 'swap-review-receive',
            value: (
              <>
                {t('estimate')} {formatAmount(received ?? '0', 6, locale)} {to.symbol}
              </>
            ),
          },
        ]}
      />
      <SwapDetails flow={flow} />
      {preview.section}
      {progress ? (
        <p className="portico-notice" role="status" data-testid="swap-progress">
          {t('step', { index: progress.index, total: progress.total })}:{' '}
          {progress.label === 'approve' ? t('stepApprove', { symbol: from.symbol, wallet: connector?.name ?? '' }) : t('stepSwap', { wallet: connector?.name ?? '' })}
        </p>
      ) : null}
      <ReviewActions
        editLabel={t('edit')}
        confirmLabel={t('confirmSwap')}
        busy={reviewed.step === 'swapping'}
        blocked={preview.blocked}
        onEdit={() => setPhase({ step: 'form' })}
        onConfirm={onConfirm}
      />
    </div>
  )
}

/** The form: the token to pay, the amount (with Max), the token to receive, and the quote as it comes. */
function SwapForm({ flow, onSubmit }: { flow: SwapFlow; onSubmit(): void }) {
  const { t, locale, balances, ordered, from, to, setFromKey, setToKey, amount, setAmount, writeErrors, quote, received, choice } = flow
  const { errors, setErrors, message } = writeErrors
  const ids = { amount: useId(), amountError: useId(), tokenError: useId() }
  const choices = ordered.map(choice)
  const fromBalance = from ? balanceOf(balances, from) : null
  return (
    <FormShell className="portico-send" onSubmit={onSubmit} submitLabel={t('review')} notice={<WriteErrorText error={errors.form} message={message} />}>
      <TokenPicker
        label={t('youPay')}
        chooseLabel={t('chooseToPay')}
        searchLabel={t('searchTokens')}
        choices={choices}
        selected={from ? choice(from) : null}
        onSelect={(key) => {
          setFromKey(key)
          setErrors({})
        }}
        errorId={errors.token ? ids.tokenError : undefined}
      />
      <InputField
        id={ids.amount}
        label={
          <>
            {t('amountToPay')} {from ? `(${from.symbol})` : ''}
          </>
        }
        inputMode="decimal"
        placeholder="0.0"
        value={amount}
        error={errors.amount ? message(errors.amount) : null}
        errorId={ids.amountError}
        onChange={(value) => {
          setAmount(value)
          if (errors.amount || errors.form) setErrors({})
        }}
        action={
          <button type="button" className="portico-button portico-secondary portico-max" disabled={!fromBalance} onClick={() => fromBalance && setAmount(fromBalance)}>
            {t('max')}
          </button>
        }
      />
      <TokenPicker
        label={t('youReceive')}
        chooseLabel={t('chooseToReceive')}
        searchLabel={t('searchTokens')}
        choices={choices}
        selected={to ? choice(to) : null}
        onSelect={(key) => {
          setToKey(key)
          setErrors({})
        }}
      />
      <WriteErrorText id={ids.tokenError} error={errors.token ?? (from && to && from.address === to.address ? { code: 'SAME_TOKEN' } : undefined)} message={message} />
      <p className="portico-swap-quote" role="status" data-testid="swap-quote">
        {received && to
          ? `${t('youReceive')}: ${formatAmount(received, 6, locale)} ${to.symbol}`
          : quote.isFetching
            ? t('quoting')
            : quote.status === 'error'
              ? message({ code: 'NO_ROUTE', values: { from: from?.symbol ?? '', to: to?.symbol ?? '' } })
              : t('noQuote')}
      </p>
      <SwapDetails flow={flow} />
    </FormShell>
  )
}
