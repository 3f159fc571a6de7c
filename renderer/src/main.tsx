/** Entry of the renderer: connect through whichever transport this page has, then render the app. */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { connect } from './transport'
import './styles.css'

const root = createRoot(document.getElementById('root')!)

// `rsure serve`'s printed address opened again in this tab changes only the fragment (the desk removed its token
// from the address bar), which browsers treat as a move inside the page, not a reload: the old page, its notices
// and its state would stay. Reload, so the address always opens the desk afresh with the token it carries.
window.addEventListener('hashchange', () => {
  if (/(?:^#|&)token=/.test(window.location.hash)) window.location.reload()
})

connect().then(
  (api) =>
    root.render(
      <StrictMode>
        <App api={api} />
      </StrictMode>,
    ),
  (err: Error) =>
    root.render(
      <div className="fatal" role="alert">
        <h1>RSure cannot connect</h1>
        <p>{err.message}</p>
      </div>,
    ),
)
