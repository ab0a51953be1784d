import { useCallback, useState } from 'react'
import { pageSafeHref } from '@portico/shared-types/safeUrl'
import { useT } from '../../../i18n/useT.ts'

/** Where the page remembers that the visitor accepted the terms (the tab's own UI state, like the session hint). */
export const LEGAL_CONSENT_KEY = 'portico:legal-accepted'

function readConsent(): boolean {
  try {
    return localStorage.getItem(LEGAL_CONSENT_KEY) === '1'
  } catch {
    return false
  }
}

/** Whether the visitor ticked the legal checkbox, remembered across visits. */
export function useLegalConsent(): [boolean, (accepted: boolean) => void] {
  const [accepted, setAccepted] = useState(readConsent)
  const set = useCallback((next: boolean) => {
    setAccepted(next)
    try {
      if (next) localStorage.setItem(LEGAL_CONSENT_KEY, '1')
      else localStorage.removeItem(LEGAL_CONSENT_KEY)
    } catch {
      /* storage blocked: the tick lasts for this page */
    }
  }, [])
  return [accepted, set]
}

/** `features.legalCheckbox`: "I agree to the Terms of Service and the Privacy Policy", linked when the configuration names the pages. */
export function LegalCheckbox({ checked, onChange, termsUrl, privacyUrl }: { checked: boolean; onChange: (checked: boolean) => void; termsUrl?: string | undefined; privacyUrl?: string | undefined }) {
  const t = useT()
  const link = (raw: string | undefined, label: string, href = raw ? pageSafeHref(raw) : null) =>
    href ? (
      <a href={href} target="_blank" rel="noreferrer">
        {label}
      </a>
    ) : (
      label
    )
  return (
    <div className="portico-legal">
      <input id="portico-legal-checkbox" type="checkbox" checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />
      <label htmlFor="portico-legal-checkbox">
        {t('legalBefore')} {link(termsUrl, t('termsOfService'))} {t('legalBetween')} {link(privacyUrl, t('privacyPolicy'))}
        {t('legalAfter')}
      </label>
    </div>
  )
}
