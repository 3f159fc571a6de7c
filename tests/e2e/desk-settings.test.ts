/**
 * Issue 17, Settings in browser mode (`rsure serve` + Chromium):
 * - "Check what the model can do" runs the capability probe against the chosen OpenAI-compatible endpoint and shows
 *   each verdict with its sentence. The endpoint is a small server written here: it answers the tool request with a
 *   call to the offered function, the image with "Blue." (so it does not see the red square), and the schema
 *   request with {"answer":5}; the page must show tools yes, images no, JSON schema yes;
 * - the installed model packs are listed as `rsure models list --json` (the CLI, a separate process on the same
 *   data folder) lists them: the same ids and statuses;
 * - the data folder is an internal path: the header names no folder and Settings shows only its name and how it was
 *   chosen.
 */
import { spawnSync } from 'node:child_process'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDesk, ROOT, SHOTS, type Desk } from './rsure-serve'

let desk: Desk
let page: Page
let server: http.Server
let baseUrl = ''

function completion(message: Record<string, unknown>) {
  return {
    id: 'c1',
    object: 'chat.completion',
    created: 0,
    model: 'fake-vl',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: message.tool_calls ? 'tool_calls' : 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  }
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (d) => (body += d))
    req.on('end', () => {
      res.setHeader('content-type', 'application/json')
      if (req.url?.endsWith('/models')) return res.end(JSON.stringify({ object: 'list', data: [{ id: 'fake-vl', object: 'model' }] }))
      const r = JSON.parse(body || '{}') as { tools?: unknown[]; response_format?: unknown; messages?: { content: unknown }[] }
      const hasImage = JSON.stringify(r.messages ?? []).includes('image_url')
      if (r.tools?.length)
        return res.end(
          JSON.stringify(
            completion({ content: null, tool_calls: [{ id: 't1', type: 'function', function: { name: 'report_number', arguments: '{"n":7}' } }] }),
          ),
        )
      if (hasImage) return res.end(JSON.stringify(completion({ content: 'Blue.' })))
      if (r.response_format) return res.end(JSON.stringify(completion({ content: '{"answer":5}' })))
      res.end(JSON.stringify(completion({ content: 'hello' })))
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  desk = await openDesk('rsure-settings-e2e-')
  page = desk.page
}, 180_000)

afterAll(async () => {
  await desk?.close()
  await new Promise((r) => server?.close(r))
})

describe('Settings (rsure serve + Chromium)', () => {
  it("shows the capability probe's verdict for each capability of the chosen model", async () => {
    await page.click('[data-testid=tab-settings]')
    const settings = page.locator('[data-testid=settings]')
    // The stored settings arrive first (they set the picker); then the backbone is chosen.
    await settings.getByText('An API key is').waitFor({ timeout: 20_000 })
    await settings.locator('[data-testid=backbone]').selectOption('openai')
    await settings.locator('[aria-label="endpoint URL"]').fill(baseUrl)
    await settings.locator('[aria-label="model name"]').fill('fake-vl')
    await settings.locator('[data-testid=probe-capabilities]').click()
    const rows = settings.locator('[data-testid=capability]')
    await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(3)
    const verdicts = Object.fromEntries(await rows.evaluateAll((els) => els.map((e) => [e.getAttribute('data-capability'), e.getAttribute('data-verdict')])))
    expect(verdicts).toEqual({ tools: 'yes', images: 'no', jsonSchema: 'yes' })
    expect(await rows.nth(1).innerText()).toContain('Blue')
    await page.screenshot({ path: path.join(SHOTS, 'settings-probe.png') })
  })

  it('lists the installed model packs as `rsure models list` does', async () => {
    const cli = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'rsure.mjs'), 'models', 'list', '--json'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, RSURE_DATA_DIR: desk.dataDir },
    })
    expect(cli.status, cli.stderr).toBe(0)
    const listed = (JSON.parse(cli.stdout) as { id: string; status: string }[]).map((p) => `${p.id}:${p.status}`).sort()
    expect(listed.length).toBeGreaterThan(0)
    const rows = page.locator('[data-testid=model-pack]')
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(listed.length)
    const shown = (await rows.evaluateAll((els) => els.map((e) => `${e.getAttribute('data-id')}:${e.getAttribute('data-status')}`))).sort()
    expect(shown).toEqual(listed)
  })

  it('shows the data folder by its name and where it was chosen, never its full path (header and Settings)', async () => {
    await page.click('[data-testid=tab-settings]')
    const settings = page.locator('[data-testid=settings]')
    await settings.getByText('Runs, uploads and the prior are kept in').waitFor({ timeout: 20_000 })
    const header = await page.locator('[data-testid=connection]').innerText()
    expect(header).toMatch(/^v\S+ · browser mode$/)
    const text = await page.locator('body').innerText()
    for (const internal of [desk.dataDir, desk.dir]) expect(text).not.toContain(internal)
    const shown = settings.locator('fieldset', { hasText: 'Data folder' })
    expect(await shown.locator('code').innerText()).toBe(path.basename(desk.dataDir))
  })

  it('raised no page error', () => {
    expect(desk.pageErrors).toEqual([])
  })
})
