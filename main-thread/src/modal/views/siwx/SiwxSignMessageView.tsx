import { useEffect, useRef, useState } from 'react'
import { shortenAddress, splitCaipAddress } from '@portico/shared-types/light'
import type { WriteError } from '@portico/shared-types/write'
import { siwxRequired, siwxSessionExpired, siwxSetAside } from '../../../client/siwx/rules.ts'
import { useConfig, usePorticoClient, usePorticoUi, useSnapshot } from '../../../context.ts'
import { useAccount, useNetwork } from '../../../hooks/index.ts'
import { useMessages } from '../../../i18n/useMessages.ts'
import { SIWX_MESSAGES } from './siwx.messages.ts'
import '../../../styles/siwx.css'

/**
 * SIWXSignMessage (SPEC.md §4 SIWX): asks the connected wallet to sign the EIP-4361 message this tab
 * prepared on connect (`client/siwx/signIn.ts`), through the one write path; the verifier checks it and
 * the core keeps the session for every tab, which closes this view. A failure says so and the view
 * stays; Cancel disconnects when sign-in is required. When the sign-in could not even start, it says
 * so, disconnects and goes back to Connect.
 */
export default function SiwxSignMessageView() {
  const client = usePorticoClient()
  const ui = usePorticoUi()
  const t = useMessages(SIWX_MESSAGES)
  const config = useConfig()
  const { core, siwx: signIn } = useSnapshot()
  const { caipAddress, address } = useAccount()
  const { network } = useNetwork()
  const [pending, setPending] = useState(false)
  const required = siwxRequired(config.siwx ?? config.siweConfig)
  /** The initialisation failure is told once, however it is learned (on connect, or while Sign waited). */
  const toldInitFailure = useRef(false)

  const initFailed = (error: WriteError) => {
    if (toldInitFailure.current) return
    toldInitFailure.current = true
    ui.emit({ type: 'SIWX_AUTH_ERROR', code: error.code })
    // SPEC.md §8: the sign-in cannot start; the wallet is disconnected and the modal back at Connect.
    ui.notify('error', t('siwxInitFailed'))
    void client.disconnect().finally(() => client.navigate({ type: 'reset', view: { name: 'Connect' } }))
  }

  useEffect(() => {
    if (signIn?.status === 'failed' && signIn.error) initFailed(signIn.error)
  })

  if (!caipAddress || !address || !core) return null
  const smartAccount = core.accountTypes[splitCaipAddress(caipAddress).namespace] === 'smartAccount'
  // SPEC.md §8 'Session Expired': the account was signed in here, and that sign-in ran out.
  const expired = siwxSessionExpired(core.siwxSessions, caipAddress, Date.now())

  const fail = (error: WriteError) => {
    if (error.code === 'SIWX_INIT_FAILED' || error.code === 'NOT_CONNECTED') return initFailed(error)
    ui.emit({ type: 'SIWX_AUTH_ERROR', code: error.code })
    // A smart account's refused signature (the account type, or the core found it is one: EIP-1271 code or an EIP-6492 signature).
    const fromSmartAccount = smartAccount || error.values?.['account'] === 'smartAccount'
    ui.notify('error', fromSmartAccount ? t('smartAccountsUnsupported') : t('signatureDeclined'))
  }

  const sign = async () => {
    if (pending) return
    if (!signIn || signIn.caipAddress !== caipAddress) return fail({ code: 'NOT_CONNECTED' })
    setPending(true)
    const outcome = await signIn.sign().catch((): { status: 'error'; error: WriteError } => ({ status: 'error', error: { code: 'SOMETHING_WENT_WRONG' } }))
    setPending(false)
    if (outcome.status === 'done') {
      ui.emit({ type: 'SIWX_AUTH_SUCCESS', caipAddress })
      // The core's push of the new session closes the view in every tab; this one closes at once.
      client.close()
      return
    }
    fail(outcome.error)
  }

  const cancel = () => {
    ui.emit({ type: 'CLICK_CANCEL_SIWX', required })
    if (required) {
      void client.disconnect()
      return
    }
    siwxSetAside(config).add(caipAddress)
    signIn?.cancel()
    client.close()
  }

  return (
    // data-state: the prepared sign-in's state (checking, initialising, ready, failed), for a theme's styles and for tests.
    <div className="portico-siwx" aria-busy={pending} data-state={signIn?.caipAddress === caipAddress ? signIn.status : 'initialising'}>
      {expired ? (
        <p className="portico-field-error" role="alert" data-testid="siwx-expired">
          {t('sessionExpired')}
        </p>
      ) : null}
      <p>{t('body', { app: config.metadata.name })}</p>
      <p className="portico-siwx-account" data-testid="siwx-account">
        {t('account', { address: shortenAddress(address), network: network?.name ?? splitCaipAddress(caipAddress).caipNetworkId })}
      </p>
      {required ? <p className="portico-siwx-required">{t('required')}</p> : null}
      {pending ? (
        <p className="portico-siwx-status" role="status">
          <span className="portico-spinner" aria-hidden="true" /> {t('authenticating')}
        </p>
      ) : null}
      <div className="portico-siwx-actions">
        <button type="button" className="portico-button portico-secondary" onClick={cancel} disabled={pending}>
          {t('cancel')}
        </button>
        <button type="button" className="portico-button" onClick={() => void sign()} disabled={pending}>
          {pending ? t('authenticating') : t('sign')}
        </button>
      </div>
    </div>
  )
}
