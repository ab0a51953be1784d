import type { ReactNode } from 'react'
import { Icon } from '../../icons.tsx'

/**
 * What a feature view shows instead of its form when it cannot start (offline, a network without
 * the feature, a restricted region): one sentence, announced, with the alert icon.
 */
export function FeatureNotice({ className, children, testId }: { className: string; children: ReactNode; testId?: string }) {
  return (
    <div className={className}>
      <p className="portico-notice" role="status" data-testid={testId}>
        <Icon name="alert" /> {children}
      </p>
    </div>
  )
}
