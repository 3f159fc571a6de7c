// @vitest-environment happy-dom
/**
 * The prompt's "In context" line names the files the next question uses as their cards name them: two pictures of
 * one name (a LEVIR pair's A/ and B/ test_2_0000_0000.png) were both written 'test_2_0000_0000.png', the cards
 * showed ' (1)' and ' (2)'.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { FileEntry } from '../../../preload/contract'
import { pictureFiles, twinSuffix } from '../../../renderer/src/components/short-name'
import { PromptBox } from '../../../renderer/src/desk/prompt-box'
import { picture } from './synthetic-runs'

const noop = () => undefined

function inContext(files: FileEntry[], all: FileEntry[]): string {
  const html = renderToStaticMarkup(
    <PromptBox files={files} all={all} total={all.length} backbone={{ kind: 'rules' }} onBackbone={noop} running={false} onAsk={noop} onCancel={noop} />,
  )
  return new DOMParser().parseFromString(html, 'text/html').querySelector('.in-context')?.textContent ?? ''
}

describe('prompt box: files in context', () => {
  const a = picture('fa0001', '/levir/A/test_2_0000_0000.png', 256, 256)
  const b = picture('fb0002', '/levir/B/test_2_0000_0000.png', 256, 256)
  const c = picture('fc0003', '/levir/label/other.png', 256, 256)

  it('names twin pictures with the number their cards show', () => {
    const line = inContext([a, b, c], [a, b, c])
    expect(line).toContain('test_2_0000_0000.png (1), test_2_0000_0000.png (2), other.png')
    // The cards' own words, for the same list.
    expect([a, b].map((f) => `${f.name}${twinSuffix(pictureFiles([a, b, c]), f)}`)).toEqual(['test_2_0000_0000.png (1)', 'test_2_0000_0000.png (2)'])
  })

  it('counts the twin among the desk, not among the files asked (one twin left out keeps its number)', () => {
    expect(inContext([b, c], [a, b, c])).toContain('test_2_0000_0000.png (2), other.png')
    expect(inContext([c], [a, b, c])).toContain('(other.png)')
  })
})
