import { usePorticoClient } from '../../../context.ts'
import { useMessages } from '../../../i18n/useMessages.ts'
import { Icon } from '../../icons.tsx'
import { NAMES_MESSAGES } from './names.messages.ts'
import '../../../styles/names.css'

/** RegisterAccountNameSuccess (SPEC.md §2): the registered name, now the account's identity. */
export default function RegisterAccountNameSuccessView({ accountName }: { accountName: string }) {
  const client = usePorticoClient()
  const t = useMessages(NAMES_MESSAGES)
  return (
    <div className="portico-names portico-names-success">
      <span className="portico-names-check">
        <Icon name="check" />
      </span>
      <p className="portico-name" data-testid="registered-name">
        {t('successTitle', { name: accountName })}
      </p>
      <p className="portico-muted">{t('successBody')}</p>
      <button type="button" className="portico-button portico-primary" onClick={() => client.navigate({ type: 'reset', view: { name: 'Account' } })}>
        {t('backToAccount')}
      </button>
    </div>
  )
}
