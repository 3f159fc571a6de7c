/** Right / wrong marks for an answer or one observation; the analyst's mark updates the prior's n and n_valid. */
export function MarkButtons(props: { what: string; value: boolean | undefined; onMark: (correct: boolean) => void; testId?: string }) {
  const { what, value, onMark, testId } = props
  return (
    <span className="marks" role="group" aria-label={`mark ${what}`} data-testid={testId}>
      <button type="button" className={value === true ? 'on good' : ''} aria-pressed={value === true} onClick={() => onMark(true)} data-testid="mark-right">
        ✓ right
      </button>
      <button type="button" className={value === false ? 'on bad' : ''} aria-pressed={value === false} onClick={() => onMark(false)} data-testid="mark-wrong">
        ✗ wrong
      </button>
    </span>
  )
}
