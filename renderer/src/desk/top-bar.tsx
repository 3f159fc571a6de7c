/** The window's top: the skip link to the question, the section tabs (Alt+1..4), the connection and the theme switch; below it, the notice. */
import type { ResponseOf } from '../../../preload/contract'
import type { Theme } from './settings-panel'
import type { Notice } from './use-desk-files'

export type Tab = 'desk' | 'history' | 'prior' | 'settings'
export const TABS: { id: Tab; label: string }[] = [
  { id: 'desk', label: 'Desk' },
  { id: 'history', label: 'History' },
  { id: 'prior', label: 'Prior' },
  { id: 'settings', label: 'Settings' },
]

export function TopBar(props: { tab: Tab; onTab: (t: Tab) => void; hello: ResponseOf<'app.hello'> | null; theme: Theme; onTheme: (t: Theme) => void }) {
  const { tab, onTab, hello, theme, onTheme } = props
  return (
    <>
      <a
        className="skip-link"
        href="#question"
        data-testid="skip-to-question"
        onClick={(e) => {
          e.preventDefault()
          onTab('desk')
          requestAnimationFrame(() => document.getElementById('question')?.focus())
        }}
      >
        Skip to the question
      </a>
      <header className="topbar">
        <h1>RSure</h1>
        <nav className="tabs" aria-label="sections">
          {TABS.map((t, i) => (
            <button
              key={t.id}
              type="button"
              className={tab === t.id ? 'on' : ''}
              aria-current={tab === t.id ? 'page' : undefined}
              onClick={() => onTab(t.id)}
              title={`Alt+${i + 1}`}
              data-testid={`tab-${t.id}`}
            >
              {t.label}
            </button>
          ))}
        </nav>
        <span className="muted connection" data-testid="connection">
          {hello ? `v${hello.version} · ${hello.transport === 'ipc' ? 'desktop' : 'browser mode'}` : 'connecting…'}
        </span>
        <button
          type="button"
          className="ghost"
          onClick={() => onTheme(theme === 'dark' ? 'light' : 'dark')}
          aria-label="switch light or dark theme"
          data-testid="theme"
        >
          {theme === 'dark' ? '☀' : '☾'}
        </button>
      </header>
    </>
  )
}

export function NoticeBar({ notice, onDismiss }: { notice: Notice | null; onDismiss: () => void }) {
  if (!notice) return null
  return (
    <p className={`notice ${notice.level}`} role="status" data-testid="notice" data-level={notice.level} title={notice.message}>
      <span>{notice.message}</span>
      <button type="button" className="ghost" onClick={onDismiss} aria-label="dismiss">
        ✕
      </button>
    </p>
  )
}
