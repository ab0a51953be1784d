/** The modal's code and styles load on the visitor's first sign of intent, never with the page. */
export const loadModal = () => import('./Modal.tsx')
