import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { splitCaipAddress } from '@portico/shared-types/light'
import {
  ONRAMP_CURRENCIES,
  ONRAMP_DELIVERY_POLL_MS,
  ONRAMP_PAYMENT_METHODS,
  ONRAMP_PROVIDERS,
  ONRAMP_SAMPLE_LIMITS,
  onrampNetworkFor,
  type OnrampCurrency,
  type OnrampPaymentMethod,
  type OnrampProviderId,
} from '@portico/shared-types/onramp'
import type { OnrampOptions, OnrampQuote } from '@portico/shared-types'
import { openOnramp } from '../../../actions/openOnramp.ts'
import { usePorticoClient, useSnapshot } from '../../../context.ts'
import { useAccount, useNetwork } from '../../../hooks/index.ts'
import { useOnrampOptions } from '../../../hooks/queries/useOnrampOptions.ts'
import { useOnrampQuote } from '../../../hooks/queries/useOnrampQuote.ts'
import { useDebounced } from '../../../hooks/useDebounced.ts'
import { useOnrampDeliveries, type OnrampDelivery } from '../../../hooks/useOnrampDeliveries.ts'
import { useIntlLocale } from '../../../i18n/useT.ts'
import { useMessages, type FeatureTranslate } from '../../../i18n/useMessages.ts'
import { formatQuantity } from '../../format.ts'
import { Icon } from '../../icons.tsx'
import { FeatureNotice } from '../shared/FeatureNotice.tsx'
import { FieldError, FormShell, InputField, SelectField, Summary } from '../shared/FormParts.tsx'
import { ONRAMP_MESSAGES, type OnrampKey } from './onramp.messages.ts'
import { isBuyRestrictedHere } from './onrampRegion.ts'
import '../../../styles/transfer.css'
import '../../../styles/onramp.css'

type Limits = { min: number; max: number }

/** The limits of a payment method in a currency, from the options (the sample limits when they do not say). */
function limitsOf(options: OnrampOptions | undefined, currency: string, method: OnrampPaymentMethod): Limits {
  const listed = options?.paymentCurrencies.find((c) => c.id === currency)?.payment_method_limits.find((l) => l.id === method)
  const { min, max } = listed ?? ONRAMP_SAMPLE_LIMITS[method]
  return { min: Number(min), max: Number(max) }
}

type AmountCheck = { ok: true } | { ok: false; key: 'amountRequired' | 'amountInvalid' | 'amountOutOfLimits' }

function checkAmount(text: string, limits: Limits): AmountCheck {
  const typed = text.trim()
  if (!typed) return { ok: false, key: 'amountRequired' }
  if (!/^\d+(\.\d{1,2})?$/.test(typed)) return { ok: false, key: 'amountInvalid' }
  const n = Number(typed)
  return n >= limits.min && n <= limits.max ? { ok: true } : { ok: false, key: 'amountOutOfLimits' }
}

type Phase = { step: 'form' } | { step: 'opening' } | { step: 'pending'; url: string; blocked: boolean } | { step: 'done' }

/** What arrived: the amount and the token, from the onramp's delivery (eip155) or the balance's growth (solana). */
type Arrival = { amount: string; symbol: string }

/**
 * A purchase on a namespace without history (Solana, SPEC.md §9): while `following`, the core reads
 * the balances again every 2 s past their cache, and the arrival is the asset's balance growing
 * above what it was when following began.
 */
function useBalanceArrival({ enabled, following, symbol }: { enabled: boolean; following: boolean; symbol: string | undefined }): Arrival | null {
  const client = usePorticoClient()
  const { core } = useSnapshot()
  const held = core?.balances.data?.find((b) => b.chainId === core.activeCaipNetworkId && b.symbol === symbol)?.quantity.numeric ?? '0'
  const baseline = useRef<number | null>(null)
  const [arrival, setArrival] = useState<Arrival | null>(null)
  useEffect(() => {
    if (!enabled || !following) {
      baseline.current = null
      return
    }
    baseline.current = null
    setArrival(null)
    const id = setInterval(() => void client.withCore((api) => api.refreshBalances({ force: true })).catch(() => undefined), ONRAMP_DELIVERY_POLL_MS)
    return () => clearInterval(id)
  }, [client, enabled, following])
  useEffect(() => {
    if (!enabled || !following || arrival || !symbol) return
    if (baseline.current === null) baseline.current = Number(held)
    else if (Number(held) > baseline.current) setArrival({ amount: String(Number((Number(held) - baseline.current).toFixed(9))), symbol })
  }, [enabled, following, arrival, held, symbol])
  return arrival
}

/** What the visitor chose and typed, the options and quote for it, the deliveries followed, and Continue (opens the provider's page). */
function useBuyFlow() {
  const client = usePorticoClient()
  const t = useMessages(ONRAMP_MESSAGES)
  const locale = useIntlLocale()
  const { core } = useSnapshot()
  const { caipAddress } = useAccount()
  const { network } = useNetwork()
  const online = core?.online ?? true
  const restricted = useMemo(isBuyRestrictedHere, [])
  const usable = !restricted && online && caipAddress !== undefined
  const { data: optionsAnswer } = useOnrampOptions({ enabled: usable })
  const options = optionsAnswer?.options
  const namespace = caipAddress ? splitCaipAddress(caipAddress).namespace : undefined
  const chainReference = caipAddress ? splitCaipAddress(caipAddress).reference : undefined
  const providers = ONRAMP_PROVIDERS.filter((p) => namespace !== undefined && (p.namespaces as readonly string[]).includes(namespace))

  const [providerId, setProviderId] = useState<OnrampProviderId>(providers[0]?.id ?? 'coinbase')
  const [currency, setCurrency] = useState<OnrampCurrency>('USD')
  const [method, setMethod] = useState<OnrampPaymentMethod>('card')
  const [amount, setAmount] = useState('')
  const [assetChoice, setAssetChoice] = useState<string | null>(null)
  const [networkChoice, setNetworkChoice] = useState<string | null>(null)
  const [showError, setShowError] = useState(false)
  const [openError, setOpenError] = useState(false)
  const [phase, setPhase] = useState<Phase>({ step: 'form' })

  const assets = options?.purchaseCurrencies ?? []
  const nativeSymbol = network?.nativeCurrency.symbol.toLowerCase()
  const asset =
    assets.find((a) => a.id === assetChoice) ??
    assets.find((a) => a.symbol.toLowerCase() === nativeSymbol && a.networks.some((n) => n.chain_id === chainReference)) ??
    assets.find((a) => a.symbol.toLowerCase() === nativeSymbol) ??
    assets[0]
  const defaultNetwork = asset && options ? onrampNetworkFor(options, asset.id, chainReference) : undefined
  const chosenNetwork = asset?.networks.find((n) => n.name === networkChoice) ?? asset?.networks.find((n) => n.name === defaultNetwork) ?? asset?.networks[0]
  const currencies = ONRAMP_CURRENCIES.filter((c) => !options || options.paymentCurrencies.some((p) => p.id === c))
  const limits = limitsOf(options, currency, method)
  const check = checkAmount(amount, limits)

  const quoteParams =
    usable && check.ok && asset && chosenNetwork && phase.step === 'form'
      ? { purchaseCurrency: asset.symbol, paymentCurrency: currency, amount: amount.trim(), network: chosenNetwork.name, paymentMethod: method }
      : null
  const quote = useOnrampQuote(quoteParams)
  // The onramp's deliveries come from the account's history, which is eip155's (SPEC.md §9); elsewhere the balance tells.
  const withHistory = namespace === 'eip155'
  const { deliveries, arrived: delivered } = useOnrampDeliveries({ caipAddress: usable && withHistory ? caipAddress : undefined, following: phase.step === 'pending' })
  const grew = useBalanceArrival({ enabled: usable && !withHistory, following: phase.step === 'pending', symbol: asset?.symbol })
  const deliveredIn = delivered?.transfers.find((tr) => tr.direction === 'in') ?? delivered?.transfers[0]
  const arrived: Arrival | null = delivered ? { amount: deliveredIn?.quantity.numeric ?? '', symbol: deliveredIn?.fungible_info?.symbol ?? asset?.symbol ?? '' } : grew
  if (phase.step === 'pending' && arrived) setPhase({ step: 'done' })

  const money = (value: number) => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)
  const methodName = (m: OnrampPaymentMethod) => t(`method_${m}`)
  const limitsText = t('limits', { method: methodName(method), min: money(limits.min), max: money(limits.max), currency })
  // A typed amount's error waits for the typing to pause (SPEC.md §9's debounce).
  const paused = useDebounced(amount, { initial: amount }) === amount
  const amountError =
    !check.ok && (showError || (check.key !== 'amountRequired' && paused))
      ? check.key === 'amountOutOfLimits'
        ? t('amountOutOfLimits', { method: methodName(method), min: money(limits.min), max: money(limits.max), currency })
        : t(check.key)
      : null

  const submit = () => {
    setShowError(true)
    setOpenError(false)
    if (!check.ok || !asset || !chosenNetwork || !caipAddress) return
    setPhase({ step: 'opening' })
    void openOnramp(client, {
      caipAddress,
      network: chosenNetwork.name,
      purchaseCurrency: asset.symbol,
      paymentCurrency: currency,
      amount: amount.trim(),
      provider: providerId,
    }).then((outcome) => {
      if (outcome.status === 'error') {
        setOpenError(true)
        setPhase({ step: 'form' })
        return
      }
      setPhase({ step: 'pending', url: outcome.url, blocked: outcome.status === 'blocked' })
    })
  }

  const typeAmount = (value: string) => {
    setAmount(value)
    setShowError(false)
    setOpenError(false)
  }
  const chooseAsset = (id: string) => {
    setAssetChoice(id)
    setNetworkChoice(null)
  }
  return {
    client,
    t,
    locale,
    core,
    caipAddress,
    online,
    restricted,
    optionsAnswer,
    options,
    providers,
    providerId,
    setProviderId,
    currency,
    setCurrency,
    currencies,
    method,
    setMethod,
    methodName,
    amount,
    typeAmount,
    amountError,
    limitsText,
    assets,
    asset,
    chooseAsset,
    chosenNetwork,
    setNetworkChoice,
    openError,
    phase,
    setPhase,
    quoteParams,
    quote,
    withHistory,
    deliveries,
    arrived,
    submit,
  }
}

type BuyFlow = ReturnType<typeof useBuyFlow>

/**
 * Buy (SPEC.md §3 onramp quote, §7, §8, §9): a provider, the amount in USD or EUR within the payment
 * method's limits, the token and network to buy, and the quote; Continue opens the provider's page
 * in a new window and the view follows the onramp's deliveries until the coins arrive. Not offered in
 * the restricted timezones of SPEC.md §5.
 */
export default function BuyView() {
  const flow = useBuyFlow()
  const { t, restricted, online, caipAddress, core, providers, phase } = flow
  if (restricted)
    return (
      <FeatureNotice className="portico-buy" testId="buy-restricted">
        {t('restricted')}
      </FeatureNotice>
    )
  if (!online) return <FeatureNotice className="portico-buy">{t('needsNetwork')}</FeatureNotice>
  if (!caipAddress || !core) return null
  if (providers.length === 0) return <FeatureNotice className="portico-buy">{t('noProvider')}</FeatureNotice>
  const deliveryList = flow.withHistory ? <Deliveries deliveries={flow.deliveries} t={t} locale={flow.locale} /> : null
  if (phase.step === 'pending' || phase.step === 'done') return <BuyFollowing flow={flow} phase={phase} deliveryList={deliveryList} />
  return <BuyForm flow={flow} deliveryList={deliveryList} />
}

/** After Continue: the provider's page is open and the view waits for the coins, then says they arrived. */
function BuyFollowing({ flow, phase, deliveryList }: { flow: BuyFlow; phase: Extract<Phase, { step: 'pending' | 'done' }>; deliveryList: ReactNode }) {
  const { t, locale, client, asset, arrived, setPhase } = flow
  return (
    <div className="portico-buy">
      <h3 className="portico-subtitle">{t('pendingTitle')}</h3>
      {phase.step === 'pending' ? (
        <>
          <p className="portico-notice portico-pending-text" role="status" data-testid="buy-pending">
            <span className="portico-spinner" aria-hidden="true" /> {t('pending', { asset: asset?.symbol ?? '' })}
          </p>
          {phase.blocked ? (
            <p className="portico-field-error" role="alert">
              {t('popupBlocked')}
            </p>
          ) : null}
          <a className="portico-button portico-secondary" href={phase.url} target="_blank" rel="noopener noreferrer">
            {t('openProviderPage')}
            <Icon name="external" />
          </a>
          <button type="button" className="portico-button portico-secondary" onClick={() => setPhase({ step: 'form' })}>
            {t('stopWaiting')}
          </button>
        </>
      ) : (
        <>
          <p className="portico-notice portico-buy-done" role="status" data-testid="buy-delivered">
            <Icon name="check" /> {t('delivered', { amount: arrived?.amount ? formatQuantity(arrived.amount, locale) : '', asset: arrived?.symbol ?? asset?.symbol ?? '' })}
          </p>
          <button type="button" className="portico-button" onClick={() => client.navigate({ type: 'reset', view: { name: 'Account' } })}>
            {t('backToAccount')}
          </button>
        </>
      )}
      {deliveryList}
    </div>
  )
}

/** The form: provider, currency and payment method, the amount within the limits, token and network, the quote. */
function BuyForm({ flow, deliveryList }: { flow: BuyFlow; deliveryList: ReactNode }) {
  const { t, locale, optionsAnswer, options, providers, providerId, setProviderId, currency, setCurrency, currencies, method, setMethod, methodName } = flow
  const { amount, typeAmount, amountError, limitsText, assets, asset, chooseAsset, chosenNetwork, setNetworkChoice, openError, phase, quoteParams, quote, submit } = flow
  const ids = { amount: useId(), limits: useId(), amountError: useId(), currency: useId(), asset: useId(), network: useId(), method: useId() }
  return (
    <FormShell
      className="portico-buy"
      onSubmit={submit}
      submitLabel={phase.step === 'opening' ? t('opening') : t('continue')}
      submitDisabled={phase.step === 'opening' || !options}
      notice={<FieldError>{openError ? t('openFailed') : null}</FieldError>}
      after={deliveryList}
    >
      {optionsAnswer?.estimate ? (
        <p className="portico-notice portico-estimate" role="status">
          <span className="portico-badge">{t('estimate')}</span> {t('optionsEstimateNote')}
        </p>
      ) : null}
      <fieldset className="portico-fieldset">
        <legend className="portico-label">{t('provider')}</legend>
        <div className="portico-providers">
          {providers.map((p) => (
            <label key={p.id} className="portico-provider">
              <input type="radio" name="portico-onramp-provider" value={p.id} checked={p.id === providerId} onChange={() => setProviderId(p.id)} />
              <span className="portico-provider-name">{p.label}</span>
              <span className="portico-muted">{t('providerFees', { range: p.feeRange })}</span>
              <span className="portico-muted">{t('providerChains', { chains: p.namespaces.map((n) => (n === 'eip155' ? 'EVM' : n === 'solana' ? 'Solana' : n)).join(', ') })}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="portico-buy-row">
        <SelectField<OnrampCurrency> id={ids.currency} label={t('currency')} value={currency} onChange={setCurrency} options={currencies.map((c) => ({ value: c, label: c }))} />
        <SelectField<OnrampPaymentMethod>
          id={ids.method}
          label={t('paymentMethod')}
          value={method}
          onChange={setMethod}
          options={ONRAMP_PAYMENT_METHODS.map((m) => ({ value: m, label: methodName(m) }))}
        />
      </div>

      <InputField
        id={ids.amount}
        label={t('amount', { currency })}
        inputMode="decimal"
        placeholder="0.00"
        value={amount}
        onChange={typeAmount}
        error={amountError}
        errorId={ids.amountError}
        errorTestId="buy-amount-error"
        describedBy={ids.limits}
      >
        <p id={ids.limits} className="portico-muted portico-hint" data-testid="buy-limits">
          {limitsText}
        </p>
      </InputField>

      <div className="portico-buy-row">
        <SelectField id={ids.asset} label={t('asset')} value={asset?.id ?? ''} onChange={chooseAsset} options={assets.map((a) => ({ value: a.id, label: a.symbol }))} />
        <SelectField
          id={ids.network}
          label={t('network')}
          value={chosenNetwork?.name ?? ''}
          onChange={setNetworkChoice}
          options={(asset?.networks ?? []).map((n) => ({ value: n.name, label: n.display_name }))}
        />
      </div>

      <QuoteSummary answer={quoteParams ? (quote.data ?? null) : null} loading={quoteParams !== null && (quote.isFetching || !quote.settled)} t={t} locale={locale} />
    </FormShell>
  )
}

function QuoteSummary({ answer, loading, t, locale }: { answer: { quote: OnrampQuote; estimate: boolean } | null; loading: boolean; t: FeatureTranslate<OnrampKey>; locale: string }) {
  const money = (m: { value: string; currency: string }) => `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(m.value))} ${m.currency}`
  if (!answer) {
    return loading ? (
      <p className="portico-muted" role="status">
        {t('quoteLoading')}
      </p>
    ) : null
  }
  const { quote, estimate } = answer
  return (
    <section className="portico-quote" aria-label={t('quote')} data-testid="buy-quote" data-estimate={estimate ? 'true' : undefined} aria-busy={loading}>
      {estimate ? (
        <p className="portico-notice portico-estimate" role="status" data-testid="buy-estimate">
          <span className="portico-badge">{t('estimate')}</span> {t('estimateNote')}
        </p>
      ) : null}
      <Summary
        rows={[
          {
            term: t('youReceive'),
            testId: 'buy-receive',
            value: quote.purchaseAmount.value ? `${estimate ? '≈ ' : ''}${formatQuantity(quote.purchaseAmount.value, locale)} ${quote.purchaseAmount.currency}` : '—',
          },
          { term: t('providerFee'), value: money(quote.coinbaseFee) },
          { term: t('networkFee'), value: money(quote.networkFee) },
          { term: t('subtotal'), value: money(quote.paymentSubtotal) },
          { term: t('total'), testId: 'buy-total', value: money(quote.paymentTotal) },
          { term: t('quoteId'), testId: 'buy-quote-id', className: 'portico-quote-id', title: quote.quoteId, value: quote.quoteId.length > 13 ? `${quote.quoteId.slice(0, 8)}…` : quote.quoteId },
        ]}
      />
    </section>
  )
}

function Deliveries({ deliveries, t, locale }: { deliveries: readonly OnrampDelivery[]; t: FeatureTranslate<OnrampKey>; locale: string }) {
  const id = useId()
  return (
    <section className="portico-deliveries" aria-labelledby={id}>
      <h3 className="portico-subtitle" id={id}>
        {t('deliveries')}
      </h3>
      {deliveries.length === 0 ? (
        <p className="portico-muted">{t('noDeliveries')}</p>
      ) : (
        <ul className="portico-delivery-list">
          {deliveries.slice(0, 5).map((d) => {
            const transfer = d.transfers.find((tr) => tr.direction === 'in') ?? d.transfers[0]
            return (
              <li key={d.id} className="portico-delivery" data-testid="onramp-delivery">
                <span>{t('deliveryRow', { amount: transfer ? formatQuantity(transfer.quantity.numeric, locale) : '', symbol: transfer?.fungible_info?.symbol ?? '' })}</span>
                <time className="portico-muted" dateTime={d.metadata.minedAt}>
                  {new Date(d.metadata.minedAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
