import { useEffect, useState, type ComponentType, type ReactNode } from 'react'
import type { ViewName } from '../../client/router.ts'
import { registerViewPreload } from '../../client/viewPreloads.ts'
import { catalogueLoads } from '../../i18n/catalogue.ts'
import { useT } from '../../i18n/useT.ts'

/** The lazy views, so they can be fetched ahead of need once the modal's own code has loaded. */
const lazyViews = new Set<{ preload(): Promise<unknown> }>()

const FAILED: unique symbol = Symbol('failed')

/** Registers the lazy views' preloads by name (the registry does it once), for the buttons and actions that lead there (`client/viewPreloads.ts`). */
export function registerViewPreloads(views: Record<string, { render: unknown }>): void {
  for (const [name, { render }] of Object.entries(views)) {
    const preload = (render as { preload?: () => Promise<unknown> }).preload
    if (preload) registerViewPreload(name, preload)
  }
}

/** A view's component: a function of its props (the view's fields but `name`). */
type ViewComponent = (props: never) => ReactNode
type PropsOf<C> = C extends (props: infer P) => ReactNode ? P : never

/**
 * A view whose code loads on demand, in its own chunk: the registry's `render` for it. The view's
 * fields (all but `name`) become the component's props; `exportName` picks a named export.
 * Until the code is there, the modal's body keeps its height and shows a labelled progress bar; if
 * the code cannot be fetched, it says so and offers another try. Once loaded, the view renders
 * without suspending, and `warmLazyViews()` loads every lazy view ahead of need.
 *
 * @example
 * Send: { title: (_, { t }) => t('send'), render: lazyView(() => import('./transfer/SendView.tsx')) },
 * SwitchNetwork: { title: …, render: lazyView(() => import('./networks/SwitchNetworkView.tsx'), 'SwitchNetworkView') },
 */
export function lazyView<M extends Record<K, ViewComponent>, K extends string = 'default'>(
  load: () => Promise<M>,
  exportName: K = 'default' as K,
): (view: PropsOf<M[K]> & { name: ViewName }) => ReactNode {
  // The view's chunk starts fetching its texts in the visitor's language as it runs; the view waits for them.
  return lazyRender(() =>
    load().then(async (module) => {
      await catalogueLoads()
      return module[exportName] as unknown as ComponentType<ViewProps>
    }),
  )
}

type ViewProps = Record<string, unknown>

function lazyRender(load: () => Promise<ComponentType<ViewProps>>): (view: { name: ViewName }) => ReactNode {
  let pending: Promise<ComponentType<ViewProps> | typeof FAILED> | null = null
  /** The outcome once the code has settled, read synchronously so a loaded view renders at once. */
  let settled: ComponentType<ViewProps> | typeof FAILED | null = null
  const preload = () =>
    (pending ??= load()
      .catch((): typeof FAILED => FAILED)
      .then((outcome) => (settled = outcome)))
  lazyViews.add({ preload })

  // No Suspense: a view whose code is still on its way shows the loading state and renders itself
  // when the code arrives (an effect waits for it), with none of the time React holds a fallback.
  function LazyView(props: ViewProps) {
    const [shown, setShown] = useState(() => settled)
    useEffect(() => {
      if (shown) return
      let alive = true
      void preload().then((outcome) => {
        if (alive) setShown(() => outcome)
      })
      return () => {
        alive = false
      }
    }, [shown])
    if (!shown) return <ViewLoading />
    if (shown !== FAILED) {
      const Loaded = shown
      return <Loaded {...props} />
    }
    const retry = () => {
      pending = null
      settled = null
      setShown(null)
    }
    return <LoadFailed retry={retry} />
  }

  const render = (view: { name: ViewName }) => {
    const { name, ...props } = view
    return <LazyView key={name} {...props} />
  }
  return Object.assign(render, { preload })
}

/** Fetches every lazy view's code now (idempotent); a failure is kept for the view to show. */
export function warmLazyViews(): Promise<unknown> {
  return Promise.all([...lazyViews].map((view) => view.preload()))
}

/** The height of the view the modal shows now, so the loading state does not change the dialog's size. */
function shownViewHeight(): number | null {
  if (typeof document === 'undefined') return null
  const body = document.querySelector<HTMLElement>('.portico-modal .portico-body')
  if (!body) return null
  const style = getComputedStyle(body)
  const height = body.clientHeight - (Number.parseFloat(style.paddingTop) || 0) - (Number.parseFloat(style.paddingBottom) || 0)
  return height > 0 ? height : null
}

/** While a view's code loads: a progress bar named by the view's title, as tall as the view it replaces. */
function ViewLoading() {
  // Read while rendering, before React replaces the previous view's nodes.
  const [height] = useState(shownViewHeight)
  return <div className="portico-skeleton portico-skeleton-block" role="progressbar" aria-labelledby="portico-title" aria-busy="true" style={height ? { height } : undefined} />
}

function LoadFailed({ retry }: { retry: () => void }) {
  const t = useT()
  return (
    <div className="portico-connecting" role="alert">
      <p>{t('needsNetwork')}</p>
      <button type="button" className="portico-button" onClick={retry}>
        {t('tryAgain')}
      </button>
    </div>
  )
}
