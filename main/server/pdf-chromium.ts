/**
 * PDF export in browser mode: the report's HTML printed by a headless Chromium (playwright-core driving Debian's
 * /usr/bin/chromium, or RSURE_CHROMIUM). Every request the page makes is refused (the report is self-contained,
 * so nothing is lost), and the browser is closed after each print.
 */
import fs from 'node:fs'
import type * as Playwright from 'playwright-core'

export const DEFAULT_CHROMIUM = '/usr/bin/chromium'

/** The Chromium this machine offers, or null. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string | null {
  const p = env.RSURE_CHROMIUM || DEFAULT_CHROMIUM
  return fs.existsSync(p) ? p : null
}

export async function printPdfWithChromium(html: string): Promise<Uint8Array> {
  const executablePath = chromiumPath()
  if (!executablePath)
    throw new Error(
      `PDF export needs Chromium at ${process.env.RSURE_CHROMIUM || DEFAULT_CHROMIUM} (apt-get install chromium, or set RSURE_CHROMIUM); export the HTML report instead`,
    )
  let playwright: typeof Playwright
  try {
    playwright = await import('playwright-core')
  } catch {
    throw new Error('PDF export needs the playwright-core package, which is not installed here; export the HTML report instead')
  }
  const browser = await playwright.chromium.launch({ executablePath, args: ['--no-sandbox'] })
  try {
    const page = await browser.newPage()
    await page.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()))
    await page.setContent(html, { waitUntil: 'load' })
    const pdf = await page.pdf({ format: 'A4', printBackground: true, margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' } })
    return new Uint8Array(pdf)
  } finally {
    await browser.close()
  }
}
