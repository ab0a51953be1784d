import { usePorticoUi, useUiSnapshot } from '../context.ts'
import { useT } from '../i18n/useT.ts'
import { Icon } from './icons.tsx'

/** The notification toast: loading, success or error; polite for progress, assertive for errors. */
export function NotificationToast() {
  const ui = usePorticoUi()
  const t = useT()
  const { notification } = useUiSnapshot()
  return (
    <div className="portico-toast-region" aria-live={notification?.variant === 'error' ? 'assertive' : 'polite'}>
      {notification ? (
        <div className={`portico-toast portico-toast-${notification.variant}`} role={notification.variant === 'error' ? 'alert' : 'status'} key={notification.id}>
          {notification.variant === 'loading' ? <span className="portico-spinner" aria-hidden="true" /> : <Icon name={notification.variant === 'success' ? 'check' : 'alert'} />}
          <span className="portico-toast-text">{notification.message}</span>
          <button type="button" className="portico-icon-button portico-toast-close" aria-label={t('dismiss')} onClick={() => ui.dismiss(notification.id)}>
            <Icon name="close" />
          </button>
        </div>
      ) : null}
    </div>
  )
}
