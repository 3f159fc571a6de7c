/** Entry of the renderer: connect through whichever transport this page has, then render the app. */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { connect } from './transport'
import './styles.css'

const root = createRoot(document.getElementById('root')!)

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
