import { EMBEDDED_ERRORS } from '@portico/shared-types/errors'
import { browserSupportsWebAuthn, startAuthentication, startRegistration, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { encode } from 'uqr'
import type { z } from 'zod'
import { FRAME_API, type FrameApi } from '../api.ts'
import { FrameError } from '../messages.ts'
import { ApiError } from './errors.ts'
import type { createPanels } from './panel.ts'
import { PANEL_TEXT } from './panel.ts'
import type { PanelCallName, PanelTask } from './panel-window-messages.ts'

/**
 * The frame's settings panels as flows (add, use or remove a passkey, the authenticator app, key
 * export), written once and run where the visitor's decision is safe: in the frame where the engine
 * shows that it is fully visible, else in the panel window (panel-window-page.ts). They reach the
 * service only through `host`, and answer only what the page may learn (never a key or a code).
 */

type Answer<N extends keyof FrameApi> = z.output<FrameApi[N]['response']>

/** What the flows may do: the service calls of a panel, and a passkey sign-in (whose session the frame keeps). */
export type FlowHost = {
  panels: ReturnType<typeof createPanels>
  call<N extends PanelCallName>(name: N, body: z.input<FrameApi[N]['request']>): Promise<Answer<N>>
  passkeyLogin(response: z.input<FrameApi['passkeyLogin']['request']>['response']): Promise<void>
}

/** What each flow answers the page. */
export type FlowResult = {
  ADD_PASSKEY: Answer<'passkeyRegister'>
  REMOVE_PASSKEY: Answer<'passkeyRemove'>
  CONNECT_PASSKEY: Record<string, never>
  SETUP_TOTP: { enabled: true }
  EXPORT_KEY: { exported: true }
}

/** A passkey ceremony in this origin (its relying party): refused at once where the browser has none. */
export function passkeysUsable(): void {
  if (!browserSupportsWebAuthn()) throw new FrameError(PANEL_TEXT.unavailable)
}

/** A WebAuthn answer as the service's schemas take it (its extension results a plain object). */
const plain = <R extends { clientExtensionResults: object }>(response: R): Omit<R, 'clientExtensionResults'> & { clientExtensionResults: Record<string, unknown> } => ({
  ...response,
  clientExtensionResults: { ...response.clientExtensionResults } as Record<string, unknown>,
})

/** One of the visitor's passkeys proved again, here: a fresh factor for this session (the service checks it). */
export async function passkeyStepUp(host: Pick<FlowHost, 'call'>): Promise<void> {
  passkeysUsable()
  const { options } = await host.call('stepUpOptions', {})
  const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON })
  await host.call('stepUp', { response: plain(response) })
}

/** A secondary button of the panel that acts on the visitor's own click only (`isTrusted`). */
export function trustedButton(testid: string, label: string, onClick: () => void): HTMLButtonElement {
  const button = document.createElement('button')
  button.type = 'button'
  button.className = 'secondary'
  button.dataset['testid'] = testid
  button.textContent = label
  button.addEventListener('click', (event) => {
    if (event.isTrusted) onClick()
  })
  return button
}

/** A secondary button that copies `text` to this origin's clipboard on the visitor's own click. */
export function copyButton(testid: string, label: string, text: () => string): HTMLButtonElement {
  const copy = trustedButton(testid, label, () => {
    void navigator.clipboard
      ?.writeText(text())
      .then(() => void (copy.textContent = PANEL_TEXT.copied))
      .catch(() => undefined)
  })
  return copy
}

/** The exported key in this document, with Copy (this origin's clipboard) and Hide / Show. */
function keyView(key: string): HTMLElement {
  const text = document.createElement('code')
  text.className = 'exported-key'
  text.dataset['testid'] = 'export-key'
  text.textContent = key
  const toggle = trustedButton('export-toggle', PANEL_TEXT.hide, () => {
    text.hidden = !text.hidden
    toggle.textContent = text.hidden ? PANEL_TEXT.show : PANEL_TEXT.hide
  })
  const copy = copyButton('export-copy', PANEL_TEXT.copy, () => key)
  const box = document.createElement('div')
  box.className = 'exported'
  box.append(text, copy, toggle)
  return box
}

const SVG_NS = 'http://www.w3.org/2000/svg'

/** A QR code of `text`, drawn as SVG nodes of this document (no markup is parsed). */
function qrView(text: string, label: string): SVGSVGElement {
  const { size, data } = encode(text, { ecc: 'M', border: 2 })
  const svg = document.createElementNS(SVG_NS, 'svg')
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`)
  svg.setAttribute('width', '228')
  svg.setAttribute('height', '228')
  svg.setAttribute('shape-rendering', 'crispEdges')
  svg.setAttribute('role', 'img')
  svg.setAttribute('aria-label', label)
  svg.setAttribute('class', 'totp-qr')
  svg.dataset['testid'] = 'totp-qr'
  const background = document.createElementNS(SVG_NS, 'rect')
  for (const [name, value] of [
    ['width', '100%'],
    ['height', '100%'],
    ['fill', '#fff'],
  ])
    background.setAttribute(name!, value!)
  const path = document.createElementNS(SVG_NS, 'path')
  let d = ''
  for (const [y, row] of data.entries()) for (const [x, dark] of row.entries()) if (dark) d += `M${x} ${y}h1v1h-1z`
  path.setAttribute('d', d)
  path.setAttribute('fill', '#000')
  svg.append(background, path)
  return svg
}

/** A labelled one-line field of the panel (a code typed by the visitor). */
export function codeField(id: string, label: string): { element: HTMLElement; input: HTMLInputElement } {
  const input = document.createElement('input')
  input.id = id
  input.dataset['testid'] = id
  input.autocomplete = 'one-time-code'
  input.spellcheck = false
  input.maxLength = 11
  const caption = document.createElement('label')
  caption.htmlFor = id
  caption.textContent = label
  const element = document.createElement('p')
  element.className = 'field'
  element.append(caption, input)
  return { element, input }
}

/** A code of the visitor's app or one of their recovery codes, as typed (spaces dropped). */
export const typedCode = (input: HTMLInputElement) => input.value.replace(/\s+/g, '')
/** The service's own request schemas say what a code is: checked here only to say so before asking. */
const isAppCode = (code: string) => FRAME_API.totpEnable.request.safeParse({ code }).success
export const isStepUpCode = (code: string) => FRAME_API.totpStepUp.request.safeParse({ code }).success

/** The panels' flows over `host`: each shows its panels and answers what the page may learn. */
export function createPanelFlows(host: FlowHost) {
  const { panels, call } = host
  const flows = {
    ADD_PASSKEY(): Promise<FlowResult['ADD_PASSKEY']> {
      passkeysUsable()
      return panels.ask({
        title: PANEL_TEXT.addPasskeyTitle,
        body: PANEL_TEXT.addPasskeyBody,
        action: PANEL_TEXT.addPasskeyAction,
        testId: 'passkey-add',
        async run() {
          const { options } = await call('passkeyRegisterOptions', {})
          const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON })
          return call('passkeyRegister', { response: plain(response), userAgent: navigator.userAgent.slice(0, 1024) })
        },
      })
    },
    REMOVE_PASSKEY({ id, name }: { id: string; name: string }): Promise<FlowResult['REMOVE_PASSKEY']> {
      return panels.ask({
        title: PANEL_TEXT.removePasskeyTitle,
        body: PANEL_TEXT.removePasskeyBody.replace('{name}', name),
        action: PANEL_TEXT.removePasskeyAction,
        testId: 'passkey-remove',
        run: () => call('passkeyRemove', { id }),
      })
    },
    async CONNECT_PASSKEY(): Promise<FlowResult['CONNECT_PASSKEY']> {
      passkeysUsable()
      await panels.ask({
        title: PANEL_TEXT.signInTitle,
        body: PANEL_TEXT.signInBody,
        action: PANEL_TEXT.signInAction,
        testId: 'passkey-sign-in',
        async run() {
          const { options } = await call('passkeyLoginOptions', {})
          const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON })
          await host.passkeyLogin(plain(response))
        },
      })
      return {}
    },
    async SETUP_TOTP(): Promise<FlowResult['SETUP_TOTP']> {
      const { uri, secret } = await call('totpSetup', {})
      const code = codeField('totp-code', PANEL_TEXT.totpCode)
      const keyText = document.createElement('code')
      keyText.className = 'totp-secret'
      keyText.dataset['testid'] = 'totp-secret'
      // In groups of four, as apps show keys; typed with or without the spaces.
      keyText.textContent = secret.replace(/(.{4})/g, '$1 ').trim()
      const keyLine = document.createElement('p')
      keyLine.append(document.createTextNode(`${PANEL_TEXT.totpKey}: `), keyText)
      const recoveryCodes = await panels.ask({
        title: PANEL_TEXT.totpTitle,
        body: PANEL_TEXT.totpBody,
        content: [qrView(uri, PANEL_TEXT.totpTitle), keyLine, code.element],
        action: PANEL_TEXT.totpAction,
        testId: 'totp-enable',
        async run() {
          const typed = typedCode(code.input)
          if (!isAppCode(typed)) throw new FrameError(PANEL_TEXT.totpCodeInvalid)
          return (await call('totpEnable', { code: typed })).recoveryCodes
        },
      })
      // Shown once, here only: the page hears that the app is on, never a code.
      const list = document.createElement('ol')
      list.className = 'recovery-codes'
      list.dataset['testid'] = 'recovery-codes'
      for (const c of recoveryCodes) list.append(Object.assign(document.createElement('li'), { textContent: c }))
      const copy = copyButton('recovery-copy', PANEL_TEXT.recoveryCopy, () => recoveryCodes.join('\n'))
      await panels
        .ask({ title: PANEL_TEXT.recoveryTitle, body: PANEL_TEXT.recoveryBody, content: [list, copy], action: PANEL_TEXT.done, testId: 'recovery-done', run: async () => undefined })
        .catch(() => undefined)
      return { enabled: true }
    },
    async EXPORT_KEY({ chain }: { chain: 'evm' | 'solana' }): Promise<FlowResult['EXPORT_KEY']> {
      // With the authenticator app on, a code from it (or a recovery code) is a fresh factor too, typed here.
      const code = (await call('totpStatus', {})).enabled ? codeField('step-up-code', PANEL_TEXT.stepUpCode) : null
      let key: string | undefined
      await panels.ask({
        title: PANEL_TEXT.exportTitle,
        body: PANEL_TEXT.exportBody,
        confirm: PANEL_TEXT.exportConfirm,
        ...(code ? { content: [code.element] } : {}),
        action: PANEL_TEXT.exportAction,
        testId: 'export-show',
        async run() {
          try {
            key = (await call('exportKey', { chain })).key
          } catch (err) {
            if (!(err instanceof ApiError) || err.message !== EMBEDDED_ERRORS.freshFactorNeeded) throw err
            const typed = code ? typedCode(code.input) : ''
            if (code && typed !== '') {
              // No fresh login: the code typed here, from the visitor's app or one of their recovery codes.
              if (!isStepUpCode(typed)) throw new FrameError(PANEL_TEXT.stepUpCodeInvalid)
              await call('totpStepUp', { code: typed })
              key = (await call('exportKey', { chain })).key
              return
            }
            // Else one of the visitor's passkeys, proved here in this same click.
            await passkeyStepUp(host)
            key = (await call('exportKey', { chain })).key
          }
        },
      })
      const shown = keyView(key ?? '')
      key = undefined
      // Done or Cancel: the key's nodes go with the panel; nothing of it is answered to the page.
      await panels
        .ask({ title: PANEL_TEXT.exportShownTitle, body: PANEL_TEXT.exportShownBody, content: [shown], action: PANEL_TEXT.done, testId: 'export-done', run: async () => undefined })
        .catch(() => undefined)
      return { exported: true }
    },
  }
  return {
    /** Runs one task's flow. */
    run(task: PanelTask): Promise<FlowResult[PanelTask['flow']]> {
      switch (task.flow) {
        case 'ADD_PASSKEY':
          return flows.ADD_PASSKEY()
        case 'REMOVE_PASSKEY':
          return flows.REMOVE_PASSKEY(task)
        case 'CONNECT_PASSKEY':
          return flows.CONNECT_PASSKEY()
        case 'SETUP_TOTP':
          return flows.SETUP_TOTP()
        case 'EXPORT_KEY':
          return flows.EXPORT_KEY(task)
      }
    },
  }
}
